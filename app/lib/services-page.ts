import { createServerFn } from '@tanstack/react-start'

/**
 * The services, their prices and the four steps (content/ydelser.yaml, read while the server runs), and her quotation (content/om.md): they come with the page's data rather than its
 * script, so their text is not part of the JavaScript a phone downloads on its first visit.
 */
export const fetchServicesPage = createServerFn({ method: 'GET' }).handler(async () => {
  const [{ getAbout, getServices, pricesAreSamples }, { servicesHead }, { packageSummaries }] = await Promise.all([
    import('~/server/content/content.server'),
    import('~/server/pages/page-heads.server'),
    import('~/server/payments/package-pages.server'),
  ])
  const { services, processSteps } = getServices()
  return { pricesAreSamples: pricesAreSamples(), processSteps, services, packages: packageSummaries(), quote: getAbout().quotes.services, head: servicesHead() }
})
