import { createFileRoute } from '@tanstack/react-router'
import { NewsletterLinkPage } from '~/components/blog/newsletter-form'
import { formPostsFromThisSite } from '~/lib/posts-from-this-site'
import { seo } from '~/lib/seo'

/** The confirmation link from the e-mail. Opening it (a mail scanner does) only shows a button; the POST confirms. */
export const Route = createFileRoute('/nyhedsbrev/bekraeft/$token')({
  server: {
    handlers: ({ createHandlers }) =>
      createHandlers({
        POST: {
          middleware: [formPostsFromThisSite],
          handler: async ({ params }) => {
            const { answerConfirmPost } = await import('~/server/newsletter/newsletter-page.server')
            return answerConfirmPost(params.token)
          },
        },
      }),
  },
  headers: () => ({ 'Cache-Control': 'no-store' }),
  // The token must not travel in a canonical link or anywhere else.
  head: () => seo({ title: 'Bekræft din tilmelding', description: 'Bekræft, at du vil have besked om nye artikler.', path: '/nyhedsbrev', noindex: true }),
  component: () => <NewsletterLinkPage kind="bekraeft" token={Route.useParams().token} />,
})
