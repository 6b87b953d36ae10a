import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'

// Start's compiler gives each server function its address (`url`: TSS_SERVER_FN_BASE + an id);
// Vitest does not run the compiler, so the modules that define them are stood in for by functions
// with the addresses the compiler would give (the last test only).
const compiled = (...names: string[]) => Object.fromEntries(names.map((name) => [name, { url: `/_serverFn/${name}-id` }]))
vi.mock('~/lib/about-page', () => compiled('fetchAboutPage'))
vi.mock('~/lib/blog-queries', () => compiled('fetchArticle', 'fetchBlogIndex', 'fetchBlogSearch'))
vi.mock('~/lib/booking/booking-actions', () => compiled('bookTime', 'changeBooking', 'fetchBookingWeek', 'fetchChosenSlot', 'fetchManagedBooking'))
vi.mock('~/lib/payments/payment-actions', () => compiled('actOnOrder', 'bookSession', 'fetchOrderPage', 'fetchSessionSlot', 'fetchSessionWeek', 'fetchTermsPage'))
vi.mock('~/lib/payments/package-actions', () => compiled('actOnKlippekort', 'fetchKlippekortPage'))
vi.mock('~/lib/contact-action', () => compiled('sendContactMessage'))
vi.mock('~/lib/desk/desk-functions', () => compiled('actOnDesk', 'fetchDeskPage', 'requestDeskLink', 'signInToDesk', 'uploadToDesk'))
vi.mock('~/lib/contact-page', () => compiled('fetchContactPageTexts'))
vi.mock('~/lib/home-page', () => compiled('fetchHomePage'))
vi.mock('~/lib/newsletter-page', () => compiled('fetchNewsletterPage'))
vi.mock('~/lib/privacy-page', () => compiled('fetchPrivacyPage'))
vi.mock('~/lib/services-page', () => compiled('fetchServicesPage'))
vi.mock('~/lib/references-page', () => compiled('fetchReferencesPage'))
vi.mock('~/lib/content/site-facts', () => compiled('fetchSiteFacts'))

// The guard refuses every /_serverFn/ address it does not know, and the addresses come from Start's
// compiler, which Vitest does not run. So the server functions are found in the source of app/, and
// the list is loaded with the stand-ins above: a server function defined in app/ but missing from
// server-functions.server.ts is refused in the browser (a link inside the site then shows the error
// page), which only a click-through test would notice otherwise. (The list is not read as source:
// under Stryker that file is instrumented and reformatted.)
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(entry.name) ? [path] : []
  })
}

describe('the list of server functions the guard lets through', () => {
  const defined = sourceFiles('app').flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/export const (\w+) = createServerFn\(/g)].map((match) => match[1]!))

  it('finds the server functions in the source', () => {
    expect(defined).toEqual(expect.arrayContaining(['sendContactMessage', 'fetchBlogIndex', 'bookTime']))
  })

  it('names every server function the site defines, and nothing else', async () => {
    const { serverFunctionPaths } = await import('~/server/http/server-functions.server')
    const listed = [...serverFunctionPaths].map((path) => /^\/_serverFn\/(\w+)-id$/.exec(path ?? '')?.[1])
    expect(listed.sort()).toEqual([...defined].sort())
  })

  it('lets through the address of each of them, as the guard compares it with a request’s path', async () => {
    const { serverFunctionPaths } = await import('~/server/http/server-functions.server')
    expect([...serverFunctionPaths].sort()).toEqual(
      [
        '/_serverFn/actOnDesk-id',
        '/_serverFn/actOnKlippekort-id',
        '/_serverFn/actOnOrder-id',
        '/_serverFn/bookSession-id',
        '/_serverFn/bookTime-id',
        '/_serverFn/changeBooking-id',
        '/_serverFn/fetchAboutPage-id',
        '/_serverFn/fetchArticle-id',
        '/_serverFn/fetchBlogIndex-id',
        '/_serverFn/fetchBlogSearch-id',
        '/_serverFn/fetchBookingWeek-id',
        '/_serverFn/fetchChosenSlot-id',
        '/_serverFn/fetchContactPageTexts-id',
        '/_serverFn/fetchDeskPage-id',
        '/_serverFn/fetchHomePage-id',
        '/_serverFn/fetchKlippekortPage-id',
        '/_serverFn/fetchManagedBooking-id',
        '/_serverFn/fetchNewsletterPage-id',
        '/_serverFn/fetchOrderPage-id',
        '/_serverFn/fetchPrivacyPage-id',
        '/_serverFn/fetchReferencesPage-id',
        '/_serverFn/fetchServicesPage-id',
        '/_serverFn/fetchSessionSlot-id',
        '/_serverFn/fetchSessionWeek-id',
        '/_serverFn/fetchSiteFacts-id',
        '/_serverFn/fetchTermsPage-id',
        '/_serverFn/requestDeskLink-id',
        '/_serverFn/sendContactMessage-id',
        '/_serverFn/signInToDesk-id',
        '/_serverFn/uploadToDesk-id',
      ],
    )
  })

  it('lets only the desk’s cover photo have a body larger than 64 KB', async () => {
    const { largeBodyLimits } = await import('~/server/http/server-functions.server')
    expect([...largeBodyLimits]).toEqual([['/_serverFn/uploadToDesk-id', 16 * 1024 * 1024]])
  })
})
