import { describe, expect, it } from 'vitest'
import { fetchAboutPage } from '~/lib/about-page'
import { fetchContactPageTexts } from '~/lib/contact-page'
import { fetchHomePage } from '~/lib/home-page'
import { fetchNewsletterPage } from '~/lib/newsletter-page'
import { fetchPrivacyPage } from '~/lib/privacy-page'
import { fetchServicesPage } from '~/lib/services-page'
import { loadedAfresh } from '../helpers'

// Six pages get their texts (or only their head) from a server function; a visitor who follows a link to one of them
// has the browser call it with the method it is made with. With any other method than GET (an empty
// one is not even valid, so the browser's fetch throws) the visitor gets the page without its texts.
// The method is set when the module loads, so the modules are also loaded afresh in the test (as a
// new server or browser would): Stryker can then try its mutants. Only these six modules: their
// handlers, which load the server code, are not called here.
describe('the pages’ server functions', () => {
  it('are asked for with GET', async () => {
    expect([fetchAboutPage, fetchHomePage, fetchServicesPage, fetchContactPageTexts, fetchPrivacyPage, fetchNewsletterPage].map((fn) => fn.method)).toEqual(['GET', 'GET', 'GET', 'GET', 'GET', 'GET'])
    const afresh = [
      (await loadedAfresh<typeof import('~/lib/about-page')>('~/lib/about-page')).fetchAboutPage.method,
      (await loadedAfresh<typeof import('~/lib/home-page')>('~/lib/home-page')).fetchHomePage.method,
      (await loadedAfresh<typeof import('~/lib/services-page')>('~/lib/services-page')).fetchServicesPage.method,
      (await loadedAfresh<typeof import('~/lib/contact-page')>('~/lib/contact-page')).fetchContactPageTexts.method,
      (await loadedAfresh<typeof import('~/lib/privacy-page')>('~/lib/privacy-page')).fetchPrivacyPage.method,
      (await loadedAfresh<typeof import('~/lib/newsletter-page')>('~/lib/newsletter-page')).fetchNewsletterPage.method,
    ]
    expect(afresh).toEqual(['GET', 'GET', 'GET', 'GET', 'GET', 'GET'])
  })
})
