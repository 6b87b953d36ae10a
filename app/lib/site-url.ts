import { createIsomorphicFn } from '@tanstack/react-start'

/**
 * The public origin for canonical URLs and preview images. The server reads SITE_URL; in the
 * browser (client-side navigation) the page's own origin is the public one.
 */
export const getSiteUrl = createIsomorphicFn()
  .server(() => (process.env.SITE_URL ?? 'http://localhost:3000').replace(/\/+$/, ''))
  .client(() => window.location.origin)
