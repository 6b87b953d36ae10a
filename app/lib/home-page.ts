import { createServerFn } from '@tanstack/react-start'

/** Three quotes on the home page: enough to be believed, few enough to be read. */
const HOME_TESTIMONIALS = 3

/**
 * What the home page shows besides its own words: the portrait, the newest articles, the
 * specialties and a few testimonials. They come with the page's data rather than its script, so the text of every
 * service and reference is not part of the JavaScript a phone downloads on its first visit.
 */
export const fetchHomePage = createServerFn({ method: 'GET' }).handler(async () => {
  const [{ getLatestPosts }, { homeSpecialtyIds, services }, { showsSamples, testimonials }, { portraitForPage }] = await Promise.all([
    import('~/server/blog/blog.server'),
    import('#content/services'),
    import('#content/references'),
    import('~/server/images.server'),
  ])
  return {
    // Read while the server runs, so a new portrait needs no rebuild.
    portrait: portraitForPage(),
    latestPosts: getLatestPosts(3),
    specialties: services
      .filter((service) => (homeSpecialtyIds as readonly string[]).includes(service.id))
      .map((service) => ({ title: service.title, text: service.summary })),
    quotes: testimonials.slice(0, HOME_TESTIMONIALS),
    quotesAreSamples: showsSamples,
  }
})
