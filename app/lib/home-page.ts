import { createServerFn } from '@tanstack/react-start'

/**
 * The home page, rendered on the server with what it shows (home-page.server.ts), and its head
 * (app/server/pages/home-page.server.tsx). It comes with the page's data rather than its script, so
 * neither the text of every service and reference nor the page's components are part of the
 * JavaScript a phone downloads on its first visit.
 */
export const fetchHomePage = createServerFn({ method: 'GET' }).handler(async () => {
  const { renderHomePage } = await import('~/server/pages/home-page.server')
  return renderHomePage()
})
