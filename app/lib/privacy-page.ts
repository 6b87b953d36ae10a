import { createServerFn } from '@tanstack/react-start'

/** The privacy policy, rendered on the server (see app/server/pages/privacy-page.server.tsx). */
export const fetchPrivacyPage = createServerFn({ method: 'GET' }).handler(async () => {
  const { renderPrivacyPage } = await import('~/server/pages/privacy-page.server')
  return renderPrivacyPage()
})
