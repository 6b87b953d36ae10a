import { randomBytes } from 'node:crypto'
import { readFileSync, renameSync, writeFileSync } from 'node:fs'
import { Document, isMap, isScalar, isSeq, parseDocument } from 'yaml'
import type { Db } from '#db/database'
import type { DeskContentField, DeskContentPage, DeskStatus } from '~/lib/desk/desk-data'
import { readState, writeState } from '~/server/app-state.server'
import { type ContentFile, contentDir, contentPath, contentStatus, rereadContent, splitFrontMatter, versionOf } from '~/server/content/content-file.server'
import { aboutFile, articleClosingsFile, crisisLinesFile, faqFile, firstPersonStoriesFile, getSite, privacyFile, referencesFile, servicesFile, siteFile, startHereFile } from '~/server/content/content.server'
import { commitContentFile, inGitWorkTreeNow, queueContentPush } from '~/server/content/content-git.server'
import { keepDeskDraft, readDeskDraft } from '~/server/desk/desk-drafts.server'
import { recordDeskEvent } from '~/server/desk/desk-events.server'
import { log } from '~/server/log.server'

/**
 * Her facts, prices, references and story, edited from the desk: a form per file, checked by the
 * file's own schema before anything is written, the version she edited compared with the file's
 * version now, then written, committed and pushed. A form names a file only by these ids; the
 * file names are the loader's fixed ones, so nothing she posts reaches a path.
 */
const EDITABLE = {
  oplysninger: { file: siteFile, title: 'Dine oplysninger', commit: 'Dine oplysninger er rettet fra skrivebordet' },
  ydelser: { file: servicesFile, title: 'Ydelser og priser', commit: 'Ydelser og priser er rettet fra skrivebordet' },
  referencer: { file: referencesFile, title: 'Referencer', commit: 'Referencerne er rettet fra skrivebordet' },
  historie: { file: aboutFile, title: 'Din historie og dine citater', commit: 'Din historie og dine citater er rettet fra skrivebordet' },
  spoergsmaal: { file: faqFile, title: 'Spørgsmål og svar', commit: 'Spørgsmål og svar er rettet fra skrivebordet' },
  kriselinjer: { file: crisisLinesFile, title: 'Hjælp med det samme (kriselinjer)', commit: 'Kriselinjerne er rettet fra skrivebordet' },
  privatliv: { file: privacyFile, title: 'Privatlivspolitikken', commit: 'Privatlivspolitikkens oplysninger er rettet fra skrivebordet' },
  'gode-steder': { file: startHereFile, title: 'Gode steder at begynde (artikler)', commit: '»Gode steder at begynde« er rettet fra skrivebordet' },
  afslutninger: { file: articleClosingsFile, title: 'Kortet under artiklerne', commit: 'Kortene under artiklerne er rettet fra skrivebordet' },
  'egne-ord': { file: firstPersonStoriesFile, title: 'Beretninger med egne ord', commit: 'Beretningerne med egne ord er rettet fra skrivebordet' },
} as const satisfies Record<string, { file: ContentFile<unknown>; title: string; commit: string }>

export type ContentId = keyof typeof EDITABLE
export const isContentId = (value: string): value is ContentId => Object.hasOwn(EDITABLE, value)
export const contentIds = Object.keys(EDITABLE) as ContentId[]

/* ───────────────────────── the form of a file ───────────────────────── */

type Leaf = { path: Array<string | number>; label: string; kind: 'text' | 'list' | 'number' }

const labelOf = (path: Array<string | number>) => path.map((part) => (typeof part === 'number' ? `nr. ${part + 1}` : part.replace(/_/g, ' '))).join(' → ')

/** Every value she can change, in the file's order: texts and numbers, a list of texts as one field (a line each). */
function leavesOf(document: Document): Leaf[] {
  const leaves: Leaf[] = []
  const walk = (node: unknown, path: Array<string | number>) => {
    if (isMap(node)) {
      for (const pair of node.items) {
        const key = isScalar(pair.key) ? String(pair.key.value) : String(pair.key)
        // An id stands fixed (the page's addresses use it).
        if (key === 'id') continue
        walk(pair.value, [...path, key])
      }
    } else if (isSeq(node)) {
      if (node.items.every((item) => isScalar(item))) leaves.push({ path, label: labelOf(path), kind: 'list' })
      else node.items.forEach((item, index) => walk(item, [...path, index]))
    } else if (isScalar(node)) {
      leaves.push({ path, label: labelOf(path), kind: typeof node.value === 'number' ? 'number' : 'text' })
    }
  }
  walk(document.contents, [])
  return leaves
}

const BODY = 'tekst'

/** A value as her form shows it: a value left empty in the file (YAML's null) is an empty field, not »null«. */
const shownValue = (node: unknown) => (isScalar(node) ? String(node.value ?? '') : '')

function partsOf(file: ContentFile<unknown>, text: string) {
  if (file !== aboutFile) return { yaml: text, body: undefined }
  const parts = splitFrontMatter(text)
  return parts ? { yaml: parts.yaml, body: parts.body } : { yaml: '', body: text }
}

/** The fields of the form for this text of the file (their names: f0, f1 … in the file's order). */
export function formFields(file: ContentFile<unknown>, text: string): DeskContentField[] {
  const { yaml, body } = partsOf(file, text)
  const document = parseDocument(yaml)
  const fields: DeskContentField[] = leavesOf(document).map((leaf, index) => {
    const node = document.getIn(leaf.path, true)
    const value = leaf.kind === 'list' && isSeq(node) ? node.items.map(shownValue).join('\n') : shownValue(node)
    return { name: `f${index}`, label: leaf.label, value, kind: leaf.kind, long: leaf.kind === 'list' || value.length > 80 }
  })
  if (body !== undefined) fields.push({ name: BODY, label: 'din historie (afsnit adskilt af en tom linje)', value: body.trim(), kind: 'text', long: true })
  return fields
}

const fieldValue = (form: FormData, name: string) => {
  const value = form.get(name)
  return typeof value === 'string' ? value.replace(/\r\n?/g, '\n') : undefined
}

/**
 * The file's text with the form's values put in. A changed value replaces only its own characters,
 * so comments, blank lines and alignment stay as she (or the shipped file) wrote them, and git
 * shows just the lines she changed; a changed list is written anew in the file's order.
 */
export function applyForm(file: ContentFile<unknown>, text: string, form: FormData): string {
  const { yaml, body } = partsOf(file, text)
  const document = parseDocument(yaml)
  const edits: Array<{ from: number; to: number; source: string }> = []
  let listChanged = false
  leavesOf(document).forEach((leaf, index) => {
    const posted = fieldValue(form, `f${index}`)
    if (posted === undefined) return
    const node = document.getIn(leaf.path, true)
    if (leaf.kind === 'list') {
      const lines = posted.split('\n').map((line) => line.trim()).filter(Boolean)
      const before = isSeq(node) ? node.items.map(shownValue) : []
      if (lines.join('\n') === before.join('\n')) return
      document.setIn(leaf.path, document.createNode(lines))
      listChanged = true
      return
    }
    const trimmed = posted.trim().replace(/\s*\n\s*/g, ' ')
    // A number stays a number when she writes one; anything else goes to the schema as she wrote it.
    const value = leaf.kind === 'number' && /^-?\d+(?:\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed
    if (!isScalar(node) || shownValue(node) === String(value)) return
    node.value = value
    if (node.range) edits.push({ from: node.range[0], to: node.range[1], source: new Document(value).toString({ lineWidth: 0 }).trimEnd() })
  })
  let front: string
  if (listChanged) front = document.toString({ lineWidth: 0 })
  else front = edits.sort((a, b) => b.from - a.from).reduce((source, edit) => source.slice(0, edit.from) + edit.source + source.slice(edit.to), yaml)
  if (body === undefined) return front
  const story = fieldValue(form, BODY) ?? body
  return `---\n${front.trimEnd()}\n---\n${story.trim()}\n`
}

/* ───────────────────────── saving ───────────────────────── */

const readText = (name: string) => {
  try {
    return readFileSync(contentPath(name), 'utf8')
  } catch {
    return undefined
  }
}

/** The text of a version the desk has shown, so a late save can be shown against the file as it is now. */
const seenKey = (name: string, version: string) => `desk:seen:${name}:${version}`
type Draft = { id: ContentId; text: string; errors: string[]; current?: string }

/** Writes the file whole or not at all: a reader never sees half a file. */
function writeWhole(name: string, text: string) {
  const path = contentPath(name)
  const temporary = `${path}.${randomBytes(4).toString('hex')}.tmp`
  writeFileSync(temporary, text)
  renameSync(temporary, path)
}

export type SaveOutcome = { status: DeskStatus; draft?: string; commit?: string }

/**
 * A save from the desk: the form's values (or the whole text) put into the version she edited;
 * refused when the file changed since (she sees both), or when the schema finds a mistake (she
 * sees the Danish messages). Nothing is written then.
 */
export async function saveContent(db: Db, id: ContentId, form: FormData, now: Date): Promise<SaveOutcome> {
  const { file, commit: message } = EDITABLE[id]
  const current = readText(file.name)
  const version = fieldValue(form, 'version') ?? ''
  const edited = version === versionOf(current) ? current : readState(db, seenKey(file.name, version))?.value
  const whole = fieldValue(form, 'hele')
  const text = whole !== undefined ? whole : edited !== undefined ? applyForm(file, edited, form) : undefined
  if (text === undefined) return { status: 'fejl' }
  if (version !== versionOf(current)) {
    log('info', 'desk content save refused', { file: file.name, reason: 'changed meanwhile' })
    return { status: 'aendret-imens', draft: keepDeskDraft(db, { id, text, errors: [], current: current ?? '' }, now) }
  }
  // A list that names articles is checked against the articles on the site now.
  const checked = file.checkAgainstSite ? file.checkAgainstSite(text) : file.check(text)
  if (!checked.ok) {
    log('info', 'desk content save refused', { file: file.name, reason: 'mistakes', mistakes: checked.errors.length })
    return { status: 'ikke-gemt', draft: keepDeskDraft(db, { id, text, errors: checked.errors }, now) }
  }
  if (text === current) return { status: 'uaendret' }
  writeWhole(file.name, text)
  rereadContent(file.name)
  recordDeskEvent(db, `gemt-${file.name}` as 'gemt-site.yaml', now)
  log('info', 'desk content saved', { file: file.name })
  let commit: string | undefined
  try {
    const site = getSite()
    commit = await commitContentFile(contentDir(), file.name, message, { name: site.name, email: site.email })
    if (commit) queueContentPush(db, contentDir(), commit, now)
  } catch (error) {
    // The file is saved and in force; only its history is missing (check:launch and the desk say so).
    log('error', 'desk content saved but not committed', { file: file.name, error: error instanceof Error ? error.message.split('\n')[0] : String(error) })
  }
  return { status: 'gemt', commit }
}

/* ───────────────────────── the desk's pages ───────────────────────── */

/** The list of her files, each with whether the site shows the last good version of a broken one. */
export function contentOverview() {
  return {
    files: contentIds.map((id) => {
      const { title } = EDITABLE[id]
      const file: ContentFile<unknown> = EDITABLE[id].file
      let problems = 0
      let lastGood = false
      try {
        const status = contentStatus(file)
        problems = status.errors.length
        lastGood = status.lastGoodInForce
      } catch {
        problems = 1
      }
      return { id, title, file: `content/${file.name}`, problems, lastGood }
    }),
    history: inGitWorkTreeNow(contentDir()),
  }
}

/** The form of one file (or a refused save of it, with its messages and, after a conflict, the file as it is now). */
export function contentPage(db: Db, id: ContentId, { draft: draftId, whole }: { draft?: string; whole?: boolean }, now: Date): DeskContentPage {
  const { title } = EDITABLE[id]
  const file: ContentFile<unknown> = EDITABLE[id].file
  const text = readText(file.name) ?? ''
  const version = versionOf(readText(file.name))
  writeState(db, seenKey(file.name, version), text, now)
  const draft = readDeskDraft<Draft>(db, draftId)
  let errors: string[] = []
  let lastGood = false
  try {
    const status = contentStatus(file)
    errors = status.errors
    lastGood = status.lastGoodInForce
  } catch (error) {
    errors = (error as Error).message.split('\n').slice(1)
  }
  const usable = draft && draft.id === id ? draft : undefined
  return {
    id,
    title,
    file: `content/${file.name}`,
    version,
    whole: whole || !!usable || errors.length > 0,
    text: usable ? usable.text : text,
    fields: formFields(file, text),
    fileErrors: usable ? [] : errors,
    lastGood,
    refused: usable ? { errors: usable.errors, current: usable.current } : undefined,
  }
}
