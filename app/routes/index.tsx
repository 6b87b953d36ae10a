import { createFileRoute } from '@tanstack/react-router'
import { fetchHomePage } from '~/lib/home-page'
import { headFromPageData } from '~/lib/seo'
import { ServerHtml, htmlOf, withServerHead } from '~/lib/server-html'

export const Route = createFileRoute('/')({
  loader: () => fetchHomePage().then((page) => ({ ...withServerHead(page), html: new ServerHtml('forside', page.html) })),
  head: headFromPageData,
  component: HomePage,
})

/**
 * The home page as the server rendered it (HomePageContent, app/components/home-page.tsx): it only
 * renders, so it comes as HTML with the page's data. `display: contents`: the wrapper adds no box,
 * the page's sections are laid out as the children of <main> they were.
 */
function HomePage() {
  return <div className="contents" {...htmlOf(Route.useLoaderData().html)} />
}
