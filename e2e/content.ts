import { getFaq, getReferences, getServices, getSite } from '../app/server/content/content.server.ts'

/** The coach's facts as the server under test reads them (content/, through the same loader). */
export const site = getSite()
export const { services } = getServices()
export const references = getReferences()
export const faq = getFaq()
