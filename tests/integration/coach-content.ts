import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { parse } from 'yaml'
import { readArticleFiles } from '#db/sync-blog'
import { loadAvailability } from '~/server/booking/availability.server'
import { checkYaml, contentFiles } from '~/server/content/content-file.server'
import { firstPersonStoriesFileSchema, startHereFileSchema } from '~/server/content/article-lists-schema.server'
import '~/server/content/content.server'
import { caseNames } from './case-names'

/**
 * The checks that protect the coach, and the only ones `npm test` runs over her own content/:
 * every file she edits parses, every link it makes leads somewhere, and an article that introduces
 * someone by a made-up name (»lad os kalde hende Rikke«) shows the footnote that names and details
 * are changed (anonymised: true), so no reader takes a client for a real, recognisable person and no
 * client has to wonder whether she is recognisable. Every price says whether VAT is
 * included (the schema of ydelser.yaml), and the first conversation lasts as long in the words of
 * every page as in the booking (booking.yaml, varighed). What the shipped articles
 * say and how (house style, crisis lines, facts) is tested on a fixture copy (tests/fixtures/blog),
 * so publishing, changing or deleting an article never turns a test red by itself.
 *
 * Returns the problems in Danish, the way the coach should read them; none means all is well.
 */
export async function coachContentProblems(projectRoot: string): Promise<string[]> {
  const problems: string[] = []
  const content = join(projectRoot, 'content')

  // Her facts, prices, references and story: each file as the server's loader checks it.
  for (const file of contentFiles()) {
    let text: string | undefined
    try {
      text = readFileSync(join(content, file.name), 'utf8')
    } catch {
      problems.push(`content/${file.name}: filen findes ikke`)
      continue
    }
    const checked = file.check(text)
    if (!checked.ok) problems.push(...checked.errors)
  }

  const { articles, problems: articleMistakes } = readArticleFiles(join(content, 'blog'))
  problems.push(...articleMistakes.map((mistake) => mistake.message))

  for (const article of articles) {
    if (article.anonymised) continue
    const text = `${article.title} ${article.description} ${article.bodyHtml.replace(/<[^>]+>/g, ' ')}`.replace(/&[a-z#0-9]+;/g, ' ').replace(/\s+/g, ' ')
    for (const name of caseNames(text)) {
      problems.push(`${article.slug}.md: artiklen præsenterer »${name}« som en person i et eksempel – skriv anonymised: true i toppen, så noten om ændrede navne står under teksten`)
    }
  }

  for (const article of articles) {
    for (const phrase of article.timeBoundPhrases) {
      problems.push(
        `${article.slug}.md: artiklen står som opdateret (updatedAt), men skriver »${phrase}«, som kun passer den dag, den blev skrevet – skriv sætningen om, så den passer i dag, eller skriv timelessPhrases: [${phrase}] i toppen, hvis den passer uanset dato`,
      )
    }
  }

  const articleTitles = new Map(articles.map((article) => [article.slug, article.title]))
  const headingIds = new Map(articles.map((article) => [article.slug, new Set([...article.bodyHtml.matchAll(/<h2 id="([^"]+)"/g)].map((match) => match[1]!))]))
  const pages = sitePages(projectRoot)
  /** A page of the site, or an article and, when the link names a place in it (#…), one of its headings. */
  const leadsSomewhere = (href: string, from: string) => {
    const [address = '', place] = href.split('#', 2)
    const path = address.replace(/\?.*$/, '').replace(/(.)\/$/, '$1')
    const slug = path === '' ? from : path.startsWith('/blog/') ? path.slice('/blog/'.length) : undefined
    if (slug === undefined) return pages.has(path)
    return articleTitles.has(slug) && (!place || headingIds.get(slug)!.has(place))
  }
  for (const article of articles) {
    for (const [, href] of article.bodyHtml.matchAll(/href="((?:\/|#)[^"]*)"/g)) {
      if (!leadsSomewhere(href!, article.slug)) problems.push(`${article.slug}.md: linket til ${href} fører ingen steder hen – ret adressen, eller fjern linket`)
    }
  }

  // Her lists that name articles: each article is one of hers (the desk's save asks the same).
  const published = new Set(articleTitles.keys())
  for (const [name, schema] of [
    ['gode-steder-at-begynde.yaml', startHereFileSchema(published)],
    ['egne-ord.yaml', firstPersonStoriesFileSchema(published)],
  ] as const) {
    const checked = checkYaml(name, readFileSync(join(content, name), 'utf8'), schema)
    if (!checked.ok) problems.push(...checked.errors)
  }

  const booking = loadAvailability(join(content, 'booking.yaml'))
  if (!booking.ok) problems.push(...booking.errors.map((error) => `booking.yaml: ${error}`))
  else {
    const minutes = (parse(readFileSync(join(content, 'booking.yaml'), 'utf8')) as { varighed?: unknown }).varighed
    const { FREE_FIRST_CONVERSATION } = (await import(pathToFileURL(join(content, 'first-conversation.ts')).href)) as typeof import('#content/first-conversation')
    const inWords: Record<number, string> = { 20: 'tyve minutter', 30: 'en halv time', 45: 'tre kvarter', 60: 'en time' }
    const expected = typeof minutes === 'number' ? `varer ${inWords[minutes] ?? `${minutes} minutter`}` : undefined
    if (expected && !FREE_FIRST_CONVERSATION.includes(expected)) {
      problems.push(`first-conversation.ts: teksten om den første samtale siger ikke »${expected}«, som varighed: ${minutes as number} i booking.yaml – ret teksten, så siderne og bookingen siger det samme`)
    }
  }

  return problems
}

/**
 * The site's own page addresses, from the route tree TanStack generates from app/routes, so a new
 * page counts at once. Routes with a parameter ($slug, $token) are not pages a link can name.
 */
function sitePages(projectRoot: string) {
  const routeTree = readFileSync(join(projectRoot, 'app/routeTree.gen.ts'), 'utf8')
  const fullPaths = /fullPaths:([\s\S]*?)fileRoutesByTo/.exec(routeTree)?.[1] ?? ''
  return new Set(
    [...fullPaths.matchAll(/'([^']+)'/g)]
      .map((match) => match[1]!)
      .filter((path) => !path.includes('$'))
      .map((path) => path.replace(/(.)\/$/, '$1')),
  )
}
