import { createServerFn } from '@tanstack/react-start'

/** Three quotes on the home page: enough to be believed, few enough to be read. */
const HOME_TESTIMONIALS = 3

/**
 * What the home page shows besides its own words: the portrait, the newest articles, the
 * specialties and a few testimonials, and the page's structured data. They come with the page's
 * data rather than its script, so the text of every service and reference is not part of the
 * JavaScript a phone downloads on its first visit.
 */
export const fetchHomePage = createServerFn({ method: 'GET' }).handler(async () => {
  const [{ getLatestPosts }, { homeSpecialtyIds, services }, { showsSamples, testimonials }, { portraitForPage }, { site }, { absoluteUrl }] = await Promise.all([
    import('~/server/blog/blog.server'),
    import('#content/services'),
    import('#content/references'),
    import('~/server/images.server'),
    import('#content/site'),
    import('~/lib/seo'),
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
    // The page's structured data: built here, so it is not part of every page's JavaScript.
    structuredData: {
      '@context': 'https://schema.org',
      '@type': 'ProfessionalService',
      name: site.tagline,
      description: site.description,
      url: absoluteUrl('/'),
      image: absoluteUrl('/og/default.png'),
      email: site.email,
      telephone: site.phone.display,
      foundingDate: String(site.foundingYear),
      founder: { '@type': 'Person', name: site.name, jobTitle: 'Certificeret coach' },
      address: {
        '@type': 'PostalAddress',
        streetAddress: site.address.street,
        postalCode: site.address.postalCode,
        addressLocality: site.address.city,
        addressCountry: site.address.country,
      },
      geo: { '@type': 'GeoCoordinates', latitude: site.geo.latitude, longitude: site.geo.longitude },
      areaServed: ['Fredericia', 'Vejle', 'Kolding', 'Danmark'],
      sameAs: Object.values(site.profiles),
      openingHoursSpecification: {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        opens: '09:00',
        closes: '17:00',
      },
    },
  }
})
