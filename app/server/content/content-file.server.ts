import { createHash } from 'node:crypto'
import { readFileSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { type Document, LineCounter, isNode, parseDocument } from 'yaml'
import type { z } from 'zod'
import { log } from '~/server/log.server'

/**
 * One of the coach's content files (content/*.yaml, content/om.md), read while the server runs:
 * checked by its schema on every change, the last good version kept in force while a saved file
 * has a mistake (and in the database, so a restart keeps it), every mistake named with its line.
 * The server, the desk, check:launch and the seed all read through here.
 */

/** The folder of the coach's files; a test points CONTENT_DIR at a copy of its own. */
export const contentDir = () => resolve(process.env.CONTENT_DIR ?? 'content')

/** How often a file's modification time is looked at (ms): a saved change is in force within this. */
const recheckMs = () => Number(process.env.CONTENT_RECHECK_MS ?? 1000)

export type ContentCheck<T> = { ok: true; value: T } | { ok: false; errors: string[] }

/** Where the last good text of a file is kept between starts (the server's database, app_state). */
export type LastGoodStore = { read(key: string): string | undefined; write(key: string, value: string): void }

let store: LastGoodStore | undefined
/** Called once a database is open: from then on a good file's text is kept there, and read back while the file is broken. */
export function keepLastGoodIn(next: LastGoodStore | undefined) {
  store = next
  // Read again: a file broken since the start can now fall back on what the database kept.
  for (const file of files.values()) Object.assign(file, { keptText: undefined, result: undefined, stat: undefined, checkedAt: Number.NEGATIVE_INFINITY })
}

export type ContentFile<T> = {
  /** The file's name in the content folder: the only names a form can reach. */
  name: string
  check(text: string): ContentCheck<T>
  /**
   * The same check against the rest of the site as it is now (a list that names articles: that each
   * is on the site). The desk's save and check:launch ask it; the loader does not, so an article
   * taken off the site never makes a list broken.
   */
  checkAgainstSite?(text: string): ContentCheck<T>
}

type State<T> = {
  spec: ContentFile<T>
  checkedAt: number
  stat?: { mtimeMs: number; size: number }
  text?: string
  result?: ContentCheck<T>
  /** The value in force: the file's, or while it is broken, its last good one. */
  value?: T
  goodText?: string
  keptText?: string
  reported?: string
}

const files = new Map<string, State<unknown>>()
let generation = 0

export const contentPath = (name: string) => join(contentDir(), name)
const lastGoodKey = (name: string) => `content:last-good:${name}`

export function defineContentFile<T>(spec: ContentFile<T>) {
  files.set(spec.name, { spec, checkedAt: Number.NEGATIVE_INFINITY } as State<unknown>)
  return spec
}

export type ContentStatus<T> = {
  value: T
  /** The file's own mistakes (empty while it is good). */
  errors: string[]
  /** The site shows the last good version of a broken file. */
  lastGoodInForce: boolean
  /** The file's text as it is now (undefined: missing), and its version, for the desk's forms. */
  text: string | undefined
  version: string
}

export const versionOf = (text: string | undefined) => (text === undefined ? 'mangler' : createHash('sha256').update(text).digest('hex').slice(0, 16))

function refresh<T>(state: State<T>, now: number, force = false) {
  // A time before the last look (a clock set back, a caller's own later time) counts as due.
  if (!force && now >= state.checkedAt && now - state.checkedAt < recheckMs()) return
  state.checkedAt = now
  const path = contentPath(state.spec.name)
  let stat: { mtimeMs: number; size: number } | undefined
  try {
    stat = statSync(path)
  } catch {
    stat = undefined
  }
  if (!force && state.result && stat?.mtimeMs === state.stat?.mtimeMs && stat?.size === state.stat?.size) return
  state.stat = stat
  let text: string | undefined
  try {
    text = stat ? readFileSync(path, 'utf8') : undefined
  } catch {
    text = undefined
  }
  if (state.result && text === state.text) return
  state.text = text
  state.result = text === undefined ? { ok: false, errors: [`content/${state.spec.name}: filen findes ikke – læg den tilbage (fx fra git), eller gem den igen fra skrivebordet`] } : state.spec.check(text)
  const before = state.value
  if (state.result.ok) {
    state.value = state.result.value
    state.goodText = text
    state.reported = undefined
  } else {
    if (state.goodText === undefined) {
      const kept = store?.read(lastGoodKey(state.spec.name))
      const checked = kept === undefined ? undefined : state.spec.check(kept)
      if (checked?.ok) {
        state.value = checked.value
        state.goodText = state.keptText = kept
      }
    }
    const said = state.result.errors.join('\n')
    if (state.reported !== said) {
      state.reported = said
      log('error', 'content file has errors: the last good version stays in force', { file: state.spec.name, errors: state.result.errors, lastGood: state.goodText !== undefined })
    }
  }
  if (state.value !== before) generation++
}

/** The file as the site uses it now. Throws only when it has never been good (not even in the database). */
export function contentStatus<T>(spec: ContentFile<T>, now = Date.now()): ContentStatus<T> {
  const state = files.get(spec.name) as State<T> | undefined
  if (!state) throw new Error(`unknown content file ${spec.name}`)
  refresh(state, now)
  if (state.result?.ok && store && state.keptText !== state.goodText) {
    if (store.read(lastGoodKey(spec.name)) !== state.goodText) store.write(lastGoodKey(spec.name), state.goodText!)
    state.keptText = state.goodText
  }
  if (state.value === undefined) {
    throw new Error(`content/${spec.name} kan ikke bruges, og der er ingen tidligere gyldig udgave:\n${(state.result as { errors: string[] }).errors.join('\n')}`)
  }
  return {
    value: state.value,
    errors: state.result && !state.result.ok ? state.result.errors : [],
    lastGoodInForce: !!state.result && !state.result.ok,
    text: state.text,
    version: versionOf(state.text),
  }
}

/** The value in force. */
export const contentValue = <T>(spec: ContentFile<T>) => contentStatus(spec).value

/**
 * A number that changes whenever any file's value in force changes: the page cache empties itself
 * when it does (every page shows the footer's facts). Looks at the files at most once a recheck interval.
 */
export function contentGeneration(now = Date.now()) {
  for (const state of files.values()) refresh(state, now)
  return generation
}

/** Reads a file again at once (after the desk has written it), without waiting for the interval. */
export function rereadContent(name: string) {
  const state = files.get(name)
  if (state) refresh(state, Date.now(), true)
}

/** Every registered file, for check:launch and the desk. */
export const contentFiles = () => [...files.values()].map((state) => state.spec)

/** Forgets what was read (tests that swap the folder). */
export function forgetContent() {
  for (const state of files.values()) Object.assign(state, { checkedAt: Number.NEGATIVE_INFINITY, stat: undefined, text: undefined, result: undefined, value: undefined, goodText: undefined, keptText: undefined, reported: undefined })
  generation++
}

/* ───────────────────────── checking a file's text ───────────────────────── */

const typeNames: Record<string, string> = {
  string: 'tekst',
  number: 'et tal',
  boolean: 'ja eller nej',
  array: 'en liste (linjer, der begynder med »- «)',
  object: 'en gruppe af linjer med indrykning under',
}

/**
 * Danish messages for what the schemas do not say themselves; the schemas give their own for
 * the values a coach writes (a phone number, a price), with an example.
 */
export const danishIssue = (issue: z.core.$ZodRawIssue): string => {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? 'mangler – skriv den (se de andre linjer for, hvordan den skal se ud)' : `skal være ${typeNames[issue.expected] ?? issue.expected}`
    case 'unrecognized_keys':
      return `kendes ikke: ${issue.keys.map((key) => `»${key}«`).join(', ')} – ret stavningen, eller slet linjen`
    case 'too_small':
      return issue.origin === 'array' ? `skal have mindst ${issue.minimum} punkt${Number(issue.minimum) === 1 ? '' : 'er'}` : 'er tom – skriv en tekst'
    case 'too_big':
      return issue.origin === 'array' ? `må højst have ${issue.maximum} punkter` : `er for lang (højst ${issue.maximum} tegn)`
    case 'invalid_format':
      return issue.format === 'url' ? 'skal være en adresse, der begynder med https://' : issue.format === 'email' ? 'skal være en e-mailadresse, fx navn@ditdomæne.dk' : 'har ikke den rigtige form'
    case 'invalid_value':
      return `skal være ${issue.values.map((value) => `»${String(value)}«`).join(' eller ')}`
    default:
      return 'er ikke gyldig'
  }
}

const pathLabel = (path: readonly PropertyKey[]) =>
  path.length === 0 ? 'filen' : `»${path.map((part, index) => (typeof part === 'number' ? `nr. ${part + 1}` : index > 0 && typeof path[index - 1] === 'number' ? `${String(part)}` : String(part))).join(' → ')}«`

/** The YAML text's mistakes, or its data: every mistake of the file at once, each with its line. */
export function checkYaml<S extends z.ZodType>(file: string, text: string, schema: S, lineOffset = 0): ContentCheck<z.output<S>> {
  const lineCounter = new LineCounter()
  const document = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true })
  const lineOf = (offset: number | undefined) => (offset === undefined ? undefined : lineCounter.linePos(offset).line + lineOffset)
  if (document.errors.length > 0) {
    return {
      ok: false,
      errors: document.errors.map(
        (error) =>
          `content/${file}, linje ${lineOf(error.pos[0]) ?? '?'}: filen kan ikke læses (${error.code === 'DUPLICATE_KEY' ? 'en nøgle står to gange – slet den ene' : 'tjek kolon, anførselstegn, [ ] og indrykning på linjen; en tekst med kolon skal stå i anførselstegn'})`,
      ),
    }
  }
  const result = schema.safeParse(document.toJS() ?? {}, { error: danishIssue })
  if (result.success) return { ok: true, value: result.data }
  return {
    ok: false,
    errors: result.error.issues.flatMap((issue) =>
      // A misspelt key is named on its own line: »navm« kendes ikke.
      issue.code === 'unrecognized_keys'
        ? issue.keys.map(
            (key) =>
              `content/${file}, linje ${lineOfPath(document, [...issue.path, key], lineOf) ?? 1 + lineOffset}: »${key}« kendes ikke${issue.path.length > 0 ? ` under ${pathLabel(issue.path)}` : ''} – ret stavningen, eller slet linjen`,
          )
        : [`content/${file}, linje ${lineOfPath(document, issue.path, lineOf) ?? 1 + lineOffset}: ${pathLabel(issue.path)} ${issue.message}`],
    ),
  }
}

/** The deepest node the path still reaches in the file: a missing key points at its parent. */
function lineOfPath(document: Document, path: readonly PropertyKey[], lineOf: (offset: number | undefined) => number | undefined) {
  for (let depth = path.length; depth >= 0; depth--) {
    const node = document.getIn(path.slice(0, depth) as Array<string | number>, true)
    if (isNode(node)) {
      const line = lineOf(node.range?.[0])
      if (line !== undefined) return line
    }
  }
  return undefined
}

/** Splits a Markdown file into its front matter (YAML between two »---« lines) and its text. */
export function splitFrontMatter(text: string): { yaml: string; body: string; bodyLine: number } | undefined {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(text)
  if (!match) return undefined
  return { yaml: match[1]!, body: text.slice(match[0].length), bodyLine: match[0].split('\n').length }
}
