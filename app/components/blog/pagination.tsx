import { type BlogSearch, blogHref } from '~/lib/blog-search'
import { GAP, pageWindow } from '~/lib/page-window'
import { cn } from '~/lib/utils'

/**
 * Numbered pages as plain links: they work without JavaScript, and each page has its own address.
 * Only a window of numbers is linked (first, last, current ± 2), so a large blog does not make
 * every page heavier; Forrige and Næste walk through the rest.
 */
export function Pagination({ page, pageCount, search }: { page: number; pageCount: number; search: Omit<BlogSearch, 'side'> }) {
  const hrefOf = (number: number) => blogHref({ ...search, side: number > 1 ? number : undefined })
  const stepClass = 'inline-flex min-h-tap items-center rounded-full border border-sand-300 bg-white px-4 font-medium text-ink hover:border-accent-600'
  return (
    <nav aria-label="Sideskift" className="mt-12 flex flex-wrap items-center justify-center gap-2">
      {page > 1 && (
        <a href={hrefOf(page - 1)} rel="prev" className={stepClass}>
          <span aria-hidden="true">←&nbsp;</span>Forrige<span className="sr-only"> side</span>
        </a>
      )}
      <ol className="flex flex-wrap items-center gap-2">
        {pageWindow(page, pageCount).map((number, index) =>
          number === GAP ? (
            // The skipped numbers say nothing a screen reader needs: the links around them name their pages.
            <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-ink-soft">
              …
            </li>
          ) : (
            <li key={number}>
              <a
                href={hrefOf(number)}
                aria-current={number === page ? 'page' : undefined}
                className={cn(
                  'inline-flex size-tap items-center justify-center rounded-full border font-semibold',
                  number === page ? 'border-accent-700 bg-accent-700 text-white' : 'border-sand-300 bg-white text-ink hover:border-accent-600',
                )}
              >
                <span className="sr-only">Side </span>
                {number}
              </a>
            </li>
          ),
        )}
      </ol>
      {page < pageCount && (
        <a href={hrefOf(page + 1)} rel="next" className={stepClass}>
          Næste<span className="sr-only"> side</span>
          <span aria-hidden="true">&nbsp;→</span>
        </a>
      )}
    </nav>
  )
}
