import { createServerFn } from '@tanstack/react-start'

/**
 * What the home page shows besides its own words (home-page.server.ts). It comes with the page's
 * data rather than its script, so the text of every service and reference is not part of the
 * JavaScript a phone downloads on its first visit.
 */
export const fetchHomePage = createServerFn({ method: 'GET' }).handler(async () => {
  const { homePageData } = await import('./home-page.server')
  return homePageData()
})
