import { renderToStaticMarkup } from 'react-dom/server'
import { untilTheConversation } from '~/lib/content/crisis-lines'
import { getCrisisLines } from '~/server/content/content.server'
import { CrisisHelpSentence } from '~/components/blog/crisis-lines'

/**
 * The booking pages' sentence about help that cannot wait, rendered here: it travels in the page as
 * its data, not with the crisis lines of every audience in the pages' JavaScript (1.2 kB gzip).
 */
export const untilTheConversationHtml = () => renderToStaticMarkup(<CrisisHelpSentence sentence={untilTheConversation(getCrisisLines())} />)
