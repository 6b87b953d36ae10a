import { createServerFn } from '@tanstack/react-start'
import { ServerHtml, withServerHead } from '~/lib/server-html'

/** What /kontakt shows besides its form (see app/server/pages/contact-texts.server.tsx). */
export const fetchContactPageTexts = createServerFn({ method: 'GET' }).handler(async () => {
  const { contactPageTexts } = await import('~/server/pages/contact-texts.server')
  return contactPageTexts()
})

type ContactPageTexts = Awaited<ReturnType<typeof fetchContactPageTexts>>

/** The texts as the page renders them: each rendered part in the element it was rendered for, and the head (app/lib/server-html.ts). */
export const contactPageParts = ({ heroHtml, detailsHtml, questionsHtml, ...texts }: ContactPageTexts) => ({
  ...withServerHead(texts),
  hero: new ServerHtml('kontakt-top', heroHtml),
  details: new ServerHtml('kontakt-oplysninger', detailsHtml),
  questions: new ServerHtml('kontakt-spoergsmaal', questionsHtml),
})
