import { createServerFn } from '@tanstack/react-start'

/** The newsletter pages' data: only their head, which the server builds (page-heads.server.ts). */
export const fetchNewsletterPage = createServerFn({ method: 'GET' }).handler(async () => {
  const { newsletterHead } = await import('~/server/pages/page-heads.server')
  return { head: newsletterHead() }
})
