/**
 * Where to find help at once: the four lines' facts come from content/kriselinjer.yaml (read at run
 * time, so she can correct a number without a build); which lines each reader gets and the
 * sentences they stand in are fixed here. Check the numbers once a year: they belong to the
 * organisations, not to the site.
 */
export type CrisisLine = { name: string; number?: { display: string; href: string }; text: string; hours?: string }

/** The lines the site names, by their role. */
export type CrisisLineSet = { livslinien: CrisisLine; emergency: CrisisLine; doctor: CrisisLine; boernetelefonen: CrisisLine }

export type CrisisAudience = 'adult' | 'teen'

/** What an article on a heavy subject shows (front matter `crisisLines: adult` or `teen`): the box under the text, and one sentence in the closing card. */
export type CrisisHelp = { lines: CrisisLine[]; short: { call: CrisisLine[]; emergency: CrisisLine } }

export function crisisHelpFor(set: CrisisLineSet, audience: CrisisAudience): CrisisHelp {
  return audience === 'adult'
    ? { lines: [set.livslinien, set.emergency, set.doctor], short: { call: [set.livslinien], emergency: set.emergency } }
    : { lines: [set.boernetelefonen, set.livslinien, set.emergency, set.doctor], short: { call: [set.boernetelefonen, set.livslinien], emergency: set.emergency } }
}

/**
 * A sentence about help that cannot wait: text and numbers alternate, so a page can make each
 * number a link (CrisisHelpSentence) and an e-mail can print it (crisisSentenceText).
 */
export type CrisisSentence = Array<string | CrisisLine>

/**
 * Where to turn instead of the contact form, on /kontakt and in the receipt e-mail: the form is read
 * within a working day, so it must never be where someone in crisis waits.
 */
export const notForAcuteHelp = ({ emergency, livslinien, doctor }: CrisisLineSet): CrisisSentence => [
  'Kontaktformularen er ikke beregnet til akut hjælp. Er der fare for liv, så ring ',
  emergency,
  '. Har du det rigtig svært, kan du tale anonymt med Livslinien på ',
  livslinien,
  ` (${livslinien.hours}). Når din egen læge har lukket, kan du ringe til lægevagten – i Region Syddanmark på `,
  doctor,
  '.',
]

/**
 * Where to turn until the booked conversation, on the booking pages and in the booking e-mails: the
 * first free time may be days away.
 */
export const untilTheConversation = ({ emergency, livslinien }: CrisisLineSet): CrisisSentence => [
  'Samtalen er ikke akut hjælp. Har du det rigtig svært, inden vi ses, kan du tale anonymt med Livslinien på ',
  livslinien,
  ` (${livslinien.hours}). Er der fare for liv, så ring `,
  emergency,
  '.',
]

/** The sentence as plain text, for an e-mail. */
export const crisisSentenceText = (sentence: CrisisSentence) => sentence.map((part) => (typeof part === 'string' ? part : part.number?.display)).join('')
