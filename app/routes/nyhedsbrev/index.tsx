import { createFileRoute } from '@tanstack/react-router'
import { NewsletterAnswer } from '~/components/blog/newsletter-pages'
import { formPostsFromThisSite } from '~/lib/posts-from-this-site'
import { fetchNewsletterPage } from '~/lib/newsletter-page'
import { headFromPageData } from '~/lib/seo'

/**
 * "Få besked om nye artikler": the form on /blog and under each article posts here without
 * JavaScript (app/server/newsletter/newsletter-page.server.ts answers), and the page shows the
 * outcome it was redirected with.
 */
export const Route = createFileRoute('/nyhedsbrev/')({
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
  loader: () => fetchNewsletterPage(),
  head: headFromPageData,
  component: NewsletterPage,
})

/**
 * No validateSearch: every route's options are in the script each page loads (the first-load
 * budget), so the page checks `status` against the known outcomes itself, in its own chunk. The
 * canonical address keeps only `status` (app/server/http/canonical-url.server.ts).
 */
function NewsletterPage() {
  const { status } = Route.useSearch() as { status?: unknown }
  return <NewsletterAnswer status={status} />
}
