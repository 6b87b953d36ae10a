/** What a Markdown document names: npm scripts, repository paths and links to other files. */
export interface DocumentReferences {
  npmScripts: string[]
  repositoryPaths: string[]
  links: { target: string; anchor?: string }[]
}

// A code span that holds one of these is an example or a pattern (`{slug}.webp`, `<kode>`,
// `site-*.db`, `$(date +%F)`), not a file to look for.
const PLACEHOLDER = /[{}<>*…$?\s]/

/**
 * Reads a document's references. Paths count where a reader copies them from: inline code spans
 * and link targets outside fenced blocks (a fenced block is a drawing or an example file). A path
 * counts only when its first segment is one of the repository's own top-level entries, so site
 * addresses (`/blog`), system files (`/etc/…`) and words with a slash are left alone.
 */
export function documentReferences(markdown: string, topLevelEntries: string[]): DocumentReferences {
  const npmScripts = [...markdown.matchAll(/npm run ([a-z][\w:-]*)/g)].map((match) => match[1]!)
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '')

  const repositoryPaths = [...prose.matchAll(/`([^`\n]+)`/g)]
    .map((match) => match[1]!.replace(/:\d+$/, ''))
    .filter((span) => !PLACEHOLDER.test(span) && topLevelEntries.includes(span.split('/')[0]!))

  const links = [...prose.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1]!)
    .filter((href) => !/^[a-z]+:/i.test(href) && !href.startsWith('/'))
    .map((href) => {
      const [target = '', anchor] = href.split('#')
      return anchor === undefined ? { target } : { target, anchor }
    })

  return { npmScripts: [...new Set(npmScripts)], repositoryPaths: [...new Set(repositoryPaths)], links }
}

/** The anchors GitHub gives a document's headings: lower case, punctuation dropped, spaces as hyphens. */
export function headingAnchors(markdown: string): string[] {
  return [...markdown.replace(/^```[\s\S]*?^```/gm, '').matchAll(/^#{1,6} (.+)$/gm)].map((match) =>
    match[1]!
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N} _-]/gu, '')
      .replace(/ /g, '-'),
  )
}
