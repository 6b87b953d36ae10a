import { createServerFn } from '@tanstack/react-start'

/**
 * The contact form's endpoint. With JavaScript the form calls it and gets a ContactResult; a
 * plain HTML form posts to its `url` and is answered with a 303 back to /kontakt.
 */
export const sendContactMessage = createServerFn({ method: 'POST' })
  .validator(formDataOnly)
  .handler(async ({ data }) => {
    const { handleContactPost } = await import('~/server/contact/contact-endpoint.server')
    return handleContactPost(data)
  })

/** The input check of every server function a form posts to: form data, or a 415 with a Danish text. */
export function formDataOnly(data: unknown): FormData {
  if (!(data instanceof FormData)) {
    throw new Response('Formularen skal sendes som formulardata.', {
      status: 415,
      headers: { 'Content-Type': 'text/plain; charset=utf-8' },
    })
  }
  return data
}
