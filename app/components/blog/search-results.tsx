import { CategoryChips } from '~/components/blog/category-chips'
import { Pagination } from '~/components/blog/pagination'
import { SearchForm } from '~/components/blog/search-form'
import { StartHereLinks } from '~/components/blog/start-here-links'
import { TitleText } from '~/components/ui/title-text'
import type { BlogSearchResult, SearchHit } from '~/lib/blog'
import { articleHref } from '~/lib/blog-search'
import { categoryLabels } from '~/lib/categories'
import { formatDanishDate } from '~/lib/dates'

/** /blog's own search form, large, with what was searched. */
export const BlogSearchForm = ({ query }: { query?: string }) => <SearchForm id="soeg-blog" query={query} large placeholder="Søg fx stress, teenagere eller parforhold" />

/** »1 artikel« or »7 artikler«. */
const articles = (count: number) => `${count} ${count === 1 ? 'artikel' : 'artikler'}`

/** The hits of a search, best first, each with the passage where the words were found. */
export function SearchResults({ result }: { result: BlogSearchResult }) {
  if (result.hits.length === 0) return <NoResults result={result} />
  return (
    <>
      <p role="status" className="mb-8 text-lg text-ink-soft">
        {`Søgningen på »${result.query}« gav ${articles(result.total)}`}
        {result.pageCount > 1 && ` – side ${result.page} af ${result.pageCount}`}
      </p>
      <ol className="space-y-6">
        {result.hits.map((hit) => (
          <li key={hit.slug}>
            <Hit hit={hit} />
          </li>
        ))}
      </ol>
      {result.pageCount > 1 && <Pagination page={result.page} pageCount={result.pageCount} search={{ q: result.query }} />}
    </>
  )
}

function Hit({ hit }: { hit: SearchHit }) {
  return (
    <article className="rounded-2xl border border-sand-200 bg-white p-5 md:p-6">
      <h3 className="text-xl md:text-2xl">
        <a href={articleHref(hit.slug)} className="text-ink underline-offset-4 hover:text-accent-700 hover:underline">
          <TitleText text={hit.title} />
        </a>
      </h3>
      <p className="mt-1 text-sm text-sand-600">
        <time dateTime={hit.publishedAt}>{formatDanishDate(hit.publishedAt)}</time>
        {` · ${categoryLabels[hit.category]}`}
      </p>
      <p className="mt-3 text-ink-soft">
        {hit.snippet.map((part, index) =>
          part.mark ? (
            <mark key={index} className="rounded-sm bg-accent-100 px-0.5 text-ink">
              {part.text}
            </mark>
          ) : (
            part.text
          ),
        )}
      </p>
    </article>
  )
}

/** Nothing found is no dead end: the categories and the articles the coach picked as a place to start (no statistics are kept). */
function NoResults({ result }: { result: BlogSearchResult }) {
  return (
    <div>
      <p role="status" className="mb-8 text-lg text-ink">
        {`Søgningen på »${result.query}« gav ingen artikler. Prøv et andet ord, eller se artiklerne efter emne:`}
      </p>
      {result.counts && <CategoryChips counts={result.counts} />}
      <StartHereLinks heading="h3" />
    </div>
  )
}
