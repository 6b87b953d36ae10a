import { render } from '@react-email/render'
import { eq } from 'drizzle-orm'
import { site } from '~/server/content/content.server'
import type { Db } from '#db/database'
import { outbox } from '#db/schema'
import { BookingEmail } from '~/emails/booking-email'
import { LINK_LIFETIME_MS, coachSignInAddress, decideSignInLink } from '~/server/desk/desk-auth.server'
import { deskUrl } from '~/server/links/links.server'
import { sender } from '~/server/mail/addresses.server'
import type { MailTransport } from '~/server/mail/mail-transport.server'
import { type Clock, systemClock } from '~/server/outbox/outbox.server'
import { type Handler, runOutbox } from '~/server/outbox/worker.server'

/**
 * The sign-in link's e-mail, made by the outbox's worker after the answer. Why here and not before
 * the answer: the request does the same work for every address (count the sender, queue one row),
 * so neither its bytes nor its time tell a stranger whose address it is; and the row holds no token:
 * the token is made by the worker at the moment it sends, kept in the e-mail only, its SHA-256 in
 * desk_links. A retry makes a new link (the provider's idempotency key keeps a lost send from
 * arriving twice); a request older than a link's lifetime is not sent at all.
 */
export function deskLinkHandler(transport: MailTransport): Handler {
  return {
    noun: 'desk link',
    async run(row, { db, clock }) {
      const decision = decideSignInLink(db, row, clock())
      if (!decision.send) return { status: 'skipped', reason: decision.reason }
      const element = BookingEmail({
        preview: 'Dit link til skrivebordet',
        heading: 'Log ind på dit skrivebord',
        paragraphs: [
          `Linket virker i ${LINK_LIFETIME_MS / 60_000} minutter og kun én gang. Åbn det, og tryk på »Log ind«.`,
          'Har du ikke selv bedt om det, kan du se bort fra denne e-mail: uden linket kommer ingen ind.',
        ],
        link: { label: 'Log ind', href: deskUrl(`/coach/link/${decision.token}`) },
        closing: ['Sendt fra din hjemmeside'],
      })
      const [html, text] = await Promise.all([render(element), render(element, { plainText: true })])
      // The row's random key: no two requests share an outbox file, and the file name tells nothing of the link.
      await transport.send({ idempotencyKey: row.idempotencyKey, to: coachSignInAddress(), from: sender(), subject: `Log ind på skrivebordet – ${site.name}`, html, text })
      return { status: 'sent', deliveredBy: transport.name }
    },
  }
}

/** Carries out one request's row (after the answer), or every due one when no key is given. */
export const deliverDeskLinks = ({ db, transport, clock = systemClock, key }: { db: Db; transport: MailTransport; clock?: Clock; key?: string }) =>
  runOutbox({ db, handlers: { 'desk-link': deskLinkHandler(transport) }, clock, where: key === undefined ? undefined : eq(outbox.idempotencyKey, key) })
