/**
 * Price and length of a session, per service.
 *
 * THE PRICES SHIP AS SAMPLES: each is a plausible example marked `sample: true`, not the coach's
 * price. Write your own price and length, and delete `sample: true`; `npm run check:launch` lists
 * every price that is still a sample, and /ydelser says openly that the prices are examples.
 */
export type ServicePrice = { price: string; duration: string; sample?: true }
// A price for private clients must include VAT and say so (»inkl. moms«); one for companies may
// leave it out and say so (»+ moms«). A test holds every price to one of the two.

/** The six services, shown on the services page. The first three are the specialties on the home page. */
export const services = [
  {
    id: 'personlig-udvikling',
    title: 'Personlig Udvikling',
    summary: 'Bliv klogere på dine værdier, styrker og mål – og få modet til at handle på dem.',
    description:
      'Står du ved en skillevej, eller har du en følelse af, at der må være mere i livet? Sammen finder vi ud af, hvad der er vigtigt for dig, og lægger en plan, du kan holde fast i.',
    features: [
      'Afklaring af værdier og mål',
      'Styrk dit selvværd og din selvtillid',
      'Bryd vaner, der holder dig tilbage',
      'Konkrete skridt mellem samtalerne',
    ],
    pricing: { price: '850 kr. inkl. moms pr. samtale', duration: '60–90 minutter', sample: true } as ServicePrice,
  },
  {
    id: 'stresshaandtering',
    title: 'Stresshåndtering',
    summary: 'Genkend tegnene i tide, og find en hverdag med plads til både arbejde og hvile.',
    description:
      'Stress sniger sig ind, før vi opdager det. I forløbet kortlægger vi, hvad der dræner og giver dig energi, og du får redskaber, der virker i en travl hverdag.',
    features: [
      'Kortlægning af stressfaktorer',
      'Redskaber til ro og restitution',
      'Prioritering og grænsesætning',
      'Plan for en holdbar hverdag',
    ],
    pricing: { price: '850 kr. inkl. moms pr. samtale', duration: '60–90 minutter', sample: true } as ServicePrice,
  },
  {
    id: 'relationscoaching',
    title: 'Relationscoaching',
    summary: 'Styrk kommunikationen i parforholdet og familien, så I igen trækker i samme retning.',
    description:
      'Når hverdagen fylder, er det let at tale forbi hinanden. Jeg hjælper jer med at lytte, sige tingene klart og finde løsninger, som I begge kan stå inde for.',
    features: [
      'Parcoaching for jer to',
      'Bedre kommunikation og færre konflikter',
      'Coaching af forældre og teenagere',
      'Fælles mål og aftaler i familien',
    ],
    pricing: { price: '1.100 kr. inkl. moms pr. samtale for jer to', duration: '90 minutter', sample: true } as ServicePrice,
  },
  {
    id: 'karrierecoaching',
    title: 'Karrierecoaching',
    summary: 'Find retningen i dit arbejdsliv – ved jobskifte, ledighed eller nye ambitioner.',
    description:
      'Uanset om du søger nyt job, overvejer at skifte spor eller er blevet ledig, hjælper jeg dig med at se dine kompetencer klart og tage de næste skridt.',
    features: [
      'Afklaring af kompetencer og ønsker',
      'Strategi for jobsøgning',
      'Forberedelse til jobsamtaler',
      'Motivation i en periode med ledighed',
    ],
    pricing: { price: '850 kr. inkl. moms pr. samtale', duration: '60–90 minutter', sample: true } as ServicePrice,
  },
  {
    id: 'ledercoaching',
    title: 'Ledercoaching',
    summary: 'Styrk din rolle som leder og skab trivsel og resultater i dit team.',
    description:
      'Som leder står du ofte alene med de svære beslutninger. Et sparringsforløb giver dig rum til at reflektere, udvikle din ledelsesstil og håndtere konflikter.',
    features: [
      'Sparring om svære beslutninger',
      'Udvikling af din ledelsesstil',
      'Håndtering af konflikter i teamet',
      'Trivsel og forebyggelse af stress',
    ],
    pricing: { price: '1.400 kr. + moms pr. samtale', duration: '90 minutter', sample: true } as ServicePrice,
  },
  {
    id: 'foredrag-og-workshops',
    title: 'Foredrag og Workshops',
    summary: 'Inspirerende foredrag og praktiske workshops til virksomheder, skoler og foreninger.',
    description:
      'Jeg holder foredrag og workshops om stress, trivsel, kommunikation og teamsamarbejde – tilpasset jeres behov og med konkrete redskaber, deltagerne kan bruge dagen efter.',
    features: [
      'Foredrag om stress og trivsel',
      'Workshops i kommunikation',
      'Teambuilding og samarbejde',
      'Oplæg til forældremøder og skoler',
    ],
    pricing: { price: 'Fra 6.500 kr. + moms', duration: 'Foredrag 1–2 timer, workshop ½–1 dag', sample: true } as ServicePrice,
  },
] as const

/** True while /ydelser would show a price that is only an example. */
export const pricesAreSamples = services.some((service) => service.pricing.sample)

export const homeSpecialtyIds = ['personlig-udvikling', 'stresshaandtering', 'relationscoaching'] as const

/** The four steps of a course, shown on the services page. */
export const processSteps = [
  {
    title: 'Første samtale',
    text: 'En gratis og uforpligtende samtale, hvor vi lærer hinanden at kende og finder ud af, om coaching er det rigtige for dig.',
  },
  {
    title: 'Målsætning',
    text: 'Vi sætter ord på, hvad du vil opnå, og gør målene så konkrete, at du kan mærke, når du er der.',
  },
  {
    title: 'Coaching-forløb',
    text: 'Typisk tre til fem samtaler, hvor du arbejder med dine mål og afprøver nye veje mellem gangene.',
  },
  {
    title: 'Opfølgning',
    text: 'Vi ser tilbage på, hvad der er sket, og taler om, hvordan du holder fast i det, der virker – også når hverdagen melder sig igen.',
  },
] as const
