/**
 * Reading Stryker's JSON reports (reports/stryker/<part>.json) for the summary: which files' results
 * no longer describe the code on disk, and what code a surviving mutant changed.
 */

type Position = { line: number; column: number }
export type Mutant = { id: string; mutatorName: string; replacement?: string; status: string; static?: boolean; location: { start: Position; end: Position } }
export type Report = { files: Record<string, { source: string; mutants: Mutant[] }> }

export type StaleFile = { part: string; file: string; reason: string }

/**
 * The files whose results are not the code of today: the source Stryker mutated differs from the
 * file on disk, a file of the part has no results, a result is for a file the part no longer names
 * (deleted, or moved to another part), or the part's last run was interrupted. `read` gives a
 * file's text, undefined when it is gone.
 */
export function staleFiles(
  parts: Record<string, string[]>,
  reports: Record<string, Report | undefined>,
  read: (file: string) => string | undefined,
  unfinished: (part: string) => boolean = () => false,
): StaleFile[] {
  const stale: StaleFile[] = []
  for (const [part, files] of Object.entries(parts)) {
    const results = reports[part]?.files ?? {}
    for (const file of files) {
      const entry = results[file]
      // An interrupted run saves only the mutants it tried; which ones are missing its report cannot say.
      const reason = entry === undefined ? 'no results' : entry.source !== read(file) ? 'changed since its run' : unfinished(part) ? 'its run was interrupted' : undefined
      if (reason) stale.push({ part, file, reason })
    }
    for (const file of Object.keys(results)) {
      if (!files.includes(file)) stale.push({ part, file, reason: read(file) === undefined ? 'deleted' : 'no longer in the part' })
    }
  }
  return stale.sort((a, b) => a.file.localeCompare(b.file) || a.part.localeCompare(b.part))
}

/**
 * The code a mutant replaced, from its location (lines and columns count from 1, the end is
 * exclusive), on one line. A long fragment (a removed block) keeps its beginning and its end.
 */
export function mutatedFragment(source: string, { start, end }: { start: Position; end: Position }, max = 100) {
  const lines = source.split('\n').slice(start.line - 1, end.line)
  if (lines.length === 0) return ''
  // The end first: on a one-line fragment, cutting the start would shift the end's column.
  lines[lines.length - 1] = lines[lines.length - 1]!.slice(0, end.column - 1)
  lines[0] = lines[0]!.slice(start.column - 1)
  return shorten(lines.join('\n'), max)
}

/** Whitespace (line breaks, indentation) as one space; text over max characters as its two ends. */
export function shorten(text: string, max: number) {
  const flat = text.replace(/\s+/g, ' ').trim()
  if (flat.length <= max) return flat
  const tail = Math.floor(max / 3)
  return `${flat.slice(0, max - tail - 3).trimEnd()} … ${flat.slice(flat.length - tail).trimStart()}`
}
