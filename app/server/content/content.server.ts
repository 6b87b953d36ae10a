import { FREE_FIRST_CONVERSATION } from '#content/first-conversation'
import type { About, FaqEntry, References, Services, Site } from '~/lib/content/content-types'
import type { ArticleClosingText, FirstPersonStory } from '~/lib/content/article-lists'
import type { CrisisLineSet } from '~/lib/content/crisis-lines'
import type { Category } from '~/lib/categories'
import type { PrivacyFacts } from '~/lib/content/privacy-facts'
import { checkYaml, contentValue, defineContentFile } from '~/server/content/content-file.server'
import { privacyFileSchema } from '~/server/content/privacy-schema.server'
import { articleClosingsFileSchema, firstPersonStoriesFileSchema, startHereFileSchema } from '~/server/content/article-lists-schema.server'
import { publishedArticleSlugs } from '~/server/content/article-slugs.server'
import { checkAboutText, crisisLinesFileSchema, faqFileSchema, referencesFileSchema, servicesFileSchema, siteFileSchema } from '~/server/content/content-schemas.server'

/**
 * The coach's files, each read while the server runs (content-file.server.ts). The only names a
 * form or a command can reach: the desk maps its form ids onto these, never onto a path.
 */
export const siteFile = defineContentFile<Site>({ name: 'site.yaml', check: (text) => checkYaml('site.yaml', text, siteFileSchema) })
export const servicesFile = defineContentFile<Services>({ name: 'ydelser.yaml', check: (text) => checkYaml('ydelser.yaml', text, servicesFileSchema) })
export const referencesFile = defineContentFile<References>({ name: 'referencer.yaml', check: (text) => checkYaml('referencer.yaml', text, referencesFileSchema) })
export const aboutFile = defineContentFile<About>({ name: 'om.md', check: (text) => checkAboutText('om.md', text) })
export const faqFile = defineContentFile<FaqEntry[]>({ name: 'faq.yaml', check: (text) => checkYaml('faq.yaml', text, faqFileSchema) })
export const crisisLinesFile = defineContentFile<CrisisLineSet>({ name: 'kriselinjer.yaml', check: (text) => checkYaml('kriselinjer.yaml', text, crisisLinesFileSchema) })

export const privacyFile = defineContentFile<PrivacyFacts>({ name: 'privatliv.yaml', check: (text) => checkYaml('privatliv.yaml', text, privacyFileSchema) })

export const startHereFile = defineContentFile<string[]>({
  name: 'gode-steder-at-begynde.yaml',
  check: (text) => checkYaml('gode-steder-at-begynde.yaml', text, startHereFileSchema()),
  checkAgainstSite: (text) => checkYaml('gode-steder-at-begynde.yaml', text, startHereFileSchema(publishedArticleSlugs())),
})
export const articleClosingsFile = defineContentFile<Record<Category, ArticleClosingText>>({
  name: 'artikelafslutninger.yaml',
  check: (text) => checkYaml('artikelafslutninger.yaml', text, articleClosingsFileSchema),
})
export const firstPersonStoriesFile = defineContentFile<FirstPersonStory[]>({
  name: 'egne-ord.yaml',
  check: (text) => checkYaml('egne-ord.yaml', text, firstPersonStoriesFileSchema()),
  checkAgainstSite: (text) => checkYaml('egne-ord.yaml', text, firstPersonStoriesFileSchema(publishedArticleSlugs())),
})

export const getSite = () => contentValue(siteFile)
export const getServices = () => contentValue(servicesFile)
export const getReferences = () => contentValue(referencesFile)
export const getCrisisLines = () => contentValue(crisisLinesFile)
export const getPrivacy = () => contentValue(privacyFile)
/** The slugs of »Gode steder at begynde«, in her order (the pages look up their titles). */
export const getStartHereSlugs = () => contentValue(startHereFile)
export const getArticleClosings = () => contentValue(articleClosingsFile)
export const getFirstPersonStories = () => contentValue(firstPersonStoriesFile)
/** The contact page's questions, with the sentence about the free first conversation put in. */
export const getFaq = (): FaqEntry[] => contentValue(faqFile).map((entry) => ({ ...entry, answer: entry.answer.replace(/\{\{\s*foerste_samtale\s*\}\}/g, FREE_FIRST_CONVERSATION) }))

/** {{navn}}, {{fornavn}}, {{certificering}}, {{startaar}} and {{by}} in om.md: her facts from site.yaml, as in an article. */
export function fillSiteFacts(text: string, site: Site = getSite()) {
  const facts: Record<string, string> = { navn: site.name, fornavn: site.name.split(' ')[0]!, certificering: site.certifiedBy, startaar: String(site.foundingYear), by: site.address.city }
  return text.replace(/\{\{\s*([a-zæøå]+)\s*\}\}/g, (whole, key: string) => facts[key] ?? whole)
}

export function getAbout(): About {
  const about = contentValue(aboutFile)
  const site = getSite()
  const fill = (text: string) => fillSiteFacts(text, site)
  return {
    ...about,
    heroTitle: fill(about.heroTitle),
    heroIntro: fill(about.heroIntro),
    story: about.story.map(fill),
    pillars: about.pillars.map((pillar) => ({ title: fill(pillar.title), text: fill(pillar.text) })),
    experience: about.experience.map(fill),
    homeText: fill(about.homeText),
    quotes: { home: fill(about.quotes.home), about: fill(about.quotes.about), services: fill(about.quotes.services) },
  }
}

/** True while /ydelser would show a price that is only an example. */
export const pricesAreSamples = (services: Services = getServices()) => services.services.some((service) => service.pricing.sample)

/** The line next to the testimonials: that they are examples, or how the coach checks them. */
export const testimonialSource = ({ testimonials, testimonialCheck }: References = getReferences()) =>
  testimonials.some((testimonial) => testimonial.sample) ? 'Udtalelserne er eksempler, ikke udtalelser fra rigtige klienter. De bliver erstattet af rigtige.' : testimonialCheck.text

/** True while /referencer would show anything invented. */
export const referencesShowSamples = ({ clients, testimonials }: References = getReferences()) => [...clients, ...testimonials].some((entry) => entry.sample)

/**
 * The coach's facts as they are now, for the server's own code (e-mails, feeds, the calendar, the
 * seed): every property is read from the file in force at the moment it is used, so a saved change
 * reaches the next e-mail without a restart. The pages get the same facts as their data.
 */
export const site: Site = new Proxy({} as Site, {
  get: (_target, key) => Reflect.get(getSite(), key),
  has: (_target, key) => Reflect.has(getSite(), key),
  ownKeys: () => Reflect.ownKeys(getSite()),
  getOwnPropertyDescriptor: (_target, key) => ({ ...Reflect.getOwnPropertyDescriptor(getSite(), key), configurable: true }),
})
