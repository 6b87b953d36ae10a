import { articleHref } from '~/lib/blog-search'
import { useSite } from '~/lib/content/site-data'

/**
 * »Gode steder at begynde«: the articles the coach picked as a place to start, offered where a
 * visitor would otherwise stop (a search without results, an address that does not exist).
 * `heading`: its level in the page around it.
 */
export function StartHereLinks({ heading: Heading, className = '' }: { heading: 'h2' | 'h3'; className?: string }) {
  const { startHere = [] } = useSite()
  if (startHere.length === 0) return null
  return (
    <nav aria-labelledby="gode-steder-at-begynde" className={`rounded-2xl bg-sand-100 p-6 md:p-8 ${className}`}>
      <Heading id="gode-steder-at-begynde" className="text-2xl">
        Gode steder at begynde
      </Heading>
      <ul className="mt-4 space-y-1">
        {startHere.map((article) => (
          <li key={article.slug}>
            <a href={articleHref(article.slug)} className="inline-flex min-h-tap items-center font-medium text-accent-700 underline underline-offset-4 hover:text-accent-800">
              {article.title}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  )
}
