import { type Db } from '#db/database'
import { getDb } from '#db/connection'
import { getAbout, getReferences, getServices, getSite, testimonialSource } from '~/server/content/content.server'
import { absoluteUrl } from '~/lib/seo'
import { getLatestPosts } from '~/server/blog/blog.server'
import { portraitForPage } from '~/server/images.server'

/** Three quotes on the home page: enough to be believed, few enough to be read. */
const HOME_TESTIMONIALS = 3

/**
 * What the home page shows besides its own words (fetchHomePage in home-page.ts): the portrait,
 * the newest articles, the specialties and a few testimonials, and the page's structured data.
 */
export function homePageData(now = new Date(), db: Db = getDb()) {
  const { services, homeSpecialtyIds } = getServices()
  const references = getReferences()
  const site = getSite()
  const about = getAbout()
  return {
    // Read while the server runs, so a new portrait needs no rebuild.
    portrait: portraitForPage(),
    latestPosts: getLatestPosts(3, now, db),
    specialties: services
      .filter((service) => homeSpecialtyIds.includes(service.id))
      .map((service) => ({ title: service.title, text: service.summary })),
    quotes: references.testimonials.slice(0, HOME_TESTIMONIALS),
    quotesSource: testimonialSource(references),
    // Her own words (content/om.md): the »Om mig« paragraph and the quotation signed with her name.
    about: { homeText: about.homeText, quote: about.quotes.home },
    // The page's structured data, for its head (app/server/pages/home-page.server.tsx).
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
}
