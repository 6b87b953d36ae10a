import { blogHref } from '~/lib/blog-search'
import { type CategoryFilter, categoryFilters, categoryLabels } from '~/lib/categories'
import { cn } from '~/lib/utils'

/** The categories as chips with their counts; `current` is the one shown, if any. */
export function CategoryChips({ counts, current }: { counts: Record<CategoryFilter, number>; current?: CategoryFilter }) {
  return (
    // On a phone the chips are one row that scrolls sideways, so the articles start on the first screen.
    <nav aria-label="Kategorier" className="-mx-5 mb-10 sm:mx-0">
      <ul className="flex snap-x gap-2 overflow-x-auto px-5 pt-1 pb-3 [scrollbar-width:thin] sm:flex-wrap sm:overflow-visible sm:px-0 sm:pb-1">
        {categoryFilters.map((id) => {
          const active = id === current
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
                  active ? 'border-accent-700 bg-accent-700 text-white' : 'border-sand-300 bg-white text-ink-soft hover:border-accent-600 hover:text-ink',
                )}
              >
                {categoryLabels[id]}
                <span className={cn('rounded-full px-2 text-xs', active ? 'bg-white/20' : 'bg-sand-100')}>
                  {counts[id]}
                  <span className="sr-only"> artikler</span>
                </span>
              </a>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
