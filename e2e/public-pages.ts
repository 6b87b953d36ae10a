import type { APIRequestContext } from '@playwright/test'

/**
 * Every public page type of app/routes (all but /coach), with the addresses a visitor meets: the
 * first-load budget and the desk-free check load each. Routes that answer no page (healthz,
 * robots.txt, rss.xml, sitemap.xml, kalender/<fil>.ics) load no script and are left out.
 */
export const PUBLIC_PAGE_PATHS = [
  '/',
  '/om',
  '/ydelser',
  '/blog',
  '/blog?side=2',
  '/blog?kategori=stress',
  '/blog?q=stress',
  '/blog?q=ingenting-her',
  '/blog/stress-er-ikke-svaghed',
  '/referencer',
  '/kontakt',
  '/privatlivspolitik',
  '/book-samtale',
  '/nyhedsbrev?status=tjek-din-mail',
  '/nyhedsbrev/afmeld/ukendt-token-0000000000000000000',
  '/booking/ukendt-token-00000000000000000000',
  '/siden-findes-ikke',
]

/** The first address in `path`'s page that `pattern` finds (its first group), if any. */
export async function linkIn(request: APIRequestContext, path: string, pattern: RegExp) {
  return pattern.exec(await (await request.get(path)).text())?.[1]
}

/**
 * The public pages, with a time of /book-samtale/<tidspunkt> read from /book-samtale when it offers
 * one, and, where the content has paid sessions, the terms, an order page, a session's times and
 * one of its times.
 */
export async function publicPagePaths(request: APIRequestContext) {
  const time = await linkIn(request, '/book-samtale', /href="(\/book-samtale\/[^"?#]+)"/)
  const session = await linkIn(request, '/ydelser', /href="(\/book\/[a-z0-9-]+)"/)
  const sessionTime = session && (await linkIn(request, session, /href="(\/book\/[a-z0-9-]+\/[^"?#]+)"/))
  const paid = session ? ['/vilkaar', '/ordre/ukendt-token-000000000000000000000', session, ...(sessionTime ? [sessionTime] : [])] : []
  return [...PUBLIC_PAGE_PATHS, ...(time ? [time] : []), ...paid]
}
