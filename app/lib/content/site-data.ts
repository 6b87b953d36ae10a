import { createContext, use } from 'react'
import type { ArticleLink } from '~/lib/content/article-lists'
import type { Site } from '~/lib/content/content-types'

/**
 * The coach's facts (content/site.yaml) reach the browser as the root route's data, never as
 * part of a script: the server reads the file while it runs, so a changed phone number is on the
 * next page without a build. The root document provides them to every component (useSite());
 * a route's head() reads them with siteOf().
 */
/**
 * The root route's data: her facts, and »Gode steder at begynde« with the articles' titles, which
 * the search's no-hit page and the 404 page offer (the 404 page has no loader of its own).
 */
export type SiteData = Site & { startHere?: ArticleLink[] }

export const SiteContext = createContext<SiteData | undefined>(undefined)

export function useSite(): SiteData {
  const site = use(SiteContext)
  if (!site) throw new Error('useSite() outside <SiteContext>: the root route provides it')
  return site
}

/** The root route's data among a head()'s matches (the root match comes first). */
export const siteOf = (matches: ReadonlyArray<{ loaderData?: unknown }>): Site => matches[0]?.loaderData as Site
