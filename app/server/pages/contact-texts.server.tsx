import { renderToStaticMarkup } from 'react-dom/server'
import { notForAcuteHelp } from '~/lib/content/crisis-lines'
import { CrisisHelpSentence } from '~/components/blog/crisis-lines'
import { getCrisisLines, getFaq } from '~/server/content/content.server'

/**
 * The contact page's texts that only render (the FAQ, the line about acute help): they travel in
 * the page as its data, not in the JavaScript of the page and of every other page (the FAQ is also
 * the page's structured data, which its head builds from the same data).
 */
export function contactPageTexts() {
  return { faq: getFaq(), notForAcuteHelpHtml: renderToStaticMarkup(<CrisisHelpSentence sentence={notForAcuteHelp(getCrisisLines())} />) }
}
