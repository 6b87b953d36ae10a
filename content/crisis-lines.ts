/**
 * Where to find help at once. Shown with every article that touches on depression, crisis,
 * grief, bullying or dark thoughts (front matter `crisisLines: adult` or `teen`). Check the
 * numbers once a year: they belong to the organisations, not to the site.
 */
export type CrisisLine = { name: string; number?: { display: string; href: string }; text: string }

const livslinien: CrisisLine = {
  name: 'Livslinien',
  number: { display: '70\u00a0201\u00a0201', href: 'tel:+4570201201' },
  text: 'Anonym samtale, hvis du har selvmordstanker eller er bekymret for en anden.',
}

const emergency: CrisisLine = { name: 'Ved akut fare', number: { display: '112', href: 'tel:112' }, text: 'Ring 112, hvis der er fare for liv.' }

const doctor: CrisisLine = { name: 'Egen læge eller lægevagten', text: 'Tal med din egen læge – uden for åbningstiden med lægevagten.' }

const boernetelefonen: CrisisLine = {
  name: 'BørneTelefonen',
  number: { display: '116\u00a0111', href: 'tel:116111' },
  text: 'Gratis og anonym rådgivning for børn og unge under 18 år.',
}

export type CrisisAudience = 'adult' | 'teen'

/** The safety box under the article. */
export const crisisLines: Record<CrisisAudience, CrisisLine[]> = {
  adult: [livslinien, emergency, doctor],
  teen: [boernetelefonen, livslinien, emergency, doctor],
}

/** The one line the call-to-action card under such an article carries: who to call, and 112. */
export const crisisLineShort: Record<CrisisAudience, { call: CrisisLine[]; emergency: CrisisLine }> = {
  adult: { call: [livslinien], emergency },
  teen: { call: [boernetelefonen, livslinien], emergency },
}
