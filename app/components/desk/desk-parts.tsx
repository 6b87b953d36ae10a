import { Button } from '~/components/ui/button'
import { deskProblems, deskStatusText, isDeskStatus } from '~/lib/desk/desk-data'
import { actOnDesk, requestDeskLink, uploadToDesk } from '~/lib/desk/desk-functions'
import { cn } from '~/lib/utils'

/** The shared pieces of the desk's pages: its frame, the outcome of a post, the sign-in and the action forms. */

export const linkClass = 'inline-flex min-h-tap items-center font-medium text-accent-700 underline underline-offset-4'
export const fieldClass = 'block min-h-tap w-full rounded-xl border border-sand-500 bg-white px-4 py-2 text-base text-ink'
export const boxClass = 'rounded-2xl border border-sand-200 bg-white p-4 shadow-sm sm:p-6'

/** `status`: the word from the address; only the desk's own statuses are shown. */
export function DeskFrame({ title, status: word, children }: { title: string; status?: string; children: React.ReactNode }) {
  const status = isDeskStatus(word) ? word : undefined
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-8">
      <p className="eyebrow text-accent-700">Dit skrivebord</p>
      <h1 className="mt-1 text-3xl sm:text-4xl">{title}</h1>
      {status && (
        <div
          id="status"
          role={deskProblems.has(status) ? 'alert' : 'status'}
          className={cn(
            'mt-6 rounded-2xl border p-4 font-medium',
            deskProblems.has(status) ? 'border-danger-700/30 bg-danger-50 text-danger-700' : 'border-success-700/30 bg-success-50 text-success-700',
          )}
        >
          {deskStatusText[status]}
        </div>
      )}
      <div className="mt-6 space-y-8">{children}</div>
    </div>
  )
}

/** A desk post: the session's form token, the action and where to come back to, with the fields given; `photo`: a form with a photo, to the address that takes one. */
export function DeskForm({ formToken, action, back, children, className, photo }: { formToken: string; action: string; back: string; children: React.ReactNode; className?: string; photo?: boolean }) {
  return (
    <form method="post" action={photo ? uploadToDesk.url : actOnDesk.url} encType={photo ? 'multipart/form-data' : undefined} className={className}>
      <input type="hidden" name="formular" value={formToken} />
      <input type="hidden" name="handling" value={action} />
      <input type="hidden" name="tilbage" value={back} />
      {children}
    </form>
  )
}

/** Without a session every desk address shows this: an e-mail address, and a link is sent when it is the coach's. */
export function SignIn({ destination }: { destination: string }) {
  return (
    <form method="post" action={requestDeskLink.url} className={boxClass}>
      <h2 className="text-2xl">Log ind</h2>
      <p className="mt-2 text-ink-soft">Skriv din e-mailadresse. Er det skrivebordets adresse, får du et link, der logger dig ind. Linket virker i 15 minutter og kun én gang.</p>
      <input type="hidden" name="til" value={destination} />
      <label htmlFor="log-ind-email" className="mt-4 block font-medium text-ink">
        E-mail
      </label>
      <input id="log-ind-email" name="email" type="email" required autoComplete="email" maxLength={254} className={`mt-1.5 ${fieldClass}`} />
      <Button type="submit" className="mt-4">
        Send mig et link
      </Button>
    </form>
  )
}

/** At the foot of every signed-in page. */
export function SignOut({ formToken, back }: { formToken: string; back: string }) {
  return (
    <div className="flex flex-wrap gap-4 border-t border-sand-200 pt-6">
      <DeskForm formToken={formToken} action="log-ud" back={back}>
        <Button type="submit" variant="outline">
          Log ud
        </Button>
      </DeskForm>
      <DeskForm formToken={formToken} action="log-ud-overalt" back={back}>
        <Button type="submit" variant="outline">
          Log ud på alle enheder
        </Button>
      </DeskForm>
    </div>
  )
}
