import { renderToStaticMarkup } from 'react-dom/server'
import { notForAcuteHelp } from '#content/crisis-lines'
import { faq } from '#content/faq'
import { CrisisHelpSentence } from '~/components/blog/crisis-lines'
import { contactHead } from '~/server/pages/page-heads.server'

/**
 * The contact page's texts that only render (the FAQ, the line about acute help): they travel in
 * the page as its data, not in the JavaScript of the page and of every other page (the FAQ is also
 * the page's structured data, in its head, built here from the same list).
 */
export function contactPageTexts() {
  return { faq, notForAcuteHelpHtml: renderToStaticMarkup(<CrisisHelpSentence sentence={notForAcuteHelp} />), head: contactHead(faq) }
}
