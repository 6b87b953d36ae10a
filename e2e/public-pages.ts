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

/** The public pages, with a time of /book-samtale/<tidspunkt> read from /book-samtale when it offers one. */
export async function publicPagePaths(request: APIRequestContext) {
  const html = await (await request.get('/book-samtale')).text()
  const time = /href="(\/book-samtale\/[^"?#]+)"/.exec(html)?.[1]
  return time ? [...PUBLIC_PAGE_PATHS, time] : PUBLIC_PAGE_PATHS
}
