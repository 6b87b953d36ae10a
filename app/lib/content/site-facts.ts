import { createServerFn } from '@tanstack/react-start'

/** The root route's loader: read on the server for every page, imported only when it runs. */
export const fetchSiteFacts = createServerFn({ method: 'GET' }).handler(async () => {
  const [{ getSite }, { startHereLinks }] = await Promise.all([import('~/server/content/content.server'), import('~/server/blog/blog.server')])
  return { ...getSite(), startHere: startHereLinks() }
})
