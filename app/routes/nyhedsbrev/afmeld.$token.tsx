import { createFileRoute } from '@tanstack/react-router'
import { NewsletterLinkPage } from '~/components/blog/newsletter-form'
import { seo } from '~/lib/seo'

/**
 * The unsubscribe link of every notice (also its List-Unsubscribe header). Opening it only shows a
 * button; a POST unsubscribes without signing in. No same-site check: the mail program's one-click
 * POST (RFC 8058) comes from its own servers, and the token is what authorises it.
 */
export const Route = createFileRoute('/nyhedsbrev/afmeld/$token')({
  server: {
    handlers: {
      POST: async ({ request, params }) => {
        const { answerUnsubscribePost } = await import('~/server/newsletter/newsletter-page.server')
        return answerUnsubscribePost(request, params.token)
      },
    },
  },
  headers: () => ({ 'Cache-Control': 'no-store' }),
  head: () => seo({ title: 'Afmeld besked om nye artikler', description: 'Afmeld e-mails om nye artikler.', path: '/nyhedsbrev', noindex: true }),
  component: () => <NewsletterLinkPage kind="afmeld" token={Route.useParams().token} />,
})
