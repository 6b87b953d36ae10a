/**
 * Where to find help at once. Shown with every article that touches on depression, crisis,
 * grief, bullying or dark thoughts (front matter `crisisLines: adult` or `teen`). Check the
 * numbers once a year: they belong to the organisations, not to the site.
 */
export type CrisisLine = { name: string; number?: { display: string; href: string }; text: string }

const forEveryone: CrisisLine[] = [
  {
    name: 'Livslinien',
    number: { display: '70\u00a0201\u00a0201', href: 'tel:+4570201201' },
    text: 'Anonym samtale, hvis du har selvmordstanker eller er bekymret for en anden.',
  },
  { name: 'Ved akut fare', number: { display: '112', href: 'tel:112' }, text: 'Ring 112, hvis der er fare for liv.' },
  { name: 'Egen læge eller lægevagten', text: 'Tal med din egen læge – uden for åbningstiden med lægevagten.' },
]

const forYoungPeople: CrisisLine = {
  name: 'BørneTelefonen',
  number: { display: '116\u00a0111', href: 'tel:116111' },
  text: 'Gratis og anonym rådgivning for børn og unge under 18 år.',
}

export const crisisLines = { adult: forEveryone, teen: [forYoungPeople, ...forEveryone] }

/** The one line the call-to-action card under such an article carries. */
export const crisisLineShort = 'Har du det rigtig svært lige nu? Ring til Livslinien på 70\u00a0201\u00a0201 – eller 112 ved akut fare.'
