import { createFileRoute, notFound } from '@tanstack/react-router'
import { NewsletterLinkPage, isLinkKind } from '~/components/blog/newsletter-pages'
import { fetchNewsletterPage } from '~/lib/newsletter-page'
import { headFromPageData } from '~/lib/seo'

/**
 * The links from the newsletter's e-mails: /nyhedsbrev/bekraeft/<token> (the confirmation) and
 * /nyhedsbrev/afmeld/<token> (every notice's unsubscribe link and List-Unsubscribe header). Opening
 * one (a mail scanner does) only shows a button; the POST acts. No same-site check: the mail
 * program's one-click POST (RFC 8058) comes from its own servers, and the token alone authorises.
 */
export const Route = createFileRoute('/nyhedsbrev/$handling/$token')({
  server: {
    handlers: {
      POST: async ({ request, params }) => {
        const { answerLinkPost } = await import('~/server/newsletter/newsletter-page.server')
        return answerLinkPost(request, params.handling, params.token)
      },
    },
  },
  loader: ({ params }) => {
    if (!isLinkKind(params.handling)) throw notFound()
    return fetchNewsletterPage()
  },
  // Never cached (its address has no cache key: canonical-url.server.ts).
  head: headFromPageData,
  component: () => <NewsletterLinkPage {...Route.useParams()} />,
})
