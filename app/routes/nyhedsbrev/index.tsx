import { createFileRoute } from '@tanstack/react-router'
import { NewsletterAnswer } from '~/components/blog/newsletter-pages'
import { type NewsletterStatus, isNewsletterStatus } from '~/lib/newsletter-status'
import { formPostsFromThisSite } from '~/lib/posts-from-this-site'
import { seo } from '~/lib/seo'

/**
 * "Få besked om nye artikler": the form on /blog and under each article posts here without
 * JavaScript (app/server/newsletter/newsletter-page.server.ts answers), and the page shows the
 * outcome it was redirected with.
 */
export const Route = createFileRoute('/nyhedsbrev/')({
  validateSearch: (search: Record<string, unknown>): { status?: NewsletterStatus } => ({ status: isNewsletterStatus(search.status) ? search.status : undefined }),
  server: {
    handlers: ({ createHandlers }) =>
      createHandlers({
        POST: {
          middleware: [formPostsFromThisSite],
          handler: async ({ request }) => {
            const { answerSignUpPost } = await import('~/server/newsletter/newsletter-page.server')
            return answerSignUpPost(request)
          },
        },
      }),
  },
  head: () => seo({ title: 'Få besked om nye artikler', description: 'Få en e-mail, når der kommer en ny artikel på bloggen.', path: '/nyhedsbrev', noindex: true }),
  component: NewsletterPage,
})

function NewsletterPage() {
  const { status } = Route.useSearch()
  return <NewsletterAnswer status={status} />
}
