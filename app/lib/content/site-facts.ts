import { createServerFn } from '@tanstack/react-start'

/** Only a path of this site, within reason, names the page the footer is marked for. */
export const toPagePath = (path: unknown) => (typeof path === 'string' && path.startsWith('/') && path.length <= 500 ? path : '/')

/**
 * The root route's loader, read on the server for every page, imported only when it runs: the
 * coach's facts with »Gode steder at begynde« (her list, with the articles' titles), and the footer
 * rendered with them.
 */
export const fetchSiteFacts = createServerFn({ method: 'GET' })
  .validator(toPagePath)
  .handler(async ({ data: pathname }) => {
    const [{ getSite }, { startHereLinks }, { siteFooterHtml }] = await Promise.all([
      import('~/server/content/content.server'),
      import('~/server/blog/blog.server'),
      import('~/server/pages/site-footer.server'),
    ])
    const site = getSite()
    return { site: { ...site, startHere: startHereLinks() }, footer: siteFooterHtml(site, pathname) }
  })
