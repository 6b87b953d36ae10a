import { createFileRoute, notFound } from '@tanstack/react-router'
import { Pagination } from '~/components/blog/pagination'
import { PostGrid } from '~/components/blog/post-card'
import { PageHero } from '~/components/ui/page-hero'
import { fetchBlogIndex } from '~/lib/blog-queries'
import { blogHref, parseBlogSearch } from '~/lib/blog-search'
import { type CategoryFilter, categoryFilters, categoryLabels } from '~/lib/categories'
import { seo } from '~/lib/seo'
import { cn } from '~/lib/utils'

export const Route = createFileRoute('/blog/')({
  validateSearch: parseBlogSearch,
  loaderDeps: ({ search }) => ({ category: (search.kategori ?? 'all') as CategoryFilter, page: search.side ?? 1 }),
  loader: async ({ deps }) => {
    const index = await fetchBlogIndex({ data: deps })
    // A page beyond the last one does not exist (and must not become one cache entry per number).
    if (index.page !== deps.page) throw notFound()
    return index
  },
  head: ({ match }) => {
    const { kategori, side } = match.search
    return seo({
      title: `${blogHeading(kategori)}${side ? ` – side ${side}` : ''}`,
      description:
        'Artikler om coaching, stress, teenagere, parforhold, karriere og livskvalitet – skrevet af en certificeret coach i Fredericia.',
      path: blogHref(match.search),
    })
  },
  pendingComponent: () => (
    <p role="status" className="px-5 py-24 text-center text-lg text-ink-soft">
      Indlæser artikler...
    </p>
  ),
  component: BlogIndexPage,
})

/** The page names the category it shows, in its heading and in its title. */
const blogHeading = (category: CategoryFilter | undefined) =>
  category && category !== 'all' ? `Blog: ${categoryLabels[category]}` : 'Blog'

function BlogIndexPage() {
  const data = Route.useLoaderData()
  const showNew = data.newCount > 0 && data.page === 1

  return (
    <>
      <PageHero
        eyebrow="Artikler og inspiration"
        title={blogHeading(data.category)}
        intro="Tanker, redskaber og historier fra mit arbejde som coach – om stress, teenagere, parforhold, arbejdsliv og livskvalitet."
      />

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
          {/* On a phone the chips are one row that scrolls sideways, so the articles start on the first screen. */}
          <nav aria-label="Kategorier" className="-mx-5 mb-10 sm:mx-0">
            <ul className="flex snap-x gap-2 overflow-x-auto px-5 pt-1 pb-3 [scrollbar-width:thin] sm:flex-wrap sm:overflow-visible sm:px-0 sm:pb-1">
              {categoryFilters.map((id) => {
                const active = id === data.category
                return (
                  <li key={id} className="shrink-0 snap-start scroll-ml-5">
                    <a
                      href={blogHref({ kategori: id === 'all' ? undefined : id })}
                      aria-current={active ? 'page' : undefined}
                      // Choosing a category keeps the reader where they are, at the chips.
                      data-keep-scroll
                      className={cn(
                        // relative: the count's screen-reader text (absolutely placed) stays inside the scrolling row.
                        'relative inline-flex min-h-tap items-center gap-2 rounded-full border px-4 py-2 font-chip text-sm font-medium whitespace-nowrap transition-colors',
                        active
                          ? 'border-accent-700 bg-accent-700 text-white'
                          : 'border-sand-300 bg-white text-ink-soft hover:border-accent-600 hover:text-ink',
                      )}
                    >
                      {categoryLabels[id]}
                      <span className={cn('rounded-full px-2 text-xs', active ? 'bg-white/20' : 'bg-sand-100')}>
                        {data.counts[id]}
                        <span className="sr-only"> artikler</span>
                      </span>
                    </a>
                  </li>
                )
              })}
            </ul>
          </nav>

          {data.posts.length > 0 ? (
            // From the third card on, a phone shows none of them on its first screen.
            <PostGrid posts={data.posts} prioritizeFirst={!showNew} deferFrom={2} />
          ) : (
            <p className="rounded-2xl bg-sand-100 p-8 text-center text-lg text-ink-soft">
              Der er endnu ingen artikler i denne kategori.
            </p>
          )}

          {data.pageCount > 1 && <Pagination page={data.page} pageCount={data.pageCount} category={data.category} />}
        </div>
      </section>
    </>
  )
}
