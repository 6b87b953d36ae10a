import type { Article } from '~/lib/blog'
import { formatDanishDate } from '~/lib/dates'

/** »Læsetid 6 minutter«: every article says how long it takes. */
export const readingTimeText = (minutes: number) => `Læsetid ${minutes} ${minutes === 1 ? 'minut' : 'minutter'}`

/** When the coach last checked the text, if she said so (updatedAt in the front matter). */
export function RevisedDate({ revisedAt }: { revisedAt: string | null }) {
  if (!revisedAt) return null
  return (
    <span>
      Opdateret <time dateTime={revisedAt}>{formatDanishDate(revisedAt)}</time>
    </span>
  )
}

/** A long article's parts, linked to its ## headings; plain links, so it works without JavaScript. */
export function TableOfContents({ headings }: { headings: Article['tableOfContents'] }) {
  if (headings.length === 0) return null
  return (
    <nav aria-labelledby="indhold-overskrift" className="mx-auto mb-10 max-w-(--article-measure) rounded-2xl border border-sand-300 bg-sand-50 p-6">
      <h2 id="indhold-overskrift" className="text-lg">
        Indhold
      </h2>
      <ol className="mt-3 list-decimal space-y-1 pl-5">
        {headings.map((heading) => (
          <li key={heading.id}>
            <a href={`#${heading.id}`} className="inline-flex min-h-tap items-center text-accent-700 underline underline-offset-4">
              {heading.text}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  )
}

/**
 * One shared footnote instead of a sentence in each text: the people in the examples cannot be
 * recognised. An account in the writer's own words is not pieced together from several, so its
 * footnote does not say so.
 */
export function AnonymisedNote({ inOwnWords }: { inOwnWords: boolean }) {
  return (
    <p id="om-eksemplerne" className="mx-auto mt-10 max-w-(--article-measure) border-t border-sand-300 pt-4 text-sm text-ink-soft">
      {inOwnWords ? (
        <>
          <strong className="font-semibold">Om teksten:</strong> Navne og genkendelige detaljer er ændret, så ingen kan genkendes. Resten
          er skribentens egne ord.
        </>
      ) : (
        <>
          <strong className="font-semibold">Om eksemplerne:</strong> Navne og genkendelige detaljer er ændret, og nogle fortællinger er
          sammensat af flere forløb, så ingen kan genkendes.
        </>
      )}
    </p>
  )
}
