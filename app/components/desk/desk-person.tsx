import { Button } from '~/components/ui/button'
import type { DeskPersonPage } from '~/lib/desk/desk-data'
import { DeskCards } from './desk-cards'
import { DeskForm, boxClass, linkClass } from './desk-parts'

/** Everything stored about one person: export it, or erase it after a confirmation step. */
export function DeskPerson({ person, formToken, confirming }: { person: DeskPersonPage; formToken: string; confirming: boolean }) {
  const back = '/coach/person'
  return (
    <>
      <div className={boxClass}>
        <h2 className="text-2xl">{`${person.name} (${person.email})`}</h2>
        <h3 className="mt-4 font-semibold">Bookinger</h3>
        {person.bookings.length === 0 ? (
          <p className="text-ink-soft">Ingen.</p>
        ) : (
          <ul className="list-disc pl-6">
            {person.bookings.map((booking) => (
              <li key={booking.code}>
                <a href={`/coach/booking/${booking.code}`} className={linkClass}>{`${booking.period} (${booking.status})`}</a>
                {booking.payment && <span className="text-ink-soft">{` · ${booking.payment}`}</span>}
              </li>
            ))}
          </ul>
        )}
        <h3 className="mt-4 font-semibold">Beskeder</h3>
        {person.messages.length === 0 ? (
          <p className="text-ink-soft">Ingen.</p>
        ) : (
          <ul className="list-disc pl-6">
            {person.messages.map((message) => (
              <li key={message.id}>
                <a href={`/coach/besked/${message.id}`} className={linkClass}>{`Besked modtaget ${message.received}`}</a>
              </li>
            ))}
          </ul>
        )}
      </div>

      <DeskCards cards={person.cards} balance={person.balance} email={person.email} formToken={formToken} />

      <DeskForm formToken={formToken} action="eksporter" back={back} className={boxClass}>
        <h2 className="text-2xl">Eksportér</h2>
        <p className="mt-2 text-ink-soft">Alt, hvad der er gemt om personen, som én JSON-fil, du kan sende til vedkommende.</p>
        <input type="hidden" name="email" value={person.email} />
        <Button type="submit" variant="outline" className="mt-4">
          Hent oplysningerne
        </Button>
      </DeskForm>

      {confirming ? (
        <DeskForm formToken={formToken} action="slet" back={back} className={boxClass}>
          <h2 className="text-2xl">Bekræft sletningen</h2>
          <p className="mt-2">
            {`Alt herover slettes og kan ikke hentes tilbage.${person.keptDocuments > 0 ? ` Kun personens ${person.keptDocuments === 1 ? 'kvittering' : `${person.keptDocuments} kvitteringer og kreditnotaer`} gemmes, fordi bogføringsloven kræver det – i fem år efter udgangen af det regnskabsår, de hører til.` : ''}${person.upcoming > 0 ? ` ${person.upcoming === 1 ? 'Den kommende samtale' : `De ${person.upcoming} kommende samtaler`} aflyses først, og personen får besked om aflysningen.` : ''}`}
          </p>
          <input type="hidden" name="email" value={person.email} />
          <input type="hidden" name="bekraeft" value="ja" />
          <Button type="submit" variant="destructive" className="mt-4">
            Ja, slet alt om personen
          </Button>
          <a href={`/coach/person?email=${encodeURIComponent(person.email)}`} className={`${linkClass} ml-4`}>
            Fortryd
          </a>
        </DeskForm>
      ) : (
        <p>
          <a href={`/coach/person?email=${encodeURIComponent(person.email)}&slet=ja`} className={linkClass}>
            Slet alt om personen …
          </a>
        </p>
      )}
    </>
  )
}
