/**
 * What a reader is told about an article's length and shape before reading it: the reading time,
 * and for a long article a table of contents that links to its ## headings. Worked out once, when
 * the seed reads the file, so the page only prints it (server-rendered, no JavaScript).
 */

/** A comfortable pace for a Danish text on a screen; a reading time is a promise, so round up. */
const WORDS_PER_MINUTE = 200
/** Above about this many words a reader wants to see the parts before reading (the 1,200). */
export const TABLE_OF_CONTENTS_FROM_WORDS = 1200

export type Heading = { id: string; text: string }

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' }
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => entities[name]!)
    .replace(/\s+/g, ' ')
    .trim()

/** The words of an HTML fragment as one line of text, a space where a tag stood. */
export const plainText = (html: string) => textOf(html.replace(/<[^>]+>/g, ' '))

export const wordCount = (html: string) => plainText(html).split(' ').filter(Boolean).length

export const readingMinutes = (html: string) => Math.max(1, Math.ceil(wordCount(html) / WORDS_PER_MINUTE))

/** »Hvad er stress – og hvad er det ikke?« → hvad-er-stress-og-hvad-er-det-ikke; æ, ø, å as the file names write them. */
export function headingId(text: string) {
  return text
    .toLowerCase()
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'oe')
    .replace(/å/g, 'aa')
    .normalize('NFD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

/**
 * Gives every ## heading of sanitised article HTML an id (unique within the article, so two
 * headings with the same words still lead to their own place) and returns them in order.
 * Runs after sanitising: the coach's own HTML can never set an id.
 */
export function withHeadingIds(html: string): { html: string; headings: Heading[] } {
  const headings: Heading[] = []
  const taken = new Set<string>()
  const withIds = html.replace(/<h2>([\s\S]*?)<\/h2>/g, (_, inner: string) => {
    const text = textOf(inner)
    const base = headingId(text) || 'afsnit'
    let id = base
    for (let n = 2; taken.has(id); n++) id = `${base}-${n}`
    taken.add(id)
    headings.push({ id, text })
    return `<h2 id="${id}">${inner}</h2>`
  })
  return { html: withIds, headings }
}

/** The table of contents a page shows: the headings of a long article with at least two parts, else none. */
export function tableOfContents(html: string, headings: Heading[]) {
  return wordCount(html) > TABLE_OF_CONTENTS_FROM_WORDS && headings.length >= 2 ? headings : []
}
