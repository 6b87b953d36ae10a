/**
 * Names introduced as a case, by the ways the articles introduce them (a heuristic, not grammar):
 * »jeg vil kalde X«, »lad os kalde hende X«, »jeg kalder ham X«, »X, som jeg kalder hende«,
 * »lad hende hedde X«, »her hedder hun X«, »som her må hedde X«, »under navnet X«,
 * »X – det navn får hun her«, »her kaldet X«, »X (navnet er ændret)«, »X er 34 år«,
 * »X var femten år«, »X, en mor på 41« and »X (16«. Capitalised words that start sentences are
 * not names. A name the text only uses (»Bent kom til mig«) is not found: a case told that way
 * goes unnoticed, which is why the guide asks for an introduction such as »lad os kalde hende Rikke«.
 *
 * Used on the shipped articles (tests/fixtures/blog) and on the coach's own (coach-content.ts),
 * where a name found here asks for `anonymised: true`.
 */
const NAME = '(\\p{Lu}\\p{Ll}+)'
const AGE = '(?:\\d{1,2}|tretten|fjorten|femten|seksten|sytten|atten|nitten|tyve)'
const introductions = [
  `(?:[Jj]eg (?:her )?(?:vil )?kalder?|kalder jeg) (?:ham |hende |dem )?${NAME}`,
  `kalde (?:ham|hende|dem) ${NAME}`,
  `her kaldet ${NAME}`,
  `hedder ikke ${NAME}`,
  `[Ll]ad (?:ham|hende|dem) hedde ${NAME}`,
  `[Hh]er hedder (?:han|hun|de) ${NAME}`,
  `(?:må|skal) hedde ${NAME}`,
  `under navnet ${NAME}`,
  `${NAME},? (?:er|var) (?:${AGE} år|en \\p{Ll}+ på \\d{1,2})`,
  `${NAME}(?:,| –)? \\(\\d{1,2}\\b`,
  `${NAME},? som jeg (?:her )?kalder (?:ham|hende|dem)`,
  `${NAME}(?: –|,)? (?:\\(navnet er ændret\\)|det er ikke (?:hans|hendes) rigtige navn|som (?:han|hun) hedder (?:her|i denne fortælling)|som ikke hedder|det navn får (?:han|hun|de) her)`,
].map((pattern) => new RegExp(pattern, 'gu'))
const notNames = new Set(['Jeg', 'Du', 'Han', 'Hun', 'Det', 'Den', 'De', 'Der', 'Vi', 'Man', 'Klokken', 'Hver', 'Nu', 'Så', 'Men', 'Og', 'Hvis', 'Når', 'Alle', 'Mange', 'Nogle'])
export function caseNames(text: string) {
  return new Set(introductions.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[1]!)).filter((name) => !notNames.has(name)))
}
