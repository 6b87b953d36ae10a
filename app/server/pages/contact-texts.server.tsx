import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { notForAcuteHelp } from '~/lib/content/crisis-lines'
import { ContactDetails, ContactHero, ContactQuestions } from '~/components/contact/contact-page-texts'
import { SiteContext } from '~/lib/content/site-data'
import { getCrisisLines, getFaq, getSite } from '~/server/content/content.server'
import { contactHead } from '~/server/pages/page-heads.server'

/**
 * The contact page's parts that only render (its hero, the ways to reach the coach with the line
 * about acute help, the FAQ and the phone), rendered here: they travel in the page as its data, not
 * in the JavaScript of the page and of every other page. The FAQ is also the page's structured data,
 * in its head, built here from the same list.
 */
export function contactPageTexts() {
  const site = getSite()
  const faq = getFaq()
  const html = (element: ReactNode) => renderToStaticMarkup(<SiteContext value={site}>{element}</SiteContext>)
  return {
    heroHtml: html(<ContactHero />),
    detailsHtml: html(<ContactDetails acuteHelp={notForAcuteHelp(getCrisisLines())} />),
    questionsHtml: html(<ContactQuestions faq={faq} />),
    head: contactHead(faq),
  }
}
