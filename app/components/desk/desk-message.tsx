import { Button } from '~/components/ui/button'
import type { DeskMessage as Message } from '~/lib/desk/desk-data'
import { DeskForm, boxClass, linkClass } from './desk-parts'

/** One contact message, opened (and so read); »håndteret« when she has answered it. */
export function DeskMessage({ message, formToken }: { message: Message; formToken: string }) {
  // The phone is optional in the form: a message without one has no phone row.
  const phone = message.phone.trim()
  const rows: Array<[string, React.ReactNode]> = [
    ['Modtaget', message.received],
    ['E-mail', <a href={`mailto:${message.email}`} className={linkClass}>{message.email}</a>],
    ...(phone ? [['Telefon', <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} className={linkClass}>{phone}</a>] as [string, React.ReactNode]] : []),
    ['Type ydelse', message.service],
    ['Adresse', message.address],
  ]
  return (
    <>
      <div className={boxClass}>
        <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-medium">{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-4 whitespace-pre-line">{message.text}</p>
      </div>
      {message.handled ? (
        <p className="text-ink-soft">Beskeden er håndteret.</p>
      ) : (
        <DeskForm formToken={formToken} action="haandteret" back={`/coach/besked/${message.id}`}>
          <input type="hidden" name="besked" value={message.id} />
          <Button type="submit">Markér som håndteret</Button>
        </DeskForm>
      )}
      <p className="text-ink-soft">{`Beskeden slettes automatisk ${message.deletedOn}.`}</p>
      {!message.becameClient && (
        <DeskForm formToken={formToken} action="blev-klient" back={`/coach/besked/${message.id}`}>
          <input type="hidden" name="besked" value={message.id} />
          <Button type="submit" variant="secondary">{`Blev klient – gem beskeden i ${message.clientRetentionDays} dage`}</Button>
        </DeskForm>
      )}
      <p>
        <a href={`/coach/person?email=${encodeURIComponent(message.email)}`} className={linkClass}>
          Alt om personen (eksport og sletning)
        </a>
      </p>
    </>
  )
}
