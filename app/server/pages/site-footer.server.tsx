import { renderToStaticMarkup } from 'react-dom/server'
import { SiteFooter } from '~/components/layout/site-footer'
import type { Site } from '~/lib/content/content-types'
import { SiteContext } from '~/lib/content/site-data'

/** The footer of every page, as HTML for the root's data (fetchSiteFacts), marked for the page it is rendered for. */
export const siteFooterHtml = (site: Site, pathname: string) =>
  renderToStaticMarkup(
    <SiteContext value={site}>
      <SiteFooter pathname={pathname} />
    </SiteContext>,
  )
