import { describe, expect, it } from 'vitest'
import { site } from '~/server/content/content.server'
import { articles, bodyText, bySlug, caseNames, fullText, sentences, slugsMatching } from './articles'

/**
 * Every help line an article may give, as the organisations publish them (check once a year, like
 * content/kriselinjer.yaml). An article that names one of the first five gives its number too.
 */
const helpLines = [
  { name: /Livslinien/, number: '70 201 201', numberRequired: true },
  { name: /BørneTelefonen/, number: '116 111', numberRequired: true },
  { name: /Lev Uden Vold/, number: '1888', numberRequired: true },
  { name: /Foreningen Spiseforstyrrelser og Selvskade/, number: '70 10 18 18', numberRequired: true },
  { name: /Stoplinien/, number: '80 31 31 31', numberRequired: true },
  { name: /lægevagt/i, number: '70 11 07 07', numberRequired: false },
  { name: /112/, number: '112', numberRequired: false },
]

/** Phone numbers as articles write them: digits in groups (70 201 201), or a short one after »ring« or »på« (112, 1888). */
function phoneNumbers(text: string) {
  const grouped = [...text.matchAll(/(?<![\d.,:–-])\d{2,3}(?: \d{2,3}){1,3}(?![\d.,:–-]?\d)/g)].map((match) => match[0])
  const short = [...text.matchAll(/\b(?:ring(?:e|er)?|på|hotline(?:n)?|nummer(?:et)?)(?: til)? (\d{3,4})(?![\d.,]?\d| \d)(?! ?(?:gram|g|kr|år|timer|minutter|personer|samtaler|%))/gu)].map(
    (match) => match[1]!,
  )
  return [...grouped, ...short]
}

/**
 * Where the box »Har du brug for hjælp nu?« appears: articles on crisis, self-harm, depression, abuse
 * or violence. On a light article it would only dilute it. Teenage articles add BørneTelefonen.
 */
const crisisBox: Record<string, 'adult' | 'teen'> = {
  'brug-for-akut-coaching': 'adult',
  'coaching-er-ikke-terapi': 'adult',
  'coaching-i-forbindelse-arbejdsloeshed': 'adult',
  'coaching-krise-kriser': 'adult',
  'deprimeret-eller-bare-ked-af': 'adult',
  'finanskrise-og-coaching': 'adult',
  'parcoaching-eller-parterapi': 'adult',
  'er-du-bekymret-for-din-teenager': 'teen',
  'hjaelp-fra-teenagecoach': 'teen',
  'hjaelp-jeg-har-en-teenager': 'teen',
  'teenager-mobbet-ud-af-skolen': 'teen',
  'ungdomscoaching-bliver-almindeligt': 'teen',
  'usikkerhed-i-teenageaarene': 'teen',
}

/** Articles that tell no case; every other one does, and its front matter turns on the shared footnote (anonymised: true). */
const noCaseStory = [
  'certifiseret-coach-hvad-er-det',
  'giv-dig-tid-til-coaching',
  'hjaelp-fra-teenagecoach',
  'livskvalitet-livet-er-fedt',
  'personlig-coach',
  'stress-og-stresshaandtering-paa-arbejdspladsen',
]
/** A sentence saying the people can't be recognised: the name, the details or the whole story changed, made up or composite. */
const disclosure =
  /rigtige navn|er de rigtige|hedder noget andet|som ikke hedder|navnet er ikke|lånt navn|opdigte|fundet på|sammensat|anonymiseret|holder anonymt|(?:navn|detalje|enkelthed|historie|fortælling|udgave|byerne|arbejdsplads|virksomhed|skolen|kontoret|tallene|ting)[^.]*?(?:ændre[dt]|skiftet ud|tilrettet|forklædt|ukendelig|genkende)|(?:ændre[dt]|forklædt|tilrettet)[^.]*?(?:navn|detalje|historie|udgave|genkende)/i

describe('help in an article', () => {
  it('gives only the real numbers, each beside the name of who answers', () => {
    const known = new Map(helpLines.map((line) => [line.number, line.name]))
    let numbersSeen = 0
    for (const article of articles) {
      for (const sentence of sentences(article)) {
        for (const number of phoneNumbers(sentence)) {
          numbersSeen++
          expect([...known.keys()], `${article.slug}: »${sentence}«`).toContain(number)
          expect(sentence, `${article.slug}: ${number} står uden navn`).toMatch(known.get(number)!)
        }
      }
      expect(fullText(article), article.slug).not.toMatch(/alarmcentralen/i)
    }
    expect(numbersSeen).toBeGreaterThanOrEqual(20)
  })

  it('gives the number of every help line it names', () => {
    for (const line of helpLines.filter((candidate) => candidate.numberRequired)) {
      const naming = slugsMatching(line.name)
      expect(naming.length, String(line.name)).toBeGreaterThan(0)
      for (const slug of naming) expect(fullText(bySlug(slug)), slug).toContain(line.number)
    }
  })

  it('names Lev Uden Vold where violence is named, and the eating-disorder line where eating disorders are', () => {
    for (const slug of slugsMatching(/(?<!\p{L})vold(?!\p{L})/iu, bodyText)) expect(bodyText(bySlug(slug)), slug).toContain('1888')
    for (const slug of slugsMatching(/spiseforstyrrelse/i, bodyText)) expect(bodyText(bySlug(slug)), slug).toContain('70 10 18 18')
    expect(slugsMatching(/1888/)).toContain('parcoaching-eller-parterapi')
    expect(slugsMatching(/70 10 18 18/)).toContain('er-du-bekymret-for-din-teenager')
    expect(slugsMatching(/80 31 31 31/)).toContain('truet-af-rygeforbud')
  })

  it('shows the crisis box exactly on the articles about crisis, self-harm, depression, abuse or violence', () => {
    for (const article of articles) expect(article.crisisLines ?? undefined, article.slug).toBe(crisisBox[article.slug])
    // A new article that names danger, or points to the box, gets the box too.
    const danger = /selvmord|tage (?:dit|sit|mit) eget liv|skade (?:dig|sig) selv|skade på sig selv|gøre (?:dig|sig) selv noget|(?<!\p{L})vold(?!\p{L})|ikke at ville leve|Livslinien/iu
    const pointsToBox = /nederst (?:i artiklen|på siden)|sidst på siden|i boksen|Har du brug for hjælp nu\?/
    for (const slug of [...slugsMatching(danger, bodyText), ...slugsMatching(pointsToBox, bodyText)]) expect(crisisBox[slug], slug).toBeDefined()
    for (const article of articles) if (article.crisisLines && article.category === 'teenage') expect(article.crisisLines, article.slug).toBe('teen')
  })

  it('tells young people the one exception to confidentiality wherever it promises it', () => {
    const promise = /fortrolig|mellem os|mellem dig og mig|tavshedspligt|bringer ikke videre/i
    const teenage = articles.filter((article) => article.category === 'teenage' && promise.test(bodyText(article)))
    expect(teenage.map((article) => article.slug)).toContain('er-du-bekymret-for-din-teenager')
    for (const article of teenage) expect(bodyText(article), article.slug).toMatch(/alvorligt bekymret for (?:dit|din|den unges) (?:liv|sikkerhed)/)
  })
})

describe('health wording in the articles', () => {
  it('gives advice on food, supplements and medicine as the authorities’ or the doctor’s, not the coach’s', () => {
    for (const article of articles) {
      expect(fullText(article), article.slug).not.toMatch(/jeg anbefaler[^.]*(?:fisk|omega|kosttilskud|medicin|tabletter)/i)
      expect(fullText(article), article.slug).not.toMatch(/viljestyrke er en begrænset ressource/i)
    }
    const fats = bySlug('fedtsyrebalancen').text
    expect(fats).toMatch(/Fødevarestyrelsens officielle kostråd: 350 gram fisk om ugen, og en del af den skal være fed fisk/)
  })

  it('gives the sleep figure with where it comes from', () => {
    const sleep = bySlug('kan-teenagere-vaere-stresset').text
    expect(sleep).toMatch(/National Sleep Foundation anbefaler 8–10 timer for 14–17-årige og 7–9 timer for unge voksne/)
  })
})

describe('case stories', () => {
  it('turn on the one shared footnote that names and details are changed, and do not say it again in the text', () => {
    for (const article of articles) {
      if (noCaseStory.includes(article.slug)) {
        expect([...caseNames(bodyText(article))], `${article.slug} fortæller en case`).toEqual([])
        continue
      }
      expect(article.anonymised, `${article.slug}: anonymised: true mangler`).toBe(true)
      // The footnote says it once for all; a sentence of its own in a text was the site's audible formula.
      expect(sentences(article).filter((sentence) => disclosure.test(sentence)), article.slug).toEqual([])
    }
  })

  it('state consent, the parents’ too, for the accounts of minors', () => {
    expect(bySlug('en-16-aarig-piges-oplevelser').text).toMatch(/under 18, spurgte jeg også hendes forældre, og de sagde ja/)
    expect(bySlug('anmeldelse-til-gymnasieblad').text).toMatch(/både ham og hans forældre, om jeg måtte bringe teksten her, og begge sagde ja/)
  })
})

describe('claims about the coach', () => {
  it('names who certified her where the article tells readers to ask »hvordan er du blevet certificeret?«', () => {
    const article = bySlug('certifiseret-coach-hvad-er-det').text
    expect(article).toContain('hvordan er du blevet certificeret?')
    expect(article).toContain(`Jeg er certificeret af ${site.certifiedBy}`)
  })
})
