import { Button } from '~/components/ui/button'
import type { DeskCard, DeskCardHolder } from '~/lib/desk/desk-data'
import { DeskForm, boxClass, fieldClass, linkClass } from './desk-parts'

/** The overview's list of clients with a klippekort and what each can still book. */
export function DeskCardHolders({ holders }: { holders: DeskCardHolder[] }) {
  if (holders.length === 0) return null
  return (
    <section aria-labelledby="klippekort" className={boxClass}>
      <h2 id="klippekort" className="text-2xl">
        Klippekort
      </h2>
      <ul className="mt-2 space-y-1">
        {holders.map((holder) => (
          <li key={holder.email}>
            <a href={`/coach/person?email=${encodeURIComponent(holder.email)}`} className={linkClass}>
              {`${holder.name}: ${holder.balance} klip tilbage${holder.cards > 1 ? ` (${holder.cards} kort)` : ''}`}
            </a>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** One client's klippekort on her person page: each purchase's balance and history, and one session added or removed with a reason. */
export function DeskCards({ cards, balance, email, formToken }: { cards: DeskCard[]; balance: number; email: string; formToken: string }) {
  if (cards.length === 0) return null
  return (
    <section aria-labelledby="klippekort" className={boxClass}>
      <h2 id="klippekort" className="text-2xl">
        Klippekort
      </h2>
      <p className="mt-2 font-medium" data-testid="klip-i-alt">{`I alt ${balance} klip tilbage`}</p>
      {cards.map((card) => (
        <div key={card.id} className="mt-4 border-t border-sand-200 pt-4">
          <h3 className="text-lg font-semibold">{`${card.name}: ${card.remaining} af ${card.total} klip tilbage`}</h3>
          <p className="text-ink-soft">{card.state}</p>
          <ul className="mt-2 list-disc pl-6 text-ink-soft">
            {card.ledger.map((row, index) => (
              <li key={index}>{`${row.at}: ${row.change} (${row.cause})`}</li>
            ))}
          </ul>
          <DeskForm formToken={formToken} action="klip" back="/coach/person" className="mt-3 space-y-3">
            <input type="hidden" name="kort" value={card.id} />
            <input type="hidden" name="email" value={email} />
            <label htmlFor={`grund-${card.id}`} className="block font-medium text-ink">
              Begrundelse (står i kortets historik)
            </label>
            <input id={`grund-${card.id}`} name="grund" type="text" required maxLength={200} className={fieldClass} />
            <div className="flex flex-wrap gap-3">
              <Button type="submit" name="aendring" value="plus" variant="outline">
                Tilføj et klip
              </Button>
              <Button type="submit" name="aendring" value="minus" variant="outline">
                Fjern et klip
              </Button>
            </div>
          </DeskForm>
        </div>
      ))}
    </section>
  )
}
