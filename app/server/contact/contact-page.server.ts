import { type ContactDraft, contactFields } from '~/lib/contact'
import { type ContactDeps, submitContact } from '~/server/contact/contact.server'
import { currentClientAddress } from '~/server/http/client-address.server'
import { errorFields, log } from '~/server/log.server'

/**
 * A plain form post to /kontakt (the form without JavaScript). A message that is received is
 * answered with a 303 to /kontakt carrying only the outcome. A refused one (a wrong field, too many
 * messages, an outage) is answered by the page itself, rendered again with every value and the
 * Danish field errors: nothing typed is lost, nothing personal goes into a URL, and no server state
 * or cookie is needed to carry it (reloading the answer asks to post again, as for any form post).
 */
export async function answerPlainContactPost(request: Request, deps: ContactDeps = {}): Promise<{ redirect: string } | { draft: ContactDraft }> {
  let form: FormData
  try {
    form = await request.formData()
  } catch {
    return { draft: { result: { status: 'fejl' }, values: {} } }
  }
  let draft: ContactDraft
  try {
    const result = await submitContact(form, { ...deps, ip: currentClientAddress() })
    if (result.status === 'sendt' || result.status === 'modtaget') return { redirect: `/kontakt?status=${result.status}#kontaktformular` }
    draft = { result, values: typedValues(form) }
  } catch (error) {
    log('error', 'contact message not stored', errorFields(error))
    draft = { result: { status: 'fejl' }, values: typedValues(form) }
  }
  return { draft }
}

/**
 * What was typed, as text, to be written back into the fields: all of it, even beyond a field's
 * bound (the error says so, and the visitor shortens it), since the body is capped at 64 KB anyway.
 */
function typedValues(form: FormData): ContactDraft['values'] {
  const values: ContactDraft['values'] = {}
  for (const field of contactFields) {
    const value = form.get(field)
    if (typeof value === 'string' && value !== '') values[field] = value
  }
  return values
}
