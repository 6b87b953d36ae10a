import { Button } from '~/components/ui/button'
import type { DeskOverview } from '~/lib/desk/desk-data'
import { DeskForm, boxClass } from './desk-parts'

/**
 * What the site could not send (e-mails, changes in her calendar), from the one outbox: shown only
 * when something gave up or waits for a retry. The button revives what gave up; the site sends it.
 */
export function DeskUndelivered({ undelivered, formToken }: { undelivered: DeskOverview['undelivered']; formToken: string }) {
  if (undelivered.failed.length === 0 && undelivered.retrying === 0) return null
  return (
    <section aria-labelledby="ikke-sendt" className={boxClass}>
      <h2 id="ikke-sendt" className="text-2xl">
        Ikke sendt endnu
      </h2>
      {undelivered.retrying > 0 && <p className="mt-2">{`${undelivered.retrying} ting prøves igen af sig selv om lidt.`}</p>}
      {undelivered.failed.length > 0 && (
        <>
          <p className="mt-2">Det her er opgivet efter ti forsøg:</p>
          <ul className="mt-2 list-disc pl-6">
            {undelivered.failed.map((effect, index) => (
              <li key={index}>{`${effect.what} fra ${effect.queued}${effect.error ? ` – ${effect.error}` : ''}`}</li>
            ))}
          </ul>
          <DeskForm formToken={formToken} action="send-igen" back="/coach" className="mt-3">
            <Button type="submit">Prøv igen nu</Button>
          </DeskForm>
        </>
      )}
    </section>
  )
}
