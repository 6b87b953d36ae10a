/**
 * Where to find help at once. Shown with every article about crisis, self-harm, depression, abuse
 * or violence, and only there (front matter `crisisLines: adult` or `teen`). Check the
 * numbers once a year: they belong to the organisations, not to the site.
 */
export type CrisisLine = { name: string; number?: { display: string; href: string }; text: string; hours?: string }

const livslinien: CrisisLine = {
  name: 'Livslinien',
  number: { display: '70\u00a0201\u00a0201', href: 'tel:+4570201201' },
  text: 'Anonym samtale, hvis du har selvmordstanker eller er bekymret for en anden.',
  // As Livslinien publishes its opening hours: every day from 11 in the morning to 5 at night.
  // A no-break space and word joiners keep »kl. 11.00–5.00« on one line.
  hours: 'alle dage kl.\u00a011.00–5.00',
}

const emergency: CrisisLine = { name: 'Ved akut fare', number: { display: '112', href: 'tel:112' }, text: 'Ring 112, hvis der er fare for liv.' }

// The practice is in Region Syddanmark; elsewhere the number differs, and it is on the health card.
const doctor: CrisisLine = {
  name: 'Lægevagten i Region Syddanmark',
  number: { display: '70\u00a011\u00a007\u00a007', href: 'tel:+4570110707' },
  text: 'Ring hertil, når din egen læge har lukket. Bor du i en anden region, står lægevagtens nummer på dit sundhedskort.',
}

const boernetelefonen: CrisisLine = {
  name: 'BørneTelefonen',
  number: { display: '116\u00a0111', href: 'tel:116111' },
  text: 'Gratis og anonym rådgivning for børn og unge under 18 år.',
  hours: 'hele døgnet',
}

export type CrisisAudience = 'adult' | 'teen'

/** The safety box under the article. */
export const crisisLines: Record<CrisisAudience, CrisisLine[]> = {
  adult: [livslinien, emergency, doctor],
  teen: [boernetelefonen, livslinien, emergency, doctor],
}

/**
 * A sentence about help that cannot wait: text and numbers alternate, so a page can make each
 * number a link (CrisisSentence) and an e-mail can print it (crisisSentenceText).
 */
export type CrisisSentence = Array<string | CrisisLine>

/**
 * Where to turn instead of the contact form, on /kontakt and in the receipt e-mail: the form is read
 * within a working day, so it must never be where someone in crisis waits.
 */
export const notForAcuteHelp: CrisisSentence = [
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
export const untilTheConversation: CrisisSentence = [
  'Samtalen er ikke akut hjælp. Har du det rigtig svært, inden vi ses, kan du tale anonymt med Livslinien på ',
  livslinien,
  ` (${livslinien.hours}). Er der fare for liv, så ring `,
  emergency,
  '.',
]

/** The sentence as plain text, for an e-mail. */
export const crisisSentenceText = (sentence: CrisisSentence) => sentence.map((part) => (typeof part === 'string' ? part : part.number?.display)).join('')

/** The one line the call-to-action card under such an article carries: who to call, and 112. */
export const crisisLineShort: Record<CrisisAudience, { call: CrisisLine[]; emergency: CrisisLine }> = {
  adult: { call: [livslinien], emergency },
  teen: { call: [boernetelefonen, livslinien], emergency },
}
