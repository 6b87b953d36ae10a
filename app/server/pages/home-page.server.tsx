import { renderToStaticMarkup } from 'react-dom/server'
import { type Db } from '#db/database'
import { getDb } from '#db/connection'
import { HomePageContent } from '~/components/home-page'
import { SiteContext } from '~/lib/content/site-data'
import { homePageData } from '~/lib/home-page.server'
import { getSite } from '~/server/content/content.server'
import { homeHead } from '~/server/pages/page-heads.server'

/**
 * The home page rendered here, as HTML, with its head (fetchHomePage in app/lib/home-page.ts): the
 * page only renders, so it travels as the page's data and none of its components are part of its
 * JavaScript.
 */
export function renderHomePage(now = new Date(), db: Db = getDb()) {
  const { structuredData, ...content } = homePageData(now, db)
  return {
    html: renderToStaticMarkup(
      <SiteContext value={getSite()}>
        <HomePageContent {...content} />
      </SiteContext>,
    ),
    head: homeHead(structuredData),
  }
}
