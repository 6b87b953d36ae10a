import { createContext, use } from 'react'
import type { Site } from '~/lib/content/content-types'

/**
 * The coach's facts (content/site.yaml) reach the browser as the root route's data, never as
 * part of a script: the server reads the file while it runs, so a changed phone number is on the
 * next page without a build. The root document provides them to every component (useSite());
 * a route's head() reads them with siteOf().
 */
export const SiteContext = createContext<Site | undefined>(undefined)

export function useSite(): Site {
  const site = use(SiteContext)
  if (!site) throw new Error('useSite() outside <SiteContext>: the root route provides it')
  return site
}

/** The root route's data among a head()'s matches (the root match comes first). */
export const siteOf = (matches: ReadonlyArray<{ loaderData?: unknown }>): Site => matches[0]?.loaderData as Site
