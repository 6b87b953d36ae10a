import { afterEach, describe, expect, it, vi } from 'vitest'
import { getReferences, getServices } from '~/server/content/content.server'

const { testimonials } = getReferences()
const { services } = getServices()
import { site } from '~/server/content/content.server'
import { homePageData } from '~/lib/home-page.server'
import { renderHomePage } from '~/server/pages/home-page.server'
import { insertPost, temporaryDatabase } from '../helpers'

const NOW = new Date('2025-10-01T12:00:00.000Z')
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString()

afterEach(() => {
  vi.unstubAllEnvs()
})

describe('the home page’s data', () => {
  it('shows the three newest published articles, newest first, by the injected clock', () => {
    const { db } = temporaryDatabase()
    insertPost(db, 'aeldst', 'life', daysAgo(40))
    insertPost(db, 'nyest', 'stress', daysAgo(1))
    insertPost(db, 'mellem', 'career', daysAgo(10))
    insertPost(db, 'naestnyest', 'life', daysAgo(5))
    insertPost(db, 'i-morgen', 'life', daysAgo(-1))

    expect(homePageData(NOW, db).latestPosts.map((post) => post.slug)).toEqual(['nyest', 'naestnyest', 'mellem'])
  })

  it('names the three specialties with their summaries, and the first three testimonials', () => {
    const { db } = temporaryDatabase()
    const data = homePageData(NOW, db)
    const service = (id: string) => services.find((entry) => entry.id === id)!
    expect(data.specialties).toEqual(
      ['personlig-udvikling', 'stresshaandtering', 'relationscoaching'].map((id) => ({ title: service(id).title, text: service(id).summary })),
    )
    expect(data.quotes).toEqual([testimonials[0], testimonials[1], testimonials[2]])
    // The testimonials ship as samples: the line beside them says so (markedsføringsloven § 6 b).
    expect(data.quotesSource).toBe('Udtalelserne er eksempler, ikke udtalelser fra rigtige klienter. De bliver erstattet af rigtige.')
    expect(data).toHaveProperty('portrait')
  })

  it('describes the practice to search engines as a local business in Fredericia, with the site’s own facts', () => {
    vi.stubEnv('SITE_URL', 'https://coach.example/')
    const { db } = temporaryDatabase()
    expect(homePageData(NOW, db).structuredData).toEqual({
      '@context': 'https://schema.org',
      '@type': 'ProfessionalService',
      name: site.tagline,
      description: site.description,
      url: 'https://coach.example/',
      image: 'https://coach.example/og/default.png',
      email: site.email,
      telephone: site.phone.display,
      foundingDate: `${site.foundingYear}`,
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
      sameAs: [site.profiles.linkedin, site.profiles.facebook],
      openingHoursSpecification: {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        opens: '09:00',
        closes: '17:00',
      },
    })
  })

  it('is rendered as HTML with the newest articles and the specialties, and its head carries the structured data', () => {
    const { db } = temporaryDatabase()
    insertPost(db, 'nyest', 'stress', daysAgo(1))
    const { html, head } = renderHomePage(NOW, db)
    expect(html).toContain('<h1 class="max-w-3xl text-5xl leading-tight text-white md:text-6xl">Balance i krop og sjæl</h1>')
    expect(html).toContain('href="/blog/nyest"')
    expect(html).toContain(services.find((service) => service.id === 'stresshaandtering')!.summary)
    expect(head.meta.find((tag) => 'title' in tag)?.title).toBe(site.tagline)
    expect(head.meta.filter((tag) => 'script:ld+json' in tag).map((tag) => tag['script:ld+json'])).toEqual([homePageData(NOW, db).structuredData])
  })
})
