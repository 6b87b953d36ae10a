import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { coachContentProblems } from './coach-content'

const projectRoot = fileURLToPath(new URL('../..', import.meta.url))

it("the coach's own content/ parses, and every link in it leads somewhere", async () => {
  expect(await coachContentProblems(projectRoot)).toEqual([])
})

// Her own content/ is read only by the test above; the checks themselves are tried on the shipped files.
describe('publishing in a copy of the project (the shipped files: tests/fixtures)', () => {
  let copy: string
  const blog = () => join(copy, 'content/blog')
  const article = (title: string, body: string) =>
    `---\ntitle: ${title}\ndescription: En kort beskrivelse.\ncategory: Stress coaching\npublishedAt: 21. november 2026\n---\n${body}\n`

  beforeEach(() => {
    copy = mkdtempSync(join(tmpdir(), 'coach-content-'))
    // The shipped files (fixtures), so these tests hold whatever she publishes, renames or replaces.
    cpSync(join(projectRoot, 'tests/fixtures/content'), join(copy, 'content'), { recursive: true })
    cpSync(join(projectRoot, 'tests/fixtures/blog'), join(copy, 'content/blog'), { recursive: true })
    for (const name of ['booking.yaml', 'first-conversation.ts']) cpSync(join(projectRoot, 'tests/fixtures/facts', name), join(copy, 'content', name))
    mkdirSync(join(copy, 'app'))
    cpSync(join(projectRoot, 'app/routeTree.gen.ts'), join(copy, 'app/routeTree.gen.ts'))
  })
  afterEach(() => rmSync(copy, { recursive: true, force: true }))

  it('a new article, a changed one and a deleted one keep the checks green', async () => {
    writeFileSync(join(blog(), 'ro-i-hverdagen.md'), article('Ro i hverdagen', 'Kort og godt. Skriv til mig på [kontaktsiden](/kontakt) eller læs [om stress](/blog/stress-er-ikke-svaghed).'))
    writeFileSync(join(blog(), 'coaching-gavekort.md'), article('Gavekort', 'Helt ny tekst, uden nogen af de gamle vendinger.'))
    const unlinked = readdirSync(blog()).find((name) => name === 'truet-af-rygeforbud.md')!
    rmSync(join(blog(), unlinked))

    expect(await coachContentProblems(copy)).toEqual([])
  })

  it('names every mistake: a file that does not parse, a link to nothing, a good place to start that is gone', async () => {
    writeFileSync(join(blog(), 'uden-titel.md'), '---\ndescription: Mangler titel.\ncategory: life\npublishedAt: 2026-11-21\n---\nTekst.\n')
    writeFileSync(join(blog(), 'forkert-link.md'), article('Forkert link', 'Se [denne side](/blog/findes-ikke) og [denne](/omm).'))
    rmSync(join(blog(), 'stress-er-ikke-svaghed.md'))

    const problems = await coachContentProblems(copy)
    expect(problems).toContainEqual(expect.stringMatching(/^uden-titel\.md.*title/))
    expect(problems).toContain('forkert-link.md: linket til /blog/findes-ikke fører ingen steder hen – ret adressen, eller fjern linket')
    expect(problems).toContain('forkert-link.md: linket til /omm fører ingen steder hen – ret adressen, eller fjern linket')
    expect(problems).toContain('content/gode-steder-at-begynde.yaml, linje 7: »artikler → nr. 1« nævner »stress-er-ikke-svaghed«, som ikke er en artikel på siden – skriv den sidste del af artiklens adresse (fx stress-er-ikke-svaghed for /blog/stress-er-ikke-svaghed), eller slet linjen')
  })

  it('follows a link to a heading: the article must have it, whether the link is to another article or within its own', async () => {
    const withHeadings = '## Når presset vokser\n\nTekst.\n\n## Hvad du kan gøre\n\nSe [første afsnit](#naar-presset-vokser) og [et afsnit, der ikke findes](#findes-ikke).'
    writeFileSync(join(blog(), 'med-afsnit.md'), article('Med afsnit', withHeadings))
    writeFileSync(join(blog(), 'linker-ind.md'), article('Linker ind', 'Læs [hvad du kan gøre](/blog/med-afsnit#hvad-du-kan-goere) og [det forkerte sted](/blog/med-afsnit#hvad-du-kan)'))

    const problems = await coachContentProblems(copy)
    expect(problems.filter((problem) => /^(?:med-afsnit|linker-ind)\.md/.test(problem))).toEqual([
      'linker-ind.md: linket til /blog/med-afsnit#hvad-du-kan fører ingen steder hen – ret adressen, eller fjern linket',
      'med-afsnit.md: linket til #findes-ikke fører ingen steder hen – ret adressen, eller fjern linket',
    ])
  })

  it('reads every date stamp: an updated article may not keep words that date it, unless the coach marked them as timeless', async () => {
    const dated = 'Da jeg åbnede min praksis sidste år, var det i disse uger svært. Hvad har du brug for lige nu?'
    const updated = (slug: string, extra = '') => article(slug, dated).replace('\n---\n', `\nupdatedAt: 28. november 2026${extra}\n---\n`)
    writeFileSync(join(blog(), 'opdateret.md'), updated('Opdateret'))
    writeFileSync(join(blog(), 'markeret.md'), updated('Markeret', '\ntimelessPhrases: [lige nu]'))
    // Without updatedAt the page shows only the date it was written: the words are true of that day.
    writeFileSync(join(blog(), 'uden-dato.md'), article('Uden dato', dated))

    const problems = await coachContentProblems(copy)
    const message = (slug: string, phrase: string) =>
      `${slug}.md: artiklen står som opdateret (updatedAt), men skriver »${phrase}«, som kun passer den dag, den blev skrevet – skriv sætningen om, så den passer i dag, eller skriv timelessPhrases: [${phrase}] i toppen, hvis den passer uanset dato`
    expect(problems.filter((problem) => problem.includes('updatedAt'))).toEqual([
      message('markeret', 'sidste år'),
      message('markeret', 'i disse uger'),
      message('opdateret', 'sidste år'),
      message('opdateret', 'i disse uger'),
      message('opdateret', 'lige nu'),
    ])
  })

  it('asks for the footnote on an article that introduces someone by a made-up name, and on no other', async () => {
    const story = 'En kvinde i trediverne skrev til mig. Lad os kalde hende Rikke. Rikke havde sendt halvtreds ansøgninger.'
    writeFileSync(join(blog(), 'med-klient.md'), article('Med en klient', story))
    writeFileSync(join(blog(), 'med-note.md'), article('Med note', story).replace('\n---\n', '\nanonymised: true\n---\n'))
    writeFileSync(join(blog(), 'uden-klient.md'), article('Uden klient', 'Skriv tre styrker ned. Har du tanker om selvmord, så ring til Livslinien på 70 201 201.'))
    // The coach takes a case out of an article but forgets the name in one sentence: the footnote must stay.
    const source = readFileSync(join(blog(), 'uddrag-fra-coaching.md'), 'utf8')
    writeFileSync(join(blog(), 'uddrag-fra-coaching.md'), source.replace('\nanonymised: true\n', '\n'))

    const problems = await coachContentProblems(copy)
    expect(problems.filter((problem) => problem.includes('anonymised'))).toEqual([
      'med-klient.md: artiklen præsenterer »Rikke« som en person i et eksempel – skriv anonymised: true i toppen, så noten om ændrede navne står under teksten',
      'uddrag-fra-coaching.md: artiklen præsenterer »Tina« som en person i et eksempel – skriv anonymised: true i toppen, så noten om ændrede navne står under teksten',
    ])
  })

  it('names a price that does not say whether VAT is included, and a first conversation whose length the booking no longer has', async () => {
    const prices = join(copy, 'content/ydelser.yaml')
    writeFileSync(prices, readFileSync(prices, 'utf8').replace('pris: 850 kr. inkl. moms pr. samtale', 'pris: 850 kr. pr. samtale'))
    const booking = join(copy, 'content/booking.yaml')
    writeFileSync(booking, readFileSync(booking, 'utf8').replace(/^varighed: \d+/m, 'varighed: 45'))

    const problems = await coachContentProblems(copy)
    expect(problems).toContainEqual(expect.stringMatching(/^content\/ydelser\.yaml, linje 29: .*skal sige, om moms er med/))
    expect(problems).toContainEqual(expect.stringMatching(/^first-conversation\.ts: teksten om den første samtale siger ikke »varer tre kvarter«, som varighed: 45 i booking\.yaml/))
  })

  it('names a broken booking file', async () => {
    writeFileSync(join(copy, 'content/booking.yaml'), 'aaben: ja\nvarighed: tredive\n')
    expect(await coachContentProblems(copy)).toContainEqual(expect.stringMatching(/^booking\.yaml: .*varighed/))
  })
})
