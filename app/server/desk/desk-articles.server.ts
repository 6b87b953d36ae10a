import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ArticleFileError, categoryId, generatedCoverUrl, parseArticleFile } from '#db/article-file'
import type { Db } from '#db/database'
import { type Category, categories, categoryLabels } from '~/lib/categories'
import { type CrisisAudience, crisisHelpFor } from '~/lib/content/crisis-lines'
import { formatDanishDate } from '~/lib/dates'
import type { DeskArticleEditor, DeskArticleFields, DeskArticleList, DeskArticlePreview, DeskStatus } from '~/lib/desk/desk-data'
import {
  articleFileName,
  articleFolder,
  articleText,
  coverPhotoName,
  fieldsOf,
  hasCoverPhoto,
  isSlug,
  listArticleSources,
  readArticleSource,
  removeArticle,
  restoreArticle,
  slugFromTitle,
  writeArticle,
  writeCoverPhoto,
} from '~/server/content/article-files.server'
import { toldInOwnWords } from '~/server/blog/blog.server'
import { runBlogSeed } from '~/server/content/blog-seed.server'
import { getCrisisLines, getSite } from '~/server/content/content.server'
import { commitContentFile, inGitWorkTreeNow, queueContentPush } from '~/server/content/content-git.server'
import { renderArticlePreview } from '~/server/desk/article-preview.server'
import { keepDeskDraft, readDeskDraft } from '~/server/desk/desk-drafts.server'
import { recordDeskEvent } from '~/server/desk/desk-events.server'
import { withCoverVersions } from '~/server/images.server'
import { log } from '~/server/log.server'

/**
 * Her articles on the desk: the list, the editor with its preview, a save (written as the same
 * file the terminal workflow writes, the seed run, committed), and a deletion. A post names an
 * article only by its slug, checked against SLUG_PATTERN; the files' paths are made in
 * article-files.server.ts.
 */

/** What a post could not save, or a preview, for the editor page it answers with. */
type ArticleDraft = { slug: string | undefined; version: string; fields: DeskArticleFields; errors: string[]; current?: string; preview?: boolean }

const NEW = 'ny'
const editorAddress = (slug: string | undefined) => `/coach/artikler/${slug ?? NEW}`

/** Today in Denmark, as the date field writes it (2026-12-06). */
const danishToday = (now: Date) => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Copenhagen' }).format(now)
/** The moment the seed takes a date (day) to begin: midnight UTC, as parseArticleFile stores it. */
const dayStarts = (date: string) => Date.parse(`${date.slice(0, 10)}T00:00:00Z`)

/* ───────────────────────── the list ───────────────────────── */

export function articleList(now: Date): DeskArticleList {
  const articles = listArticleSources().map((source) => {
    const fields = fieldsOf(source.text)
    const state = source.place === 'kladde' ? ('kladde' as const) : dayStarts(fields.publishedAt) > now.getTime() ? ('planlagt' as const) : ('udgivet' as const)
    const date = Number.isNaN(dayStarts(fields.publishedAt)) ? '' : formatDanishDate(new Date(dayStarts(fields.publishedAt)).toISOString())
    return { slug: source.slug, title: fields.title || source.slug, state, date, sortKey: fields.publishedAt }
  })
  const order = { kladde: 0, planlagt: 1, udgivet: 2 }
  articles.sort((a, b) => order[a.state] - order[b.state] || b.sortKey.localeCompare(a.sortKey) || a.slug.localeCompare(b.slug))
  return { articles: articles.map(({ sortKey: _, ...line }) => line), history: inGitWorkTreeNow(articleFolder()) }
}

/* ───────────────────────── the editor ───────────────────────── */

const categoryChoices = () => categories.map((id) => ({ id, label: categoryLabels[id] }))

/** The editor of an article (`key`: its slug, or »ny«), with a kept draft (a refused save, a conflict, a preview) in place of the file. */
export function articleEditor(db: Db, key: string, draftId: string | undefined, now: Date): DeskArticleEditor | undefined {
  const slug = key === NEW ? undefined : key
  if (slug !== undefined && !isSlug(slug)) return undefined
  const source = slug === undefined ? undefined : readArticleSource(slug)
  if (slug !== undefined && !source) return undefined
  const draft = readDeskDraft<ArticleDraft>(db, draftId)
  const usable = draft && draft.slug === slug ? draft : undefined
  const fromFile = source ? { ...fieldsOf(source.text), place: source.place } : undefined
  const fields: DeskArticleFields = usable?.fields ?? fromFile ?? { title: '', description: '', category: '', publishedAt: danishToday(now), body: '', place: 'kladde' }
  fields.category = categoryId(fields.category) ?? fields.category
  const onSite = source?.place === 'udgivet' && dayStarts(fromFile!.publishedAt) <= now.getTime()
  return {
    slug,
    version: usable?.version ?? source?.version ?? 'mangler',
    fields,
    categories: categoryChoices(),
    address: onSite ? `/blog/${slug}` : undefined,
    cover: slug && source ? coverOf(slug) : undefined,
    preview: usable?.preview ? previewOf(slug ?? (slugFromTitle(fields.title) || 'ny-artikel'), fields, source?.text) : undefined,
    errors: usable?.errors ?? [],
    current: usable?.current,
  }
}

function coverOf(slug: string) {
  const [card] = withCoverVersions([{ slug, imageUrl: generatedCoverUrl(slug) }])
  return { url: card!.imageUrl, photo: hasCoverPhoto(slug) }
}

/** The article as its page renders it, from the text a save would write (rendered on the server: article-preview.server.tsx). */
function previewOf(slug: string, fields: DeskArticleFields, previous: string | undefined): DeskArticlePreview | undefined {
  try {
    const row = parseArticleFile(`${slug}.md`, articleText(fields, previous))
    const [withVersion] = withCoverVersions([{ slug, imageUrl: row.imageUrl }])
    const html = renderArticlePreview({
      title: row.title,
      category: row.category as Category,
      author: row.author,
      publishedAt: row.publishedAt,
      revisedAt: row.revisedAt ?? null,
      readingMinutes: row.readingMinutes!,
      hero: row.hero as 'image' | 'gradient',
      imageUrl: withVersion!.imageUrl,
      imageAlt: row.imageAlt,
      bodyHtml: row.bodyHtml,
      tableOfContents: row.tableOfContents ?? [],
      anonymised: row.anonymised ?? false,
      inOwnWords: toldInOwnWords(slug),
      crisisHelp: row.crisisLines ? crisisHelpFor(getCrisisLines(), row.crisisLines as CrisisAudience) : null,
    })
    return { html }
  } catch {
    return undefined
  }
}

/* ───────────────────────── saving ───────────────────────── */

const formText = (form: FormData, name: string) => {
  const value = form.get(name)
  return typeof value === 'string' ? value.replace(/\r\n?/g, '\n') : ''
}

function fieldsFrom(form: FormData): DeskArticleFields {
  return {
    title: formText(form, 'titel').trim().replace(/\s+/g, ' '),
    description: formText(form, 'beskrivelse').trim().replace(/\s+/g, ' '),
    category: formText(form, 'kategori'),
    publishedAt: formText(form, 'dato').trim(),
    body: formText(form, 'tekst').trim(),
    place: formText(form, 'synlig') === 'udgivet' ? 'udgivet' : 'kladde',
  }
}

/** The form's own mistakes, each naming its field as the form does. */
function fieldMistakes(fields: DeskArticleFields): string[] {
  const mistakes: string[] = []
  if (!fields.title) mistakes.push('»Titel« mangler – skriv artiklens overskrift.')
  else if (fields.title.length > 200) mistakes.push('»Titel« er for lang – højst 200 tegn.')
  if (!fields.description) mistakes.push('»Beskrivelse« mangler – skriv en til to sætninger om artiklen (de står på bloggen og i søgemaskinerne).')
  else if (fields.description.length > 300) mistakes.push('»Beskrivelse« er for lang – højst 300 tegn.')
  if (!(categories as string[]).includes(fields.category)) mistakes.push('»Kategori« mangler – vælg en af bloggens kategorier.')
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(fields.publishedAt)
  if (!day || new Date(dayStarts(fields.publishedAt)).toISOString().slice(0, 10) !== fields.publishedAt) mistakes.push('»Dato« er ikke en dato – vælg en dag, fx 18.09.2025.')
  if (!fields.body) mistakes.push('»Tekst« mangler – skriv artiklens tekst.')
  return mistakes
}

const fieldNames: Record<string, string> = { title: 'Titel', description: 'Beskrivelse', category: 'Kategori', publishedAt: 'Dato' }
/** The seed's messages name the front matter's fields; the desk names the form's. */
const asFormMessage = (problem: string) => problem.replace(/feltet »(\w+)«/g, (whole, field: string) => (fieldNames[field] ? `»${fieldNames[field]}«` : whole))

export type ArticleOutcome = { location: string }

/** A preview answers at the preview (without JavaScript the browser scrolls there itself). */
const answer = (slug: string | undefined, status: DeskStatus, draft?: string) => ({
  location: `${editorAddress(slug)}?status=${status}${draft ? `&kladde=${draft}` : ''}${status === 'forhaandsvisning' ? '#forhaandsvisning' : ''}`,
})

/**
 * A post of the editor: a preview (nothing saved), or a save. Refused, with nothing changed: a
 * mistake in a field, a title whose address another article has, a file changed since she opened
 * it (she sees both), a folder the seed refuses.
 */
export async function saveArticle(db: Db, form: FormData, now: Date): Promise<ArticleOutcome> {
  const posted = formText(form, 'artikel')
  if (posted !== '' && !isSlug(posted)) return { location: '/coach/artikler?status=fejl' }
  const existing = posted === '' ? undefined : posted
  const version = formText(form, 'version')
  const fields = fieldsFrom(form)
  const keep = (draft: Omit<ArticleDraft, 'slug' | 'version' | 'fields'>) => keepDeskDraft(db, { slug: existing, version, fields, ...draft } satisfies ArticleDraft, now)
  const before = existing ? readArticleSource(existing) : undefined

  if (formText(form, 'trin') === 'forhaandsvis') return answer(existing, 'forhaandsvisning', keep({ errors: fieldMistakes(fields), preview: true }))

  const mistakes = fieldMistakes(fields)
  if (mistakes.length > 0) return answer(existing, 'ikke-gemt', keep({ errors: mistakes }))
  if (existing && (!before || before.version !== version)) {
    log('info', 'desk article save refused', { reason: 'changed meanwhile' })
    return answer(existing, 'aendret-imens', keep({ errors: [], current: before?.text ?? '' }))
  }
  const slug = existing ?? slugFromTitle(fields.title)
  if (!slug || !isSlug(slug)) return answer(existing, 'ikke-gemt', keep({ errors: ['»Titel« skal indeholde bogstaver eller tal.'] }))
  if (!existing && readArticleSource(slug)) return answer(existing, 'adresse-optaget', keep({ errors: [] }))

  const text = articleText(fields, before?.text)
  try {
    parseArticleFile(`${slug}.md`, text)
  } catch (error) {
    if (!(error instanceof ArticleFileError)) throw error
    return answer(existing, 'ikke-gemt', keep({ errors: error.problems.map(asFormMessage) }))
  }
  if (before && before.text === text && before.place === fields.place) return answer(slug, 'uaendret')

  if (!writeArticle(slug, fields.place, text, { isNew: !before })) return answer(existing, 'adresse-optaget', keep({ errors: [] }))
  const seeded = await runBlogSeed(db, articleFolder())
  if (!seeded.ok) {
    restoreArticle(slug, before)
    log('error', 'desk article not saved: the seed refused the folder', { mistakes: seeded.errors.length })
    return answer(existing, 'blog-fejl', keep({ errors: seeded.errors }))
  }
  recordDeskEvent(db, before ? 'artikel-rettet' : 'artikel-skrevet', now)
  log('info', 'desk article saved', { place: fields.place })
  const status: DeskStatus = fields.place === 'kladde' ? 'kladde' : dayStarts(fields.publishedAt) > now.getTime() ? 'planlagt' : 'udgivet'
  const message = !before
    ? `Ny artikel fra skrivebordet: »${fields.title}«`
    : before.place !== fields.place
      ? `»${fields.title}« er ${fields.place === 'kladde' ? 'taget af siden (kladde)' : 'udgivet'} fra skrivebordet`
      : `»${fields.title}« er rettet fra skrivebordet`
  await commitArticle(db, [articleFileName(slug, 'udgivet')!, articleFileName(slug, 'kladde')!], message, now)
  return answer(slug, status)
}

/** A deletion, after the confirmation step: the file and its photo go, then the seed takes it off the site. */
export async function deleteArticle(db: Db, slug: string, now: Date): Promise<ArticleOutcome> {
  const before = isSlug(slug) ? readArticleSource(slug) : undefined
  if (!before) return { location: '/coach/artikler?status=fejl' }
  const photoName = coverPhotoName(slug)!
  const photo = hasCoverPhoto(slug) ? readFileSync(join(articleFolder(), photoName)) : undefined
  const removed = removeArticle(slug)
  const seeded = await runBlogSeed(db, articleFolder())
  if (!seeded.ok) {
    restoreArticle(slug, before)
    if (photo) writeCoverPhoto(slug, photo)
    return answer(slug, 'blog-fejl', keepDeskDraft(db, { slug, version: before.version, fields: { ...fieldsOf(before.text), place: before.place }, errors: seeded.errors } satisfies ArticleDraft, now))
  }
  recordDeskEvent(db, 'artikel-slettet', now)
  await commitArticle(db, removed, `»${fieldsOf(before.text).title}« er slettet fra skrivebordet`, now)
  return { location: '/coach/artikler?status=artikel-slettet' }
}

/** Committed with her name, pushed through the outbox; a file saved without history is still saved (the list says so). */
export async function commitArticle(db: Db, names: string[], message: string, now: Date) {
  try {
    const site = getSite()
    const commit = await commitContentFile(articleFolder(), names, message, { name: site.name, email: site.email })
    if (commit) queueContentPush(db, articleFolder(), commit, now)
  } catch (error) {
    log('error', 'desk article saved but not committed', { error: error instanceof Error ? error.message.split('\n')[0] : String(error) })
  }
}
