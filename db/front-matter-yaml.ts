import { type YAMLParseError, parse as parseYaml } from 'yaml'

/**
 * Reads an article's front matter as a coach writes it. YAML is strict where a coach is not:
 * `title: Ro: i hverdagen` is a nested key to YAML, `title:Ro` is no field at all, and
 * `title: "Ro" i hverdagen` is an error. The one-line text fields are therefore quoted before
 * parsing, so they load as meant; everything YAML itself allows (quoted values, > and | blocks,
 * values continued on the next line, lists) is left to YAML. What still fails is told in Danish,
 * with the line and how to fix it.
 */
// The three helpers below are functions, not module constants, so that mutation testing (which
// switches a change on only after the modules are loaded) can try them.
function isTextField(name: string) {
  return ['title', 'description', 'cta', 'imageAlt', 'author', 'section'].includes(name)
}

/** One whole quoted string, perhaps with a comment after it. */
function isCompleteQuoted(value: string) {
  return /^(?:"(?:[^"\\]|\\.)*"|'(?:[^']|'')*')(?:[ \t]+#.*)?$/.test(value)
}

/** A [ ] list left open ("… end with a ]"), which YAML notices only on a later line, or closed twice. */
function isUnclosedList(error: Error) {
  // Not just any ]: the message quotes the line, which may hold a whole list (tags: [a] twice).
  return /end with a \]|flow-seq-end/.test(error.message)
}

/**
 * Every line mistake found, each with its line and how to fix it. `partial` is what the other lines
 * say (undefined when YAML could not read them either), so the fields can be checked as well and
 * all of a file's mistakes are told at once; `brokenFields` are named on the broken lines.
 */
export class FrontMatterYamlError extends Error {
  constructor(
    readonly problems: string[],
    readonly partial: unknown = undefined,
    readonly brokenFields: string[] = [],
  ) {
    super(problems.join('; '))
  }
}

function forgive(lines: string[], fields: readonly string[]) {
  return lines.map((line, index) => {
    const missingSpace = /^([A-Za-z]+):(?![ \t]|$)(.*)$/.exec(line)
    if (missingSpace && fields.includes(missingSpace[1]!)) line = `${missingSpace[1]}: ${missingSpace[2]}`

    const field = /^([A-Za-z]+):[ \t]+(.*?)[ \t]*$/.exec(line)
    if (!field || !isTextField(field[1]!) || field[2] === '') return line
    const value = field[2]!
    const continued = /^[ \t]+\S/.test(lines[index + 1] ?? '')
    if (continued || isCompleteQuoted(value) || /^[|>]/.test(value)) return line
    // As in YAML, " #" starts a comment.
    return `${field[1]}: ${JSON.stringify(value.replace(/[ \t]+#.*$/, ''))}`
  })
}

type Typo = { index: number; hint: string }

/**
 * The typical typing mistakes, found before YAML sees the text: YAML would accept some of them
 * (an unclosed quote is kept as part of the title) or report them a line too early with advice
 * that does not fit. Lines inside a | or > block are the block's text and are left alone.
 */
function findTypos(lines: string[], fields: readonly string[]): Typo[] {
  const typos: Typo[] = []
  let inBlock = false
  for (const [index, line] of lines.entries()) {
    if (line.trim() === '' || /^\s*#/.test(line)) continue
    const indented = /^[ \t]/.test(line)
    if (inBlock && indented) continue
    inBlock = false

    const field = /^([ \t]*)([A-Za-z]+)[ \t]*:(?:[ \t]+(.*?))?[ \t]*$/.exec(line)
    if (indented && field && fields.includes(field[2]!)) {
      const hint = field[1]!.includes('\t')
        ? 'linjen begynder med et tabulatortegn – slet det, så feltet står helt ude til venstre'
        : `linjen er rykket ind – slet mellemrummene foran »${field[2]}«, så feltet står helt ude til venstre som de andre`
      typos.push({ index, hint })
      continue
    }
    if (indented) continue
    if (!field) {
      if (line.startsWith('-') || /^[A-Za-z]+:/.test(line)) continue
      const word = /^([A-Za-z]+)[ \t]+(\S.*)$/.exec(line)
      typos.push({
        index,
        hint:
          word && fields.includes(word[1]!)
            ? `der mangler et kolon efter feltnavnet – skriv ${word[1]}: ${word[2]}`
            : 'linjen er ikke et felt – skriv den som »navn: værdi«, eller flyt den op i forlængelse af linjen over, hvis den hører til den',
      })
      continue
    }
    const value = field[3] ?? ''
    if (/^[|>]/.test(value)) inBlock = true
    if (!isTextField(field[2]!) || isCompleteQuoted(value)) continue
    // A quoted value may go on over the next lines; YAML reads that.
    if (/^[ \t]+\S/.test(lines[index + 1] ?? '')) continue
    const opening = /^["']/.exec(value)?.[0]
    if (opening && !new RegExp(`^${opening}.*${opening}`).test(value)) {
      typos.push({ index, hint: `der mangler et afsluttende anførselstegn (${opening}) – sæt det til sidst i værdien, eller slet anførselstegnet i starten` })
    } else if ((value.match(/"/g) ?? []).length % 2 === 1) {
      typos.push({ index, hint: 'anførselstegnene (") går ikke op: et af dem mangler sin partner – sæt det manglende ind, eller slet det, der står alene' })
    }
  }
  return typos
}

function located(lines: string[], index: number, hint: string) {
  // The file's first line is the opening ---.
  return `front matter kunne ikke læses i linje ${index + 2} (»${lines[index]?.trim()}«): ${hint}`
}

function hintFor(error: Error & Partial<YAMLParseError>) {
  if (isUnclosedList(error)) return 'en liste i [ ] mangler sin afsluttende ], fx keywords: [ro, stress]'
  // YAML reads a value that begins with * as a reference to an earlier value (an alias).
  if (error instanceof ReferenceError) return 'en værdi, der begynder med *, skal stå i anførselstegn, fx category: "*stress"'
  switch (error.code) {
    case 'DUPLICATE_KEY':
      return 'feltet står to gange – slet den ene af linjerne'
    case 'TAB_AS_INDENT':
      return 'linjen begynder med et tabulatortegn – slet det, så feltet står helt ude til venstre'
    case 'MISSING_CHAR':
      return 'der mangler et afsluttende anførselstegn – eller slet anførselstegnene helt'
    case 'BAD_INDENT':
      // What reaches YAML is mostly a { … } left open (an indented field is found before).
      return 'en { mangler sin afsluttende } – eller linjen er rykket ind, så skriv feltet helt ude til venstre'
    default:
      return 'skriv hvert felt på sin egen linje som »navn: værdi«. Står der kolon, # eller anførselstegn i en værdi, så sæt hele værdien i anførselstegn, fx title: "Ro: i hverdagen"'
  }
}

/** Parses the text between the two --- lines; `fields` are the names the schema knows. */
export function readFrontMatterYaml(text: string, fields: readonly string[]): unknown {
  const lines = text.split(/\r?\n/)
  const typos = findTypos(lines, fields)
  if (typos.length > 0) {
    // The other lines are read as if the broken ones were not there, to check their fields too.
    const broken = new Set(typos.map((typo) => typo.index))
    let partial: unknown
    try {
      partial = parseYaml(forgive(lines.map((line, index) => (broken.has(index) ? '' : line)), fields).join('\n'))
    } catch {
      partial = undefined
    }
    const brokenFields = [...broken].map((index) => /^[ \t]*([A-Za-z]+)/.exec(lines[index]!)?.[1]).filter((name) => name !== undefined)
    throw new FrontMatterYamlError(typos.map((typo) => located(lines, typo.index, typo.hint)), partial, brokenFields)
  }
  try {
    return parseYaml(forgive(lines, fields).join('\n'))
  } catch (caught) {
    // YAML throws a YAMLParseError with the line, or a ReferenceError (no line) for an unknown alias.
    const error = caught as Error & Partial<YAMLParseError>
    const hint = hintFor(error)
    let line = error.linePos?.[0]?.line ?? 0
    // Point at the unclosed list itself.
    if (isUnclosedList(error)) {
      const opened = lines.slice(0, line).findLastIndex((candidate) => candidate.includes('[') && !candidate.includes(']'))
      if (opened >= 0) line = opened + 1
    }
    throw new FrontMatterYamlError([line > 0 ? located(lines, line - 1, hint) : `front matter kunne ikke læses: ${hint}`])
  }
}
