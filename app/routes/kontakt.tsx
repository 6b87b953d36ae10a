import { createFileRoute } from '@tanstack/react-router'
import { ContactForm } from '~/components/contact/contact-form'
import { Section } from '~/components/ui/section'
import { type ContactDraft, type ContactResult, type ContactStatus, isReceived } from '~/lib/contact'
import { contactPageParts, fetchContactPageTexts } from '~/lib/contact-page'
import { refusedPostStatus } from '~/lib/contact-post'
import { contactStatuses } from '~/lib/contact-status'
import { formPostsFromThisSite } from '~/lib/posts-from-this-site'
import { headFromPageData } from '~/lib/seo'
import { htmlOf } from '~/lib/server-html'

type ContactSearch = { status?: ContactStatus }

export const Route = createFileRoute('/kontakt')({
  // What a received plain form post was redirected with; anything else is ignored.
  validateSearch: (search: Record<string, unknown>): ContactSearch => ({
    status: contactStatuses.includes(search.status as ContactStatus) ? (search.status as ContactStatus) : undefined,
  }),
  // The form without JavaScript posts here: see app/server/contact/contact-page.server.ts for how it is answered.
  server: {
    handlers: ({ createHandlers }) =>
      createHandlers({
        POST: {
          middleware: [formPostsFromThisSite, refusedPostStatus],
          handler: async ({ request, next }) => {
            const { answerPlainContactPost } = await import('~/server/contact/contact-page.server')
            const answer = await answerPlainContactPost(request)
            if ('redirect' in answer) return new Response(null, { status: 303, headers: { Location: answer.redirect, 'Cache-Control': 'no-store' } })
            return next({ context: { contactDraft: answer.draft } })
          },
        },
      }),
  },
  // Only the page that answers a refused post has a draft; every other render has none.
  // (The server's request context comes to loaders beside `context`, as `serverContext`.)
  loader: async (loader) => ({
    draft: (loader as { serverContext?: { contactDraft?: ContactDraft } }).serverContext?.contactDraft ?? null,
    ...contactPageParts(await fetchContactPageTexts()),
  }),
  head: headFromPageData,
  component: ContactPage,
})

/** The outcome of a received plain form post, from the redirect's query. */
const resultFromSearch = ({ status }: ContactSearch): ContactResult | undefined => (isReceived(status) ? { status: status! } : undefined)

function ContactPage() {
  const search = Route.useSearch()
  const { draft, hero, details, questions } = Route.useLoaderData()
  // Only the form is the page's script; the rest comes rendered (app/components/contact/contact-page-texts.tsx),
  // in wrappers that add no box (`contents`) or are the elements it was rendered for.
  return (
    <>
      <div className="contents" {...htmlOf(hero)} />
      <Section>
        {/* The coach's phone and e-mail come first: on a phone they are seen before the long form;
            from lg up they stand in the column beside it. */}
        <div className="grid gap-10 lg:grid-cols-[1fr_22rem]">
          <aside
            aria-label="Kontaktoplysninger"
            className="grid gap-4 sm:grid-cols-2 lg:col-start-2 lg:row-start-1 lg:grid-cols-1 lg:content-start"
            {...htmlOf(details)}
          />
          <ContactForm
            key={search.status ?? 'ny'}
            action="/kontakt"
            initialResult={draft?.result ?? resultFromSearch(search)}
            initialValues={draft?.values}
            className="lg:col-start-1 lg:row-start-1"
          />
        </div>
      </Section>
      <div className="contents" {...htmlOf(questions)} />
    </>
  )
}
