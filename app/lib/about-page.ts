import { createServerFn } from '@tanstack/react-start'

/** The portrait's current files: read while the server runs, so a new portrait needs no rebuild. */
export const fetchAboutPage = createServerFn({ method: 'GET' }).handler(async () => {
  const { portraitForPage } = await import('~/server/images.server')
  return { portrait: portraitForPage() }
})
