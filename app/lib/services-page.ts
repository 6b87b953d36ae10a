import { createServerFn } from '@tanstack/react-start'

/**
 * The services, their prices and the four steps: they come with the page's data rather than its
 * script, so their text is not part of the JavaScript a phone downloads on its first visit.
 */
export const fetchServicesPage = createServerFn({ method: 'GET' }).handler(async () => {
  const { pricesAreSamples, processSteps, services } = await import('#content/services')
  return { pricesAreSamples, processSteps, services }
})
