import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { FREE_FIRST_CONVERSATION } from '#content/first-conversation'
import { getAbout, getFaq, getReferences, getServices, pricesAreSamples as pricesAreSamplesNow, testimonialSource as testimonialSourceNow } from '~/server/content/content.server'
import { site } from '~/server/content/content.server'
import { HomePageContent, type HomePageContentProps } from '~/components/home-page'
import { Portrait } from '~/components/ui/portrait'
import { contactStatusText } from '~/lib/contact'
import { contactPageParts } from '~/lib/contact-page'
import { ServerHtml } from '~/lib/server-html'
import type { PortraitImage } from '~/lib/portrait-sizes'
import { Route as HomeRoute } from '~/routes/index'
import { Route as ContactRoute } from '~/routes/kontakt'
import { Route as AboutRoute } from '~/routes/om'
import { Route as PrivacyRoute } from '~/routes/privatlivspolitik'
import { Route as ReferencesRoute } from '~/routes/referencer'
import { Route as ServicesRoute } from '~/routes/ydelser'
import { contactPageTexts } from '~/server/pages/contact-texts.server'
import { aboutHead, contactHead, homeHead, privacyHead, referencesHead, servicesHead } from '~/server/pages/page-heads.server'
import { headOf, linksOf, metaOf, renderPage, structuredDataOf, tagWithId, textOf, titleOf, withSite } from '../render'

const { clients, testimonials } = getReferences()
const { processSteps, services } = getServices()
const pricesAreSamples = pricesAreSamplesNow()
const testimonialSource = testimonialSourceNow()


const portrait: PortraitImage = {
  width: 960,
  height: 1200,
  avif: [{ url: '/images/portrait-480.avif', width: 480 }, { url: '/images/portrait-960.avif', width: 960 }],
  webp: [{ url: '/images/portrait-480.webp', width: 480 }, { url: '/images/portrait-640.webp', width: 640 }, { url: '/images/portrait-960.webp', width: 960 }],
}

const contactData = (draft: object | null = null) => ({ draft, ...contactPageParts(contactPageTexts()) })

describe('the pages’ heads', () => {
  it('give each page its own description and canonical address', () => {
    const pages = [
      [homeHead({ '@type': 'ProfessionalService' }), '/', site.description],
      [aboutHead(), '/om', `Mød ${site.name}, certificeret coach i Fredericia siden ${site.foundingYear}. Læs om min baggrund, min tilgang og mine værdier: empati, vækst og balance.`],
      [servicesHead(), '/ydelser', 'Personlig udvikling, stresshåndtering, relationscoaching, karrierecoaching, ledercoaching samt foredrag og workshops – i Fredericia og online.'],
      [referencesHead(false), '/referencer', 'Virksomheder, skoler og privatpersoner, jeg har arbejdet med – og hvad de selv fortæller om coachingforløbet.'],
      [privacyHead(), '/privatlivspolitik', 'Sådan behandler jeg dine personoplysninger, når du besøger hjemmesiden, skriver til mig, booker en samtale eller bliver klient.'],
      [contactHead(getFaq()), '/kontakt', `Book en uforpligtende samtale med ${site.name}, certificeret coach i Fredericia. Skriv eller ring – jeg svarer inden for én hverdag.`],
    ] as const
    for (const [head, path, description] of pages) {
      expect(metaOf(head, 'description'), path).toBe(description)
      expect(head.links, path).toEqual([{ rel: 'canonical', href: expect.stringMatching(new RegExp(`^https?://[^/]+${path === '/' ? '/?' : path}$`)) }])
      expect(metaOf(head, 'robots'), path).toBe('index,follow')
    }
  })

  it('are the heads the server sent with each page’s data, and none without data', () => {
    const sent = { meta: [{ title: 'Siden' }], links: [] }
    for (const route of [HomeRoute, AboutRoute, ServicesRoute, ReferencesRoute, PrivacyRoute, ContactRoute]) {
      expect(headOf(route, { loaderData: { head: sent } }), route.id).toBe(sent)
      expect(headOf(route, { loaderData: undefined }), route.id).toEqual({})
    }
  })
})

describe('the portrait', () => {
  it('offers AVIF and WebP at every width, falls back to the largest WebP up to 640 px, and reserves its size', () => {
    const html = renderToStaticMarkup(withSite(<Portrait files={portrait} sizes="20rem" priority />))
    expect(html).toContain('<source type="image/avif" srcSet="/images/portrait-480.avif 480w, /images/portrait-960.avif 960w" sizes="20rem"/>')
    const image = /<img[^>]*>/.exec(html)?.[0] ?? ''
    expect(image).toContain('src="/images/portrait-640.webp"')
    expect(image).toContain('srcSet="/images/portrait-480.webp 480w, /images/portrait-640.webp 640w, /images/portrait-960.webp 960w"')
    expect(image).toContain('width="960"')
    expect(image).toContain('height="1200"')
    expect(image).toContain(`alt="${site.name}"`)
    expect(image).toContain('loading="eager"')
    expect(image).toContain('fetchPriority="high"')
    const lazy = /<img[^>]*>/.exec(renderToStaticMarkup(withSite(<Portrait files={portrait} sizes="20rem" />)))?.[0] ?? ''
    expect(lazy).toContain('loading="lazy"')
    expect(lazy).not.toContain('fetchPriority')
    // Only variants wider than 640 px: the smallest is the fallback.
    const wide = renderToStaticMarkup(withSite(<Portrait files={{ ...portrait, webp: [{ url: '/w-800.webp', width: 800 }, { url: '/w-960.webp', width: 960 }] }} sizes="20rem" />))
    expect(wide).toContain('src="/w-800.webp"')
    expect(renderToStaticMarkup(withSite(<Portrait files={undefined} sizes="20rem" />))).toBe('')
  })
})

describe('the home page', () => {
  const data: HomePageContentProps = {
    portrait,
    latestPosts: [{ slug: 'ro', title: 'Ro', description: 'Om ro.', imageUrl: '/images/blog/ro.webp', category: 'stress', publishedAt: '2025-09-18' }],
    specialties: [{ title: 'Stress', text: 'Ro i hverdagen.' }],
    quotes: testimonials.slice(0, 3),
    quotesSource: testimonialSource,
    about: { homeText: getAbout().homeText, quote: getAbout().quotes.home },
  }

  it('is the site’s own title, indexed, with the practice as structured data', () => {
    const head = homeHead({ '@type': 'ProfessionalService' })
    expect(titleOf(head)).toBe(site.tagline)
    expect(metaOf(head, 'robots')).toBe('index,follow')
    expect(structuredDataOf(head)).toEqual([{ '@type': 'ProfessionalService' }])
  })

  it('offers to book, to call and to read on, with the free first conversation and the portrait first', () => {
    const html = renderToStaticMarkup(withSite(<HomePageContent {...data} />))
    const text = textOf(html)
    expect(text).toContain('Balance i krop og sjæl')
    expect(text).toContain(FREE_FIRST_CONVERSATION)
    expect(linksOf(html)).toContainEqual([`Ring ${site.phone.display.replace(/\u00a0/g, ' ')}`, site.phone.href])
    // The phone link never breaks between its words.
    expect(html).toContain(`Ring\u00a0${site.phone.display}`)
    for (const link of [['Book en samtale', '/book-samtale'], ['Udforsk ydelser', '/ydelser'], ['Se alle referencer', '/referencer'], ['Læs mere om mig', '/om'], ['Se alle ydelser', '/ydelser'], ['Se alle artikler', '/blog'], ['Ro', '/blog/ro']]) {
      expect(linksOf(html)).toContainEqual(link)
    }
    expect(text).toContain(`Uddannet hos ${site.certifiedBy} og arbejder efter ${site.ethics}`)
    expect(text).toContain(`egen praksis i Fredericia siden ${site.foundingYear}`)
    expect(text).toContain('Stress Ro i hverdagen.')
    expect(text).toContain(testimonialSource)
    expect(html).toContain('role="note"')
    expect(/<img[^>]*>/.exec(html)?.[0]).toContain('fetchPriority="high"')
  })

  it('leaves out the newest articles while there are none', () => {
    const html = renderToStaticMarkup(withSite(<HomePageContent {...data} latestPosts={[]} />))
    expect(textOf(html)).not.toContain('Nyeste artikler')
    expect(linksOf(html)).not.toContainEqual(['Se alle artikler', '/blog'])
  })

  it('is shown as the HTML the server rendered, inside a wrapper that adds no box', () => {
    const html = renderPage(HomeRoute, { loaderData: { html: new ServerHtml('forside', '<section><h1>Balance i krop og sjæl</h1></section>') } })
    expect(html).toBe('<div class="contents" id="forside"><section><h1>Balance i krop og sjæl</h1></section></div>')
  })
})

describe('the pages about the coach', () => {
  it('/om introduces her with the portrait, her history and how to book', () => {
    const head = aboutHead()
    expect(titleOf(head)).toMatch(/^Om mig \| /)
    expect(metaOf(head, 'description')).toBe(`Mød ${site.name}, certificeret coach i Fredericia siden ${site.foundingYear}. Læs om min baggrund, min tilgang og mine værdier: empati, vækst og balance.`)
    const html = renderPage(AboutRoute, { loaderData: { portrait, about: getAbout() } })
    const text = textOf(html)
    expect(text).toContain(`Hej, jeg er ${site.name}`)
    expect(text).toContain('Kun hvis jeg frygter, at du eller en anden er i fare, siger jeg det videre')
    expect(text).toContain(`Certificeret coach, uddannet hos ${site.certifiedBy} i coaching og samtaleteknik`)
    expect(text).toContain(`egen praksis siden ${site.foundingYear}`)
    expect(text).toContain('Coaching er ikke terapi')
    expect(html).toContain('src="/images/portrait-640.webp"')
    expect(linksOf(html)).toContainEqual(['Book en samtale', '/book-samtale'])
    expect(linksOf(html)).toContainEqual(['Skriv til mig', '/kontakt'])
  })

  it('/ydelser shows every service with its length, price and a booking link named for it, and says when prices are examples', () => {
    expect(titleOf(servicesHead())).toMatch(/^Ydelser \| /)
    const html = renderPage(ServicesRoute, { loaderData: { pricesAreSamples: true, processSteps, services, packages: [], quote: getAbout().quotes.services } })
    const text = textOf(html)
    expect(text).toContain(FREE_FIRST_CONVERSATION)
    expect(text).toContain('Priserne herunder er eksempler, indtil de rigtige er sat ind.')
    for (const service of services) {
      expect(tagWithId(html, service.id)).toMatch(/^<li/)
      expect(text).toContain(`Varighed ${service.pricing.duration} Pris ${service.pricing.price}`)
      // Companies (a price »+ moms«) ask for an offer; private clients book the first conversation.
      const forCompanies = service.pricing.price.includes('+ moms')
      expect(text).toContain(forCompanies ? `Bed om et tilbud på ${service.title.toLowerCase()}` : `Book en samtale om ${service.title.toLowerCase()}`)
      // The card's buttons after its price: a session of its own first (booked, and paid, at its price), then the free first conversation.
      const afterPrice = html.indexOf('</dl>', html.indexOf(`id="${service.id}"`))
      const buttons = linksOf(html.slice(afterPrice, html.indexOf('</li>', afterPrice))).map(([, href]) => href)
      expect(buttons).toEqual(forCompanies ? ['/kontakt'] : [...(service.pricing.sessionTypeIds ?? []).map((id) => `/book/${id}`), '/book-samtale'])
      for (const feature of service.features) expect(text).toContain(feature)
    }
    // The shipped services name their paid sessions (tests/fixtures/content/ydelser.yaml, as content/ydelser.yaml).
    expect(services.flatMap((service) => service.pricing.sessionTypeIds ?? [])).toEqual(['coachingsamtale', 'parsamtale'])
    processSteps.forEach((step, index) => expect(text).toContain(`Trin ${index + 1}: ${step.title}`))
    // The numbers a sighted visitor reads beside the steps.
    expect([...html.matchAll(/aria-hidden="true">(\d+)<\/span>/g)].map((match) => Number(match[1]))).toEqual(processSteps.map((_, index) => index + 1))
    const real = textOf(renderPage(ServicesRoute, { loaderData: { pricesAreSamples: false, processSteps, services, packages: [], quote: getAbout().quotes.services } }))
    expect(real).not.toContain('eksempler')
    expect(typeof pricesAreSamples).toBe('boolean')
  })

  it('/referencer links clients that have a site, says where the testimonials come from, and that samples are samples', () => {
    expect(titleOf(referencesHead(false))).toMatch(/^Referencer \| /)
    const html = renderPage(ReferencesRoute, { loaderData: { clients, testimonials, testimonialSource, showsSamples: [...clients, ...testimonials].some((entry) => entry.sample) } })
    const text = textOf(html)
    for (const client of clients) {
      if (client.url) expect(linksOf(html)).toContainEqual([`${client.name} (åbner virksomhedens hjemmeside)`, client.url])
      else expect(text).toContain(client.name)
    }
    for (const testimonial of testimonials) expect(text).toContain(`»${testimonial.quote}«`)
    expect(text).toContain(testimonialSource)
    expect(text.includes('Siden er under opbygning: Navnene og udtalelserne herunder er eksempler')).toBe([...clients, ...testimonials].some((entry) => entry.sample))
    expect(metaOf(referencesHead(true), 'description')).toMatch(/Indtil da viser siden eksempler\.$/)
  })
})

describe('/kontakt', () => {
  it('is indexed, and its FAQ is the page’s structured data', () => {
    const head = contactData().head
    expect(titleOf(head)).toMatch(/^Kontakt \| /)
    expect(metaOf(head, 'robots')).toBe('index,follow')
    expect(metaOf(head, 'description')).toBe(`Book en uforpligtende samtale med ${site.name}, certificeret coach i Fredericia. Skriv eller ring – jeg svarer inden for én hverdag.`)
    const [page] = structuredDataOf(head)
    expect(page).toMatchObject({ '@context': 'https://schema.org', '@type': 'FAQPage' })
    expect(page!.mainEntity).toEqual(getFaq().map((item) => ({ '@type': 'Question', name: item.question, acceptedAnswer: { '@type': 'Answer', text: item.answer } })))
    expect(structuredDataOf(contactHead([]))[0]!.mainEntity).toEqual([])
  })

  it('keeps only the outcomes a post can be redirected with', () => {
    const validate = ContactRoute.options.validateSearch as unknown as (search: object) => object
    expect(validate({ status: 'sendt' })).toEqual({ status: 'sendt' })
    expect(validate({ status: 'hacket' })).toEqual({ status: undefined })
  })

  it('gives the ways to reach the coach before the form, and the help that cannot wait', () => {
    const html = renderPage(ContactRoute, { loaderData: contactData(), search: {} })
    for (const link of [['Find en ledig tid', '/book-samtale'], [site.email, `mailto:${site.email}`], [site.phone.display.replace(/\u00a0/g, ' '), site.phone.href], ['Se på kort', site.mapsUrl.replace(/&/g, '&amp;')]]) {
      expect(linksOf(html)).toContainEqual(link)
    }
    const text = textOf(html)
    expect(text).toContain(`${site.address.street} ${site.address.postalCode} ${site.address.city} Kun efter aftale`)
    expect(text).toContain(site.phoneHours)
    const phone = site.phone.display.replace(/\u00a0/g, ' ')
    expect(text).toContain(`Foretrækker du at ringe? Ring på ${phone} (${site.phoneHours.toLowerCase()}), eller skriv til ${site.email}. ${FREE_FIRST_CONVERSATION}`)
    // Both ways to reach her appear twice: beside the form, and again under the questions.
    expect(linksOf(html).filter((link) => link[1] === `mailto:${site.email}`)).toHaveLength(2)
    expect(linksOf(html).filter((link) => link[1] === site.phone.href)).toHaveLength(2)
    expect(text).toContain('Kontaktformularen er ikke beregnet til akut hjælp. Er der fare for liv, så ring 112.')
    expect(html).toContain('href="tel:112"')
    for (const item of getFaq()) expect(text).toContain(textOf(item.question))
    expect(text).toContain(FREE_FIRST_CONVERSATION)
    expect(html).not.toContain('role="alert"')
  })

  it('shows the outcome of a received post, and a refused post again with what was typed', () => {
    const sent = renderPage(ContactRoute, { loaderData: contactData(), search: { status: 'sendt' } })
    expect(textOf(sent)).toContain(contactStatusText.sendt)
    // A refused status in the address is not shown: only the server's own answer says why.
    expect(textOf(renderPage(ContactRoute, { loaderData: contactData(), search: { status: 'fejl' } }))).not.toContain(contactStatusText.fejl)
    const refused = renderPage(ContactRoute, {
      loaderData: contactData({ result: { status: 'ugyldig', fieldErrors: { email: 'Skriv en gyldig e-mail.' } }, values: { firstName: 'Anne', email: 'anne@' } }),
      search: {},
    })
    expect(textOf(refused)).toContain(contactStatusText.ugyldig)
    expect(tagWithId(refused, 'kontakt-firstName')).toContain('value="Anne"')
    expect(tagWithId(refused, 'kontakt-email')).toContain('aria-invalid="true"')
  })
})

describe('/privatlivspolitik', () => {
  it('shows the policy the server rendered, with the day it was last changed', () => {
    const head = privacyHead()
    expect(titleOf(head)).toMatch(/^Privatlivspolitik \| /)
    expect(metaOf(head, 'robots')).toBe('index,follow')
    const html = renderPage(PrivacyRoute, { loaderData: { updated: '2. januar 2026', html: new ServerHtml('politik', '<h2>Dataansvarlig</h2><p>Mig.</p>') } })
    expect(textOf(html)).toContain('Privatlivspolitik Sådan passer jeg på dine oplysninger. Senest opdateret 2. januar 2026.')
    expect(html).toContain('<h2>Dataansvarlig</h2><p>Mig.</p>')
  })
})
