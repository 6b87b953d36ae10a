import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router'
import type { ReactElement, ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { SiteContext } from '~/lib/content/site-data'
import { getSite } from '~/server/content/content.server'

/** Elements inside a line of text: they join the words around them without a space of their own. */
const INLINE_TAG = /<\/?(a|abbr|b|code|em|i|mark|small|span|strong|sub|sup|time)\b[^>]*>/g

/**
 * The page's text as a visitor reads it: a block (paragraph, heading, item, cell) ends a line,
 * an inline element (a link, a <strong>) is part of its line, so a missing space shows; entities
 * and odd spaces made plain, one space between words.
 */
export const textOf = (html: string) =>
  html
    .replace(INLINE_TAG, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;|\u00a0/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/ ([,.:)])/g, '$1')
    .trim()

/** Every link of the markup as [text, href], in order. */
export const linksOf = (html: string) =>
  [...html.matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a>/g)].map(([, attributes, inner]) => [textOf(inner ?? ''), /href="([^"]*)"/.exec(attributes ?? '')?.[1] ?? ''] as const)

/** The opening tag of the first element whose attributes match `pattern` (a RegExp source). */
export const tagMatching = (html: string, pattern: string) => new RegExp(`<[a-z]+\\b[^>]*${pattern}[^>]*>`).exec(html)?.[0] ?? ''

/** The opening tag of the one element with this id, to read its attributes. */
export const tagWithId = (html: string, id: string) => new RegExp(`<[a-z]+\\b[^>]*\\bid="${id}"[^>]*>`).exec(html)?.[0] ?? ''

/** A component that reads the coach's facts (useSite), as the root document provides them. */
export const withSite = (element: ReactNode) => <SiteContext value={getSite()}>{element}</SiteContext>

/** What a route's head() returns: meta tags (with the JSON-LD blocks among them) and links. */
export type Head = { meta: Array<Record<string, any>>; links: Array<Record<string, string>> }
/** The root route's data (the coach's facts) comes first among the matches, as in the router. */
export const headOf = (route: { options: { head?: unknown } }, context: object = {}) => (route.options.head as (context: object) => Head)({ matches: [{ loaderData: getSite() }], ...context })
/** A meta tag's content, by its name or (Open Graph) property. */
export const metaOf = (head: Head, name: string): string | undefined => head.meta.find((tag) => tag.name === name || tag.property === name)?.content
export const titleOf = (head: Head): string | undefined => head.meta.find((tag) => 'title' in tag)?.title
/** The JSON-LD blocks of a head, in order. */
export const structuredDataOf = (head: Head) => head.meta.filter((tag) => 'script:ld+json' in tag).map((tag) => tag['script:ld+json'] as Record<string, any>)

/** What a file route's page needs from the router: its loader's data, the checked search and the path's params. */
type PageState = { loaderData?: unknown; search?: unknown; params?: unknown }
type FileRoute = { options: { component?: unknown }; useLoaderData: unknown; useSearch: unknown; useParams: unknown }

/**
 * A file route's page rendered as the server renders it, given what its loader returned: the
 * route's own hooks answer with `state` instead of asking a router, so a test needs no route tree,
 * database or request.
 */
export function renderPage(route: FileRoute, { loaderData, search = {}, params = {} }: PageState = {}) {
  Object.assign(route, { useLoaderData: () => loaderData, useSearch: () => search, useParams: () => params })
  const Page = route.options.component as () => ReactNode
  return renderToStaticMarkup(
    <SiteContext value={getSite()}>
      <Page />
    </SiteContext>,
  )
}

/** Components that read the address (the header's current page) rendered inside a real router at `path`. */
export async function renderAt(path: string, element: ReactElement) {
  const router = createRouter({
    routeTree: createRootRoute({ component: () => <SiteContext value={getSite()}>{element}</SiteContext> }),
    history: createMemoryHistory({ initialEntries: [path] }),
    isServer: true,
  })
  await router.load()
  return renderToStaticMarkup(<RouterProvider router={router} />)
}
