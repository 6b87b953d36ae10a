import { MAX_QUERY_LENGTH } from '~/lib/search-limits'

/**
 * The blog's search: a plain GET form to /blog?q=…, so it works before and without the app's
 * script. Compact in the header (twice: wide screens and the phone's menu; `id` names each field),
 * `large` on /blog. Its looks are `.search-form` in app/styles.css, not class strings in the script
 * every page loads.
 */
export function SearchForm({ id, query, large, placeholder = 'Søg i bloggen' }: { id: string; query?: string; large?: boolean; placeholder?: string }) {
  return (
    <form role="search" action="/blog" method="get" className={large ? 'search-form search-form-large' : 'search-form'}>
      <label htmlFor={id} className="sr-only">
        Søg i artiklerne
      </label>
      <input id={id} type="search" name="q" defaultValue={query} maxLength={MAX_QUERY_LENGTH} placeholder={placeholder} />
      <button type="submit">
        <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zm9 16-4-4" />
        </svg>
        <span>Søg</span>
      </button>
    </form>
  )
}
