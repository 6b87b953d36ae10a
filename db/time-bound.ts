/**
 * Words that date a sentence: true the day they were written, false some years later. An article
 * that shows »Opdateret …« (updatedAt) promises its text holds on that day, so none of these may
 * stand in it unless the coach has read the sentence and marked the phrase as true at any time
 * (timelessPhrases in the article's front matter, e.g. »hvad har du brug for lige nu?«).
 */
export const TIME_BOUND_PHRASES = [
  'sidste år',
  'i år',
  'næste år',
  'i disse dage',
  'i disse uger',
  'i disse måneder',
  'lige nu',
  'netop nu',
  'for tiden',
  'i øjeblikket',
  'for nylig',
  'nu om dage',
] as const

const phrasePattern = (phrase: string) => new RegExp(`(?<!\\p{L})${phrase.replace(/ /g, '\\s+')}(?!\\p{L})`, 'iu')
const patterns = TIME_BOUND_PHRASES.map((phrase) => [phrase, phrasePattern(phrase)] as const)

/** The phrases of the list that `text` uses and the coach has not marked as timeless, in the list's order. */
export function timeBoundPhrasesIn(text: string, markedTimeless: readonly string[] = []): string[] {
  const marked = new Set(markedTimeless.map((phrase) => phrase.toLowerCase().trim()))
  return patterns.filter(([phrase, pattern]) => !marked.has(phrase) && pattern.test(text)).map(([phrase]) => phrase)
}
