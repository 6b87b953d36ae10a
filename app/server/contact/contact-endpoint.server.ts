import { getRequest, setResponseStatus } from '@tanstack/react-start/server'
import type { ContactResult } from '~/lib/contact'
import { currentClientAddress } from '~/server/http/client-address.server'
import { type ContactDeps, submitContact } from '~/server/contact/contact.server'
import { errorFields, log } from '~/server/log.server'

/**
 * Answers the JavaScript form with the result, and a plain form post with a redirect. A message
 * that could not be stored is an outage: the JavaScript form gets a 503 (and shows its error),
 * a plain post the error status on /kontakt; never a "received".
 */
export async function handleContactPost(form: FormData, deps: ContactDeps = {}): Promise<ContactResult | Response> {
  const request = getRequest()
  let result: ContactResult
  try {
    result = await submitContact(form, { ...deps, ip: currentClientAddress() })
  } catch (error) {
    log('error', 'contact message not stored', errorFields(error))
    result = { status: 'fejl' }
  }
  if (request.headers.get('x-tsr-serverfn') === 'true') {
    if (result.status === 'fejl') setResponseStatus(503)
    return result
  }
  // Only the outcome and the names of wrong fields go into the URL, never what the visitor wrote.
  const query = new URLSearchParams({ status: result.status })
  if (result.fieldErrors) query.set('felter', Object.keys(result.fieldErrors).join(','))
  return new Response(null, { status: 303, headers: { Location: `/kontakt?${query}#kontaktformular` } })
}
