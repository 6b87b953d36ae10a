import { useId } from 'react'
import { MAX_QUERY_LENGTH } from '~/lib/blog-search'
import { cn } from '~/lib/utils'

/**
 * The blog's search: a plain GET form to /blog?q=…, so it works before and without the app's
 * script. On /blog it is large and keeps what was searched; in the header it is compact.
 */
export function SearchForm({ query, compact }: { query?: string; compact?: boolean }) {
  const id = useId()
  return (
    <form role="search" action="/blog" method="get" className={cn('flex items-center', compact ? 'w-full lg:w-52' : 'mx-auto w-full max-w-xl')}>
      <label htmlFor={id} className="sr-only">
        Søg i artiklerne
      </label>
      <input
        id={id}
        type="search"
        name="q"
        defaultValue={query}
        maxLength={MAX_QUERY_LENGTH}
        placeholder={compact ? 'Søg i bloggen' : 'Søg fx stress, teenagere eller parforhold'}
        enterKeyHint="search"
        className={cn(
          'min-w-0 flex-1 rounded-l-full border border-r-0 border-sand-500 bg-white text-ink placeholder:text-sand-600',
          compact ? 'h-11 px-4 text-[0.95rem]' : 'h-12 px-5 text-lg',
        )}
      />
      <button
        type="submit"
        className={cn(
          'inline-flex shrink-0 items-center justify-center rounded-r-full border border-accent-700 bg-accent-700 text-white hover:bg-accent-800',
          compact ? 'h-11 w-11' : 'h-12 px-5 font-semibold',
        )}
      >
        <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-4-4" />
        </svg>
        <span className={compact ? 'sr-only' : 'ml-2'}>Søg</span>
      </button>
    </form>
  )
}
