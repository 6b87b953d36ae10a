/// <reference types="vite/client" />
import { Outlet, createRootRoute, useLocation } from '@tanstack/react-router'
import { use, useEffect } from 'react'
import { ErrorPage, NotFound } from '~/components/lazy-pages'
import { BodyScripts, HeadTags } from '~/components/layout/document-assets'
import { SiteHeader } from '~/components/layout/site-header'
import { type SiteData, SiteContext } from '~/lib/content/site-data'
import { pageTitle } from '~/lib/seo'
import { ServerHtml, htmlOf } from '~/lib/server-html'
import appCss from '~/styles.css?url'
// The same file styles.css names in its @font-face, so the preload is the one the page uses.
import headingFont from '~/fonts/fraunces-latin-600-normal.woff2?url'

export const Route = createRootRoute({
  // The coach's facts (content/site.yaml), read while the server runs, and the footer rendered with
  // them: they come with every page as its data, and with the data kept for the life of the page
  // view (defaultStaleTime), never again.
  loader: ({ location }) =>
    import('~/lib/content/site-facts')
      .then(({ fetchSiteFacts }) => fetchSiteFacts({ data: location.pathname }))
      .then(({ site, footer }) => ({ site, footer: new ServerHtml('sidefod', footer) })),
  head: ({ loaderData }) => ({
    meta: [
      { charSet: 'utf-8' },
      { name: 'viewport', content: 'width=device-width, initial-scale=1' },
      { name: 'theme-color', content: '#24443a' },
      // Every page overrides these two; only the not-found page keeps them.
      { title: loaderData ? pageTitle('Siden blev ikke fundet', loaderData.site) : 'Siden blev ikke fundet' },
      { name: 'robots', content: 'noindex,follow' },
    ],
    links: [
      { rel: 'stylesheet', href: appCss },
      // Headings are the largest text above the fold: their font starts loading with the CSS.
      { rel: 'preload', href: headingFont, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
      // A PNG, not public/favicon.svg it is drawn from: Chrome builds a whole SVG document on the
      // page's main thread to draw an SVG icon (about 20 ms while the page loads on this machine).
      // public/apple-touch-icon.png, for phones' home screens, is found without a link.
      { rel: 'icon', href: '/favicon-48.png', type: 'image/png', sizes: '48x48' },
      { rel: 'alternate', type: 'application/rss+xml', title: 'Blog', href: '/rss.xml' },
    ],
  }),
  component: () => (
    <RootDocument facts={Route.useLoaderData()}>
      <Outlet />
    </RootDocument>
  ),
  notFoundComponent: NotFound,
  errorComponent: () => (
    <RootDocument facts={Route.useLoaderData()}>
      <ErrorPage />
    </RootDocument>
  ),
})

function RootDocument({ facts, children }: { facts: { site: SiteData; footer: ServerHtml } | undefined; children: React.ReactNode }) {
  const outer = use(SiteContext)
  const pathname = useLocation({ select: (location) => location.pathname })
  useEffect(() => markFooterLinks(pathname), [pathname])
  // The app's script loads after the first paint; this marks when the page has become interactive,
  // every part hydrated (the end-to-end tests wait for it before they test JavaScript behaviour).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  return (
    <html lang="da">
      <head>
        <HeadTags />
      </head>
      <body>
        <a
          href="#indhold"
          className="sr-only z-50 rounded-full bg-accent-800 px-5 py-3 text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:inline-flex focus:min-h-tap focus:items-center"
        >
          Spring til indhold
        </a>
        {/* The facts come from the root's data; a page that fails in a child route keeps them. */}
        <SiteContext value={facts?.site ?? outer}>
          <SiteHeader />
          <main id="indhold" tabIndex={-1} className="min-h-screen pt-(--nav-height) outline-none">
            {children}
          </main>
          {facts && <div className="contents" {...htmlOf(facts.footer)} />}
        </SiteContext>
        <BodyScripts />
      </body>
    </html>
  )
}

/**
 * The footer came rendered for the page the visit began on; after a navigation inside the app its
 * menu marks the page you are on now, as the header's does.
 */
function markFooterLinks(pathname: string) {
  for (const link of document.querySelectorAll('#sidefod nav a')) {
    if (link.getAttribute('href') === pathname) link.setAttribute('aria-current', 'page')
    else link.removeAttribute('aria-current')
  }
}
