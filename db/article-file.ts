import { createHash } from 'node:crypto'
import { marked } from 'marked'
import sanitizeHtml from 'sanitize-html'
import { z } from 'zod'
import { SLUG_PATTERN } from '../app/lib/blog.ts'
import { categories, categoryLabels } from '../app/lib/categories.ts'
import { site } from '../app/server/content/content.server.ts'
import { plainText, readingMinutes, tableOfContents, withHeadingIds } from './article-outline.ts'
import { FrontMatterYamlError, readFrontMatterYaml } from './front-matter-yaml.ts'
import type { NewBlogPost } from './schema.ts'
import { timeBoundPhrasesIn } from './time-bound.ts'


/** Danish messages a coach can act on: what is wrong, and an example of what is right. */
const missingOr = (field: string, example: string, otherwise: string) => (issue: { input: unknown }) =>
  issue.input === undefined
    ? `mangler. Skriv fx: ${field}: ${example}`
    : issue.input === null
      ? `er tomt. Skriv fx: ${field}: ${example}`
      : otherwise

const text = (field: string, example: string, max: number) =>
  z
    .string({ error: missingOr(field, example, `skal være tekst. Skriv fx: ${field}: ${example}`) })
    .trim()
    .min(1, `er tomt. Skriv fx: ${field}: ${example}`)
    .max(max, `er for lang (højst ${max} tegn)`)

/**
 * 2025-09-18 (or an ISO date-time), and as Danes write dates: 18. september 2025, 18.09.2025 and
 * 18/9/2025 (day first). A day that does not exist (2026-02-31) is refused, not moved into the
 * next month.
 */
export function parseDate(value: string): Date | undefined {
  const danishMonths = ['januar', 'februar', 'marts', 'april', 'maj', 'juni', 'juli', 'august', 'september', 'oktober', 'november', 'december']
  const text = value.trim()
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(text)
  const danish = /^(\d{1,2})\.?\s+(\p{L}+)\s+(\d{4})$/u.exec(text)
  const numeric = /^(\d{1,2})([./])(\d{1,2})\2(\d{4})$/.exec(text)
  const [year, month, day] = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : danish
      ? [Number(danish[3]), danishMonths.indexOf(danish[2]!.toLowerCase()) + 1, Number(danish[1])]
      : numeric
        ? [Number(numeric[4]), Number(numeric[3]), Number(numeric[1])]
        : [0, 0, 0]
  const calendarDay = new Date(Date.UTC(year, month - 1, day))
  if (month < 1 || calendarDay.getUTCMonth() !== month - 1 || calendarDay.getUTCDate() !== day) return undefined
  return iso && text.length > 10 ? new Date(text) : calendarDay
}

const isoDate = (field: string) =>
  // YAML 1.2 (the reader's schema) has no date type: a date always arrives as text.
  z.string({ error: missingOr(field, '2025-09-18', 'skal være en dato, fx 2025-09-18') }).transform((value, ctx) => {
    const date = parseDate(value)
    if (!date || Number.isNaN(date.getTime())) {
      ctx.addIssue({ code: 'custom', message: `er ikke en dato (»${String(value)}«). Skriv fx ${field}: 2025-09-18 (år-måned-dag) eller 18.09.2025` })
      return z.NEVER
    }
    return date.toISOString()
  })

const textList = (field: string) =>
  z
    .array(
      z.string(`skal være en liste af ord, fx ${field}: [stress, trivsel]. Står der kolon i et ord, så sæt ordet i anførselstegn, fx [\"ro: stress\"]`).trim().min(1),
      `skal være en liste, fx ${field}: [stress, trivsel]`,
    )
    .default([])

/** Categories by id (relationship) or by the name the site shows (Parforhold), in any case. */
const comparable = (name: string) => name.toLowerCase().replace(/[\s-]+/g, '')
export const categoryId = (name: string) =>
  new Map(categories.flatMap((id) => [[comparable(id), id], [comparable(categoryLabels[id]), id]] as const)).get(comparable(name))
const categoryList = () => `Brug en af: ${categories.map((id) => `${categoryLabels[id]} (${id})`).join(', ')}`
const category = () =>
  z.string({ error: missingOr('category', 'Stress coaching', `skal være tekst. ${categoryList()}`) }).transform((value, ctx) => {
    const id = categoryId(value)
    if (!id) {
      ctx.addIssue({ code: 'custom', message: `er ikke en af sidens kategorier (»${value}«). ${categoryList()}` })
      return z.NEVER
    }
    return id
  })

/**
 * The front matter of an article file: what the coach writes above the text, checked field by
 * field. Built when a file is read, not when the module loads, like the other tables below, so
 * that mutation testing (which switches a change on only after the modules are loaded) can try
 * every message and name in it.
 */
export const frontMatterSchema = () =>
  z
    .object({
      title: text('title', 'Ro i hverdagen', 200),
      description: text('description', 'En til to sætninger om artiklen.', 300),
      category: category(),
      publishedAt: isoDate('publishedAt'),
      updatedAt: isoDate('updatedAt').optional(),
      author: text('author', site.name, 100).default(site.name),
      image: z.string().startsWith('/', 'skal være en adresse på siden, fx /images/blog/mit-billede.jpg').optional(),
      imageAlt: text('imageAlt', 'En rolig sti gennem en skov', 300).optional(),
      hero: z.enum(['image', 'gradient'], 'skal være image eller gradient').default('gradient'),
      keywords: textList('keywords'),
      tags: textList('tags'),
      section: text('section', 'Coaching', 100).default('Coaching'),
      cta: text('cta', 'Kontakt mig', 60).optional(),
      jsonLd: z.boolean('skal være true eller false').default(false),
      /** Articles about crisis, self-harm, depression, abuse or violence show where to find help. */
      crisisLines: z.enum(['adult', 'teen'], 'skal være adult (voksne) eller teen (unge: også BørneTelefonen)').optional(),
      /** The examples' names and details are changed: one shared footnote under the text says so. */
      anonymised: z.boolean('skal være true eller false').default(false),
      /** Phrases of db/time-bound.ts the coach has read in this text and found true at any time. */
      timelessPhrases: textList('timelessPhrases'),
    })
    .strict()

export type FrontMatter = z.output<ReturnType<typeof frontMatterSchema>>

export class ArticleFileError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`${file}: ${problems.join('; ')}`)
  }
}

function danishProblem(issue: z.core.$ZodIssue, allowedFields: string[]) {
  if (issue.code === 'unrecognized_keys') {
    return `feltet ${issue.keys.map((key) => `»${key}«`).join(', ')} kendes ikke. Tilladte felter: ${allowedFields.join(', ')}`
  }
  // Not fields at all (one word with a colon, a bare list): YAML read something else than a mapping.
  if (issue.path.length === 0) return 'front matter skal bestå af felter, ét på hver linje som »navn: værdi«, fx title: Ro i hverdagen'
  return `feltet »${String(issue.path[0])}« ${issue.message}`
}

/**
 * The coach's name and who certified her come from content/site.yaml, so an article never hard-codes
 * them (and check:launch sees the example values there).
 */
function fillPlaceholders(text: string, fileName: string) {
  const placeholders: Record<string, string> = { fornavn: site.name.split(' ')[0]!, navn: site.name, certificering: site.certifiedBy }
  return text.replace(/\{\{\s*([^}]*?)\s*\}\}/g, (token, name: string) => {
    const value = placeholders[name]
    if (value === undefined) {
      throw new ArticleFileError(fileName, [`ukendt pladsholder ${token}: brug {{fornavn}}, {{navn}} eller {{certificering}}`])
    }
    return value
  })
}

/** Where an article's generated cover is served from; an `image:` in front matter replaces it. */
export const generatedCoverUrl = (slug: string) => `/images/blog/${slug}.webp`

/** Article bodies may use Markdown's text formatting, lists, quotes, tables and links; nothing else. */
const sanitizeOptions = (): sanitizeHtml.IOptions => ({
  allowedTags: ['h2', 'h3', 'h4', 'p', 'ul', 'ol', 'li', 'strong', 'em', 'blockquote', 'a', 'br', 'hr',
    'table', 'thead', 'tbody', 'tr', 'th', 'td', 'code'],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['https', 'mailto', 'tel'],
  allowProtocolRelative: false,
})

export function renderMarkdown(markdown: string) {
  const html = marked.parse(markdown, { async: false, gfm: true })
  return sanitizeHtml(html, sanitizeOptions())
}

/**
 * Parses one article file into a row, or throws ArticleFileError naming the file and the fields.
 * A folder's files share one `schema` (building it takes a few milliseconds).
 */
export function parseArticleFile(fileName: string, source: string, schema = frontMatterSchema()): Omit<NewBlogPost, 'updatedAt'> & {
  updatedAt: string | undefined
  /** Dating words (db/time-bound.ts) in an article that claims to be up to date; not stored. */
  timeBoundPhrases: string[]
} {
  const slug = fileName.replace(/\.md$/, '')
  if (!SLUG_PATTERN.test(slug)) {
    throw new ArticleFileError(fileName, ['filnavnet skal bestå af små bogstaver a-z, tal og bindestreger'])
  }
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(source)
  if (!match) throw new ArticleFileError(fileName, ['filen mangler front matter mellem to linjer med ---'])

  // Every mistake of the file at once: the coach fixes them in one go instead of one per seed.
  const problems: string[] = []
  const allowedFields = Object.keys(schema.shape)
  let data: unknown
  let brokenFields: string[] = []
  try {
    data = readFrontMatterYaml(match[1]!, allowedFields)
  } catch (error) {
    // readFrontMatterYaml throws only FrontMatterYamlError, with the lines and what to do.
    const yamlError = error as FrontMatterYamlError
    problems.push(...yamlError.problems)
    data = yamlError.partial
    brokenFields = yamlError.brokenFields
  }
  const readable = problems.length === 0 || data !== undefined
  const result = schema.safeParse(data ?? {})
  if (readable && !result.success) {
    // A field on a broken line is told there already, not again as missing.
    const fieldIssues = result.error.issues.filter((issue) => !brokenFields.includes(String(issue.path[0])))
    problems.push(...fieldIssues.map((issue) => danishProblem(issue, allowedFields)))
  }
  const body = match[2]!.trim()
  if (!body) problems.push('artiklen har ingen brødtekst: skriv teksten under den sidste linje med ---')
  if (problems.length > 0 || !result.success) throw new ArticleFileError(fileName, problems)

  const meta = result.data
  const fill = (value: string) => fillPlaceholders(value, fileName)
  const { html: bodyHtml, headings } = withHeadingIds(renderMarkdown(fill(body)))
  const row = {
    slug,
    title: fill(meta.title),
    description: fill(meta.description),
    imageUrl: meta.image ?? generatedCoverUrl(slug),
    imageAlt: meta.imageAlt ?? `Rolig, abstrakt illustration til artiklen »${fill(meta.title)}«`,
    category: meta.category,
    publishedAt: meta.publishedAt,
    author: meta.author,
    keywords: meta.keywords,
    tags: meta.tags,
    section: meta.section,
    hero: meta.hero,
    cta: meta.cta ?? null,
    jsonLd: meta.jsonLd,
    crisisLines: meta.crisisLines ?? null,
    anonymised: meta.anonymised,
    bodyHtml,
    readingMinutes: readingMinutes(bodyHtml),
    tableOfContents: tableOfContents(bodyHtml, headings),
    revisedAt: meta.updatedAt ?? null,
  }
  // Hashing the row, not the file, also catches changes in how files are turned into rows.
  const sourceHash = createHash('sha256').update(JSON.stringify(row)).digest('hex')
  const timeBoundPhrases = meta.updatedAt ? timeBoundPhrasesIn(plainText(`${row.title}. ${row.description}. ${bodyHtml}`), meta.timelessPhrases) : []
  return { ...row, sourceHash, updatedAt: meta.updatedAt, timeBoundPhrases }
}
