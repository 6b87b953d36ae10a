import type { NewsletterStatus } from '~/lib/newsletter-status'
import { type MailTransport, getMailTransport } from '~/server/mail/mail-transport.server'
import { currentClientAddress } from '~/server/http/client-address.server'
import { errorFields, log } from '~/server/log.server'
import { type Db } from '#db/database'
import { getDb } from '#db/connection'
import { confirmSubscription, signUpForNewsletter, unsubscribe } from '~/server/newsletter/newsletter.server'
import { deliverNewsletterEmails } from '~/server/newsletter/newsletter-mail.server'

/**
 * The newsletter's plain form posts, each answered with a 303 to /nyhedsbrev?status=…: nothing the
 * reader typed travels in the URL, and reloading the answer posts nothing again.
 */
/** The database and mail transport, given by the tests; the server's own otherwise. */
type Deps = { db?: Db; transport?: MailTransport; /** Runs what follows the answer (the e-mail); tests pass one to hold it. */ afterAnswer?: (work: () => Promise<unknown>) => void }

const answer = (status: NewsletterStatus) => new Response(null, { status: 303, headers: { Location: `/nyhedsbrev?status=${status}`, 'Cache-Control': 'no-store' } })

/** Delivery runs after the answer, never while the reader waits: how long it took would tell a new address from a known one. */
function deliverInBackground({ db = getDb(), transport = getMailTransport(), afterAnswer = (work) => void setImmediate(() => void work()) }: Deps) {
  afterAnswer(() => deliverNewsletterEmails({ db, transport }).catch((error: unknown) => log('error', 'newsletter delivery failed', errorFields(error))))
}

export async function answerSignUpPost(request: Request, deps: Deps = {}) {
  let status: NewsletterStatus
  try {
    status = signUpForNewsletter(await request.formData(), { ip: currentClientAddress(), db: deps.db })
  } catch (error) {
    log('error', 'newsletter sign-up not stored', errorFields(error))
    status = 'fejl'
  }
  if (status === 'tjek-din-mail') deliverInBackground(deps)
  return answer(status)
}

/** A POST to a link from an e-mail: /nyhedsbrev/bekraeft/<token> or /nyhedsbrev/afmeld/<token>. */
export async function answerLinkPost(request: Request, handling: string, token: string, deps: Deps = {}) {
  if (handling === 'afmeld') return answerUnsubscribePost(request, token, deps)
  if (handling !== 'bekraeft') return new Response('Siden findes ikke.', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } })
  try {
    return answer(confirmSubscription(token, { db: deps.db }))
  } catch (error) {
    log('error', 'newsletter confirmation not stored', errorFields(error))
    return answer('fejl')
  }
}

/**
 * The unsubscribe link's POST: the page's button, or the mail program's one-click request (RFC
 * 8058, body `List-Unsubscribe=One-Click`), which follows no redirect and is answered 200 itself.
 */
async function answerUnsubscribePost(request: Request, token: string, deps: Deps) {
  const oneClick = (await request.formData().catch(() => undefined))?.get('List-Unsubscribe') === 'One-Click'
  let status: NewsletterStatus
  try {
    status = await unsubscribe(token, { db: deps.db })
  } catch (error) {
    log('error', 'newsletter unsubscription failed', errorFields(error))
    status = 'fejl'
  }
  if (!oneClick) return answer(status)
  const done = status === 'afmeldt'
  return new Response(done ? 'Du er afmeldt.' : 'Afmeldingen lykkedes ikke. Prøv igen om lidt.', {
    status: done ? 200 : 503,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
  })
}
