import { getRequest, getRequestIP } from '@tanstack/react-start/server'
import type { ContactResult } from '~/lib/contact'
import { submitContact } from '~/server/contact.server'
import { log } from '~/server/log.server'

/**
 * The sender's address as srvx saw it: the socket's peer, or, behind the proxies named in
 * TRUST_PROXY, the address those proxies report. X-Forwarded-For is never taken on trust alone.
 */
export function clientIp() {
  return getRequestIP() ?? 'unknown'
}

/** Answers the JavaScript form with the result, and a plain form post with a redirect. */
export async function handleContactPost(form: FormData): Promise<ContactResult | Response> {
  let result: ContactResult
  try {
    result = await submitContact(form, { ip: clientIp() })
  } catch (error) {
    log('error', 'contact submission failed', { error: error instanceof Error ? error.message : String(error) })
    result = { status: 'fejl' }
  }
  if (getRequest().headers.get('x-tsr-serverfn') === 'true') return result

  // Only the outcome and the names of wrong fields go into the URL, never what the visitor wrote.
  const query = new URLSearchParams({ status: result.status })
  if (result.fieldErrors) query.set('felter', Object.keys(result.fieldErrors).join(','))
  return new Response(null, { status: 303, headers: { Location: `/kontakt?${query}#kontaktformular` } })
}
