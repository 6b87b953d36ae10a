/**
 * The one way text becomes search terms, used alike for the index (the seed) and for a visitor's
 * query: words are runs of letters and digits (what SQLite's unicode61 tokenizer reads as one
 * token), lower-cased, and cut to their stem by the Snowball Danish stemmer, so »stressede«,
 * »stresset« and »stress« meet, and so do »teenager«, »teenagere« and »teenageren«.
 */
import { stemmer } from '@orama/stemmers/danish'

/**
 * Change this when the terms change (a new rule below, another stemmer version): an index built
 * with other rules is then rebuilt before it is searched.
 */
export const TERM_RULES_VERSION = 2

const WORD = /[\p{L}\p{N}]+/gu

/**
 * The words of a text in order, lower-cased, each with where it stands (for snippets). Danish has no
 * casing rules of its own, so the locale-free lower case is the same as »da«'s, and cheaper.
 */
export function wordsOf(text: string) {
  return [...text.matchAll(WORD)].map((match) => ({ word: match[0].toLowerCase(), start: match.index, end: match.index + match[0].length }))
}

/**
 * The stem of one lower-cased word. One rule is added to Snowball's: its Danish stemmer leaves the
 * past tense »-ede« half done (»stressede« → »stressed«, while »stresset« → »stres«), so a long
 * word's »-ede« is cut to »-e« first. Short words keep it (»vrede«, »bede«, »rede« are no verbs).
 */
export function stemOf(word: string) {
  const pastTense = word.length >= 7 && word.endsWith('ede')
  return stemmer(pastTense ? word.slice(0, -2) : word)
}

/** A text as its stems, one for each word, separated by spaces: what the index stores. */
export const stemmedText = (text: string) =>
  wordsOf(text)
    .map(({ word }) => stemOf(word))
    .join(' ')

/**
 * Snowball's Danish stop words: a query's »hvordan kan jeg …« should not have to find »jeg« in an
 * article. They stay in the index; a query made of nothing else searches them all the same.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'og i jeg det at en den til er som på de med han af for ikke der var mig sig men et har om vi min havde ham hun nu over ' +
    'da fra du ud sin dem os op man hans hvor eller hvad skal selv her alle vil blev kunne ind når være dog noget ville jo ' +
    'deres efter ned skulle denne end dette mit også under have dig anden hende mine alt meget sit sine vor mod disse hvis ' +
    'din nogle hos blive mange ad bliver hendes været thi jer sådan'
  ).split(' '),
)
