import { createServerFn } from '@tanstack/react-start'

/** /referencer's clients and testimonials (content/referencer.yaml, read while the server runs): page data, not script. */
export const fetchReferencesPage = createServerFn({ method: 'GET' }).handler(async () => {
  const [{ getReferences, referencesShowSamples, testimonialSource }, { referencesHead }] = await Promise.all([import('~/server/content/content.server'), import('~/server/pages/page-heads.server')])
  const references = getReferences()
  const showsSamples = referencesShowSamples(references)
  return { clients: references.clients, testimonials: references.testimonials, showsSamples, testimonialSource: testimonialSource(references), head: referencesHead(showsSamples) }
})
