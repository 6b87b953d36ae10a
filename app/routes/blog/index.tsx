import { createFileRoute, notFound } from '@tanstack/react-router'
import { CategoryChips } from '~/components/blog/category-chips'
import { Pagination } from '~/components/blog/pagination'
import { PostGrid } from '~/components/blog/post-card'
import { NewsletterForm } from '~/components/blog/newsletter-form'
import { BlogSearchForm, SearchResults } from '~/components/blog/search-results'
import { PageHero } from '~/components/ui/page-hero'
import type { BlogIndex, BlogSearchResult } from '~/lib/blog'
import { fetchBlogIndex, fetchBlogSearch } from '~/lib/blog-queries'
import { parseBlogSearch } from '~/lib/blog-search'
import { type CategoryFilter, blogHeading, categoryLabels } from '~/lib/categories'
import { headFromPageData } from '~/lib/seo'
import { type ServerHead, withServerHead } from '~/lib/server-html'

/** /blog shows the articles by category, or, with ?q=, a search. */
type BlogPageData = { kind: 'search'; search: BlogSearchResult & { head: ServerHead } } | { kind: 'index'; index: BlogIndex & { head: ServerHead } }

export const Route = createFileRoute('/blog/')({
  validateSearch: parseBlogSearch,
  loaderDeps: ({ search }) => ({ q: search.q, category: (search.kategori ?? 'all') as CategoryFilter, page: search.side ?? 1 }),
  loader: async ({ deps: { q, category, page } }) => {
    const data: BlogPageData = q
      ? { kind: 'search', search: withServerHead(await fetchBlogSearch({ data: { q, page } })) }
      : { kind: 'index', index: withServerHead(await fetchBlogIndex({ data: { category, page } })) }
    // A page beyond the last one does not exist (and must not become one cache entry per number).
    if ((data.kind === 'search' ? data.search.page : data.index.page) !== page) throw notFound()
    return data
  },
  head: ({ loaderData }) => headFromPageData({ loaderData: loaderData?.kind === 'search' ? loaderData.search : loaderData?.index }),
  pendingComponent: () => (
    <p role="status" className="px-5 py-24 text-center text-lg text-ink-soft">
      Indlæser artikler...
    </p>
  ),
  component: BlogIndexPage,
})

const INTRO = 'Tanker, redskaber og historier fra mit arbejde som coach – om stress, teenagere, parforhold, arbejdsliv og livskvalitet.'

function BlogIndexPage() {
  const data = Route.useLoaderData()
  return data.kind === 'search' ? <SearchPage result={data.search} /> : <IndexPage data={data.index} />
}

function SearchPage({ result }: { result: BlogSearchResult }) {
  return (
    <>
      <PageHero eyebrow="Artikler og inspiration" title="Søg i bloggen" />
      <section aria-labelledby="soegeresultater" className="px-5 py-12 sm:px-8 md:py-16">
        <div className="mx-auto max-w-3xl">
          <div className="mb-10">
            <BlogSearchForm query={result.query} />
          </div>
          <h2 id="soegeresultater" className="sr-only">
            Søgeresultater
          </h2>
          <SearchResults result={result} />
        </div>
      </section>
    </>
  )
}

function IndexPage({ data }: { data: BlogIndex }) {
  const showNew = data.newCount > 0 && data.page === 1
  // An article shown under »Nye Artikler« is not repeated right below it (on a phone: twice in a row).
  const shownAsNew = new Set(showNew ? data.newPosts.map((post) => post.slug) : [])
  const posts = data.posts.filter((post) => !shownAsNew.has(post.slug))

  return (
    <>
      <PageHero eyebrow="Artikler og inspiration" title={blogHeading(data.category)} intro={INTRO} />
      <div className="bg-sand-100 px-5 pb-10 sm:px-8">
        <BlogSearchForm />
      </div>

      {showNew && (
        <section aria-labelledby="nye-artikler" className="px-5 pt-12 sm:px-8 md:pt-16">
          <div className="mx-auto max-w-6xl">
            <h2 id="nye-artikler" className="mb-6 flex items-center gap-3 text-3xl">
              Nye Artikler
              <span className="rounded-full bg-accent-700 px-3 py-0.5 font-sans text-base font-semibold text-white">
                {data.newCount}
                <span className="sr-only"> nye</span>
              </span>
            </h2>
            <PostGrid posts={data.newPosts} isNew prioritizeFirst />
          </div>
        </section>
      )}

      <section aria-labelledby="alle-artikler" className="px-5 py-12 sm:px-8 md:py-16">
        <div className="mx-auto max-w-6xl">
          <h2 id="alle-artikler" className="sr-only">
            {categoryLabels[data.category]}
          </h2>
          <CategoryChips counts={data.counts} current={data.category} />

          {posts.length > 0 ? (
            // From the third card on, a phone shows none of them on its first screen.
            <PostGrid posts={posts} prioritizeFirst={!showNew} deferFrom={2} />
          ) : (
            <p className="rounded-2xl bg-sand-100 p-8 text-center text-lg text-ink-soft">
              Der er endnu ingen artikler i denne kategori.
            </p>
          )}

          {data.pageCount > 1 && <Pagination page={data.page} pageCount={data.pageCount} search={{ kategori: data.category === 'all' ? undefined : data.category }} />}
          <NewsletterForm id="nyhedsbrev-blog" />
        </div>
      </section>
    </>
  )
}
