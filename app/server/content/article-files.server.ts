import { randomBytes } from 'node:crypto'
import { existsSync, linkSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { Document, isMap, parseDocument } from 'yaml'
import { parseDate } from '#db/article-file'
import { headingId } from '#db/article-outline'
import { blogDir } from '#db/sync-blog'
import { SLUG_PATTERN } from '~/lib/blog'
import { splitFrontMatter, versionOf } from '~/server/content/content-file.server'

/**
 * The article files the desk writes: the same `content/blog/<slug>.md` (BLOG_DIR) a coach writes in
 * a terminal, with the same front matter. A draft is the same file in the folder's `kladder/`,
 * which the seed does not read (it reads only the folder's own .md files), so moving a file there
 * takes the article off the site and moving it back publishes it. A cover photo is
 * `images/<slug>.jpg`, where `npm run images` and the seed look for one. Every path is built here
 * from a slug that matched SLUG_PATTERN, in these fixed folders: nothing from a form is a path.
 */

export type ArticlePlace = 'udgivet' | 'kladde'

/** The longest slug the desk makes from a title (a file name and an address, both readable). */
const SLUG_MAX = 60

export const articleFolder = () => resolve(blogDir())
const draftFolder = () => join(articleFolder(), 'kladder')
export const photoFolder = () => join(articleFolder(), 'images')

/** The file name of a slug relative to the article folder (what git is told), or undefined for anything else. */
export function articleFileName(slug: string, place: ArticlePlace) {
  if (!isSlug(slug)) return undefined
  return place === 'udgivet' ? `${slug}.md` : `kladder/${slug}.md`
}

export const isSlug = (value: string) => value.length <= 100 && SLUG_PATTERN.test(value)

/** »Ro i hverdagen – også når det brænder på« → ro-i-hverdagen-ogsaa-naar-det-braender-paa (æ, ø, å as the existing files write them), cut at a word. */
export function slugFromTitle(title: string) {
  // headingId turns æ, ø, å into ae, oe, aa; other accents (é in »én«) lose only the accent here.
  const full = headingId(title.replace(/[^æøåÆØÅ]/g, (char) => char.normalize('NFD').replace(/\p{M}/gu, '')))
  if (full.length <= SLUG_MAX) return full
  const cut = full.slice(0, SLUG_MAX + 1)
  return cut.slice(0, cut.lastIndexOf('-') > 0 ? cut.lastIndexOf('-') : SLUG_MAX).replace(/-+$/, '')
}

/** One article file as it is now: its text, where it is, and its version (the desk's forms carry it back). */
export type ArticleSource = { slug: string; place: ArticlePlace; text: string; version: string }

export function readArticleSource(slug: string): ArticleSource | undefined {
  for (const place of ['udgivet', 'kladde'] as const) {
    const name = articleFileName(slug, place)
    if (!name) return undefined
    try {
      const text = readFileSync(join(articleFolder(), name), 'utf8')
      return { slug, place, text, version: versionOf(text) }
    } catch {
      // not in this folder
    }
  }
  return undefined
}

/** Every article file of both folders, published ones first in name order. */
export function listArticleSources(): ArticleSource[] {
  const list = (folder: string, place: ArticlePlace) => {
    try {
      return readdirSync(folder)
        .filter((name) => name.endsWith('.md') && isSlug(name.slice(0, -3)))
        .sort()
        .flatMap((name) => readArticleSource(name.slice(0, -3)) ?? [])
        .filter((source) => source.place === place)
    } catch {
      return []
    }
  }
  return [...list(articleFolder(), 'udgivet'), ...list(draftFolder(), 'kladde')]
}

/** What the desk's form holds of an article; the rest of the front matter stays as the file has it. */
export type ArticleFields = { title: string; description: string; category: string; publishedAt: string; body: string }

/**
 * The file's text with the form's fields put in: the four front matter fields set (the others, and
 * their order, kept), the text under it replaced. A new article gets the four fields alone, as the
 * guide's example does; the seed fills in the author and the generated cover.
 */
export function articleText(fields: ArticleFields, previous?: string) {
  const parts = previous === undefined ? undefined : splitFrontMatter(previous)
  const parsed = parts ? parseDocument(parts.yaml) : undefined
  const document: Document = parsed && isMap(parsed.contents) ? parsed : new Document({})
  document.set('title', fields.title)
  document.set('description', fields.description)
  document.set('category', fields.category)
  document.set('publishedAt', fields.publishedAt)
  const front = document.toString({ lineWidth: 0, flowCollectionPadding: false }).trimEnd()
  return `---\n${front}\n---\n${fields.body.replace(/\r\n?/g, '\n').trim()}\n`
}

/**
 * The file's text with `hero: image` in its front matter, so the article page shows the cover photo
 * at the top (without it the page draws the generated gradient). The rest of the file stays as it is.
 */
export function withHeroImage(text: string) {
  const parts = splitFrontMatter(text)
  if (!parts) return text
  const document = parseDocument(parts.yaml)
  if (!isMap(document.contents) || document.get('hero') === 'image') return text
  document.set('hero', 'image')
  return `---\n${document.toString({ lineWidth: 0, flowCollectionPadding: false }).trimEnd()}\n---\n${parts.body}`
}

/** The form's fields read back from a file's text (for the editor). */
export function fieldsOf(text: string): ArticleFields {
  const parts = splitFrontMatter(text)
  const data = (parts ? (parseDocument(parts.yaml).toJS() as Record<string, unknown> | null) : null) ?? {}
  const value = (key: string) => (data[key] === undefined || data[key] === null ? '' : String(data[key]))
  return { title: value('title'), description: value('description'), category: value('category'), publishedAt: dayOf(value('publishedAt')), body: (parts?.body ?? text).trim() }
}

/** The day of a date as the terminal workflow may write it (2025-09-18, 18.09.2025, 18. september 2025 …), in Danish time, as the date field wants it; '' when it is none. */
function dayOf(written: string) {
  const date = parseDate(written)
  return date ? new Intl.DateTimeFormat('sv-SE', { timeZone: written.trim().length > 10 && /T|\d:\d/.test(written) ? 'Europe/Copenhagen' : 'UTC' }).format(date) : ''
}

/**
 * Writes the file whole or not at all (a temporary file put in its place), in its folder. `isNew`:
 * only if no file has the name yet (two devices saving a new article with one title at once: the
 * second gets false and writes nothing).
 */
export function writeArticle(slug: string, place: ArticlePlace, text: string, { isNew = false } = {}) {
  const name = articleFileName(slug, place)
  if (!name) throw new Error('not a slug')
  const path = join(articleFolder(), name)
  mkdirSync(join(path, '..'), { recursive: true })
  const temporary = `${path}.${randomBytes(4).toString('hex')}.tmp`
  writeFileSync(temporary, text)
  if (isNew) {
    try {
      // A link fails when the name is taken, where a rename would replace the file.
      linkSync(temporary, path)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
      throw error
    } finally {
      rmSync(temporary, { force: true })
    }
  } else renameSync(temporary, path)
  // An article is in one folder only: a save that moves it removes it from the other.
  const other = articleFileName(slug, place === 'udgivet' ? 'kladde' : 'udgivet')!
  rmSync(join(articleFolder(), other), { force: true })
  return true
}

/** Puts an article back as it was before a save (a seed that refused the folder changes nothing). */
export function restoreArticle(slug: string, before: ArticleSource | undefined) {
  if (before) return writeArticle(slug, before.place, before.text)
  for (const place of ['udgivet', 'kladde'] as const) rmSync(join(articleFolder(), articleFileName(slug, place)!), { force: true })
}

/** Removes the article's file and its cover photo; the names removed, for git. */
export function removeArticle(slug: string): string[] {
  const names = [articleFileName(slug, 'udgivet'), articleFileName(slug, 'kladde'), coverPhotoName(slug)].filter((name): name is string => !!name)
  const present = names.filter((name) => existsSync(join(articleFolder(), name)))
  for (const name of present) rmSync(join(articleFolder(), name), { force: true })
  return present
}

/** The one name a cover photo uploaded from the desk has (JPEG, whatever she sent). */
export const coverPhotoName = (slug: string) => (isSlug(slug) ? `images/${slug}.jpg` : undefined)

/** Written whole; a .jpg comes first where covers.ts looks for an article's photo, so it wins over one put there by hand. */
export function writeCoverPhoto(slug: string, jpeg: Buffer) {
  const name = coverPhotoName(slug)
  if (!name) throw new Error('not a slug')
  mkdirSync(photoFolder(), { recursive: true })
  const path = join(articleFolder(), name)
  const temporary = `${path}.${randomBytes(4).toString('hex')}.tmp`
  writeFileSync(temporary, jpeg)
  renameSync(temporary, path)
  return name
}

export const hasCoverPhoto = (slug: string) => {
  const name = coverPhotoName(slug)
  return !!name && existsSync(join(articleFolder(), name))
}
