import { createServerFn } from '@tanstack/react-start'

/** Only a path of this site, within reason, names the page the footer is marked for. */
export const toPagePath = (path: unknown) => (typeof path === 'string' && path.startsWith('/') && path.length <= 500 ? path : '/')

/**
 * The root route's loader: the coach's facts and the footer rendered with them, read on the server
 * for every page, imported only when it runs.
 */
export const fetchSiteFacts = createServerFn({ method: 'GET' })
  .validator(toPagePath)
  .handler(async ({ data: pathname }) => {
    const [{ getSite }, { siteFooterHtml }] = await Promise.all([import('~/server/content/content.server'), import('~/server/pages/site-footer.server')])
    const site = getSite()
    return { site, footer: siteFooterHtml(site, pathname) }
  })
