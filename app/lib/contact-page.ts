import { createServerFn } from '@tanstack/react-start'

/** What /kontakt shows besides its form (see app/server/pages/contact-texts.server.tsx). */
export const fetchContactPageTexts = createServerFn({ method: 'GET' }).handler(async () => {
  const { contactPageTexts } = await import('~/server/pages/contact-texts.server')
  return contactPageTexts()
})
