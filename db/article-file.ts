import { createHash } from 'node:crypto'
import { marked } from 'marked'
import sanitizeHtml from 'sanitize-html'
import { parse as parseYaml } from 'yaml'
import { z } from 'zod'
import { SLUG_PATTERN } from '../app/lib/blog.ts'
import { categories } from '../app/lib/categories.ts'
import { site } from '../content/site.ts'
import type { NewBlogPost } from './schema.ts'


const isoDate = z.union([z.date(), z.string()]).transform((value, ctx) => {
  const date = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(date.getTime())) {
    ctx.addIssue({ code: 'custom', message: 'skal være en dato som 2025-09-18 eller en ISO-dato med klokkeslæt' })
    return z.NEVER
  }
  return date.toISOString()
})

/** The front matter contract of DESIGN.md "Article files". */
export const frontMatterSchema = z
  .object({
    title: z.string().trim().min(1).max(200),
    description: z.string().trim().min(1).max(300),
    category: z.enum(categories as [string, ...string[]]),
    publishedAt: isoDate,
    updatedAt: isoDate.optional(),
    author: z.string().trim().min(1).default(site.name),
    image: z.string().startsWith('/').optional(),
    imageAlt: z.string().trim().min(1).optional(),
    hero: z.enum(['image', 'gradient']).default('gradient'),
    keywords: z.array(z.string().trim().min(1)).default([]),
    tags: z.array(z.string().trim().min(1)).default([]),
    section: z.string().trim().min(1).default('Coaching'),
    cta: z.string().trim().min(1).max(60).optional(),
    jsonLd: z.boolean().default(false),
  })
  .strict()

export type FrontMatter = z.output<typeof frontMatterSchema>

export class ArticleFileError extends Error {
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    super(`${file}: ${problems.join('; ')}`)
  }
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/

/** Article bodies may use Markdown's text formatting, lists, quotes, tables and links; nothing else. */
const sanitizeOptions: sanitizeHtml.IOptions = {
  allowedTags: ['h2', 'h3', 'h4', 'p', 'ul', 'ol', 'li', 'strong', 'em', 'blockquote', 'a', 'br', 'hr',
    'table', 'thead', 'tbody', 'tr', 'th', 'td', 'code'],
  allowedAttributes: { a: ['href'] },
  allowedSchemes: ['https', 'mailto', 'tel'],
  allowProtocolRelative: false,
}

export function renderMarkdown(markdown: string) {
  const html = marked.parse(markdown, { async: false, gfm: true })
  return sanitizeHtml(html, sanitizeOptions)
}

/** Parses one article file into a row, or throws ArticleFileError naming the file and the fields. */
export function parseArticleFile(fileName: string, source: string): Omit<NewBlogPost, 'updatedAt'> & {
  updatedAt: string | undefined
} {
  const slug = fileName.replace(/\.md$/, '')
  if (!SLUG_PATTERN.test(slug)) {
    throw new ArticleFileError(fileName, ['filnavnet skal bestå af små bogstaver a-z, tal og bindestreger'])
  }
  const match = FRONT_MATTER.exec(source)
  if (!match) throw new ArticleFileError(fileName, ['filen mangler front matter mellem to linjer med ---'])

  let data: unknown
  try {
    data = parseYaml(match[1] ?? '')
  } catch (error) {
    throw new ArticleFileError(fileName, [`front matter er ikke gyldig YAML: ${(error as Error).message}`])
  }
  const result = frontMatterSchema.safeParse(data ?? {})
  if (!result.success) {
    throw new ArticleFileError(
      fileName,
      result.error.issues.map((issue) => `feltet "${issue.path.join('.') || '(rod)'}": ${issue.message}`),
    )
  }
  const body = (match[2] ?? '').trim()
  if (!body) throw new ArticleFileError(fileName, ['artiklen har ingen brødtekst'])

  const meta = result.data
  const row = {
    slug,
    title: meta.title,
    description: meta.description,
    imageUrl: meta.image ?? `/images/blog/${slug}.webp`,
    imageAlt: meta.imageAlt ?? `Rolig, abstrakt illustration til artiklen „${meta.title}“`,
    category: meta.category,
    publishedAt: meta.publishedAt,
    author: meta.author,
    keywords: meta.keywords,
    tags: meta.tags,
    section: meta.section,
    hero: meta.hero,
    cta: meta.cta ?? null,
    jsonLd: meta.jsonLd,
    bodyHtml: renderMarkdown(body),
  }
  // Hashing the row, not the file, also catches changes in how files are turned into rows.
  const sourceHash = createHash('sha256').update(JSON.stringify([row, meta.updatedAt])).digest('hex')
  return { ...row, sourceHash, updatedAt: meta.updatedAt }
}
