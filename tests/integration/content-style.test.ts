import { describe, expect, it } from 'vitest'
import { getCrisisLines } from '~/server/content/content.server'
import { type Article, articles, bodyText, bySlug, fullText, phrases, sentences, slugsMatching } from './articles'

/**
 * Words an article may repeat as they stand: the crisis box's own lines. The spec's fixed labels
 * (buttons, categories) are shorter than the phrases counted here.
 */
const quotable = [...new Set(Object.values(getCrisisLines()).flatMap((line) => [line.name, line.text]))]

/** The article's phrases of n words, with quotations of the crisis box taken out. */
function articlePhrases(article: Article, n: number) {
  const pieces = quotable.reduce((parts, quote) => parts.flatMap((part) => part.split(quote)), [fullText(article)])
  return new Set(pieces.flatMap((piece) => [...phrases(piece, n)]))
}

/** How many articles use a pattern, failing with their slugs when there are more than allowed. */
function expectAtMost(pattern: RegExp, most: number, text: (article: Article) => string = fullText) {
  const using = slugsMatching(pattern, text)
  expect(using.length, `${pattern}: ${using.join(', ')}`).toBeLessThanOrEqual(most)
  return using
}

const opening = (article: Article) => bodyText(article).split(/\s+/).slice(0, 2).join(' ').replace(/[^\p{L} ]/gu, '').toLowerCase()
const headings = (article: Article) => [article.title, ...[...article.bodyHtml.matchAll(/<h[23]>([\s\S]*?)<\/h[23]>/g)].map((match) => match[1]!)]

describe('variety across the articles', () => {
  /** Phrases of n words that more than five articles share, with where. */
  function sharedPhrases(n: number) {
    const where = new Map<string, string[]>()
    for (const article of articles) for (const phrase of articlePhrases(article, n)) where.set(phrase, [...(where.get(phrase) ?? []), article.slug])
    return [...where].filter(([, slugs]) => slugs.length > 5).map(([phrase, slugs]) => `»${phrase}« (${slugs.length}: ${slugs.join(', ')})`)
  }

  it('no 8-word phrase in more than five articles', () => {
    expect(sharedPhrases(8)).toEqual([])
  })

  it('no 6-word phrase in more than five articles either: the old formulas were that short', () => {
    expect(sharedPhrases(6)).toEqual([])
  })

  it('set formulas stay rare: sessions, »the numbers are below«, the closing invitation', () => {
    expect(expectAtMost(/tre til fem samtaler/, 5).length).toBeGreaterThan(0)
    expectAtMost(/Numrene står også nederst i artiklen/, 3)
    expectAtMost(/velkommen til at kontakte mig/, 3)
    expectAtMost(/velkommen til at/, 5, (article) => bodyText(article).split(/\n|(?<=[.!?])\s+/).slice(-3).join(' '))
  })

  it('introduce made-up names in varied words (the shared footnote says that they are made up)', () => {
    expectAtMost(/hedder ikke \p{Lu}\p{Ll}+, men det kalder jeg/u, 1)
    expectAtMost(/lad os kalde (?:ham|hende|dem)/i, 4)
    expectAtMost(/(?:jeg her kalder|jeg kalder (?:ham|hende|dem)) \p{Lu}/u, 5)
  })

  it('open in different ways: no opening formula in more than three articles', () => {
    const byOpening = new Map<string, string[]>()
    for (const article of articles) byOpening.set(opening(article), [...(byOpening.get(opening(article)) ?? []), article.slug])
    expect([...byOpening].filter(([, slugs]) => slugs.length > 3).map(([words, slugs]) => `${words}: ${slugs.join(', ')}`)).toEqual([])
    expectAtMost(/^»/, 3, bodyText)
    // A quotation, then who said it: »…« Sådan sagde en far …
    expectAtMost(/«\s*(?:Sådan (?:sagde|skrev|svarede|begyndte|lød)|(?:Det spørgsmål|Den sætning) (?:hører|hørte|får|fik|stiller|stillede|har jeg hørt))/, 3, bodyText)
    expectAtMost(/^(?:[^.!?]*\?\s*)?Det spørgsmål (?:hører|får|stiller) jeg/, 3, bodyText)
  })

  it('the two exam-anxiety articles share no passage', () => {
    const [medicine, causes] = ['eksamensangst-medicin', 'eksamensangst-svaert-at-gaa-til-eksamen'].map((slug) => phrases(bodyText(bySlug(slug)), 6))
    expect([...medicine!].filter((phrase) => causes!.has(phrase))).toEqual([])
  })
})

describe('Danish as the articles write it', () => {
  it('one form of »selv om«, of clock times (kl. 9.00) and of the ellipsis (…)', () => {
    expectAtMost(/selvom/i, 0)
    expectAtMost(/\.\.\./, 0) // an ellipsis is one character: …
    expectAtMost(/\b\d{1,2}:\d{2}\s*[-–]\s*\d{1,2}:\d{2}\b|kl\. ?\d{1,2}(?::\d{2})?(?![.\d])|klokken \d/, 0)
    expect(slugsMatching(/kl\. 9\.00–17\.00/)).toContain('telefoncoaching-telefon-coaching')
  })

  it('a capital after a colon in titles and headings only when a sentence follows', () => {
    for (const article of articles) {
      for (const heading of headings(article)) {
        const after = heading.split(/: /)[1]
        if (!after) continue
        // A question, an exclamation or an order is a sentence of its own.
        if (/[?!]$/.test(after) || /^(?:Tal|Sig|Find|Spis|Læs|Det skal du)\b/i.test(after)) expect(after, `${article.slug}: ${heading}`).toMatch(/^\p{Lu}/u)
        // A clause that can't stand alone is not.
        if (/^(?:når|hvis|fordi|mens|selv om|hvad der|at) /i.test(after)) expect(after, `${article.slug}: ${heading}`).toMatch(/^\p{Ll}/u)
      }
    }
    expect(bySlug('eksamensangst-svaert-at-gaa-til-eksamen').title).toBe('Eksamensangst: når det er svært at gå til eksamen')
  })

  it('a comma before a clause that asks, and no »find dit hvorfor«', () => {
    expectAtMost(/\b(?:læs|forstå|vid|hør) (?:hvordan|hvorfor|hvornår|hvad|hvilke|hvem)\b/i, 0)
    expectAtMost(/\b(?:dit|mit|sit|hans|hendes|jeres)(?: eget)? hvorfor\b/i, 0)
  })
})
