import { createMiddleware } from '@tanstack/react-start'
import type { ContactDraft, ContactStatus } from '~/lib/contact'

/**
 * The middleware of /kontakt's plain form post after the CSRF check (posts-from-this-site.ts); the
 * handler is in routes/kontakt.tsx. Both are isomorphic: only the handler's work, in
 * contact-page.server.ts, is server code.
 */
const refusedStatus: Record<Exclude<ContactStatus, 'sendt' | 'modtaget'>, number> = {
  ugyldig: 422,
  'for-mange': 429,
  fejl: 503,
}

/**
 * The page rendered again for a refused post tells with its status what happened, and no cache
 * may keep it: it holds what one visitor typed.
 */
export const refusedPostStatus = createMiddleware().server(async ({ next }) => {
  const result = await next()
  const draft = (result.context as { contactDraft?: ContactDraft } | undefined)?.contactDraft
  if (!draft) return result
  const status = refusedStatus[draft.result.status as keyof typeof refusedStatus] ?? 422
  const headers = new Headers(result.response.headers)
  headers.set('Cache-Control', 'no-store')
  return { ...result, response: new Response(result.response.body, { status, headers }) }
})
