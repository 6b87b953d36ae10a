/**
 * Business clients and testimonials, shown on the references page.
 *
 * THE SITE SHIPS WITH SAMPLES, NOT REFERENCES. Every entry marked `sample: true` is invented so
 * the page has its shape; the names are obviously made up and the links go to the reserved example
 * domain example.com. Replace them with real clients (with their permission) and real quotes, and delete
 * `sample: true` from each. `npm run check:launch` lists what is still a sample, and the page says
 * openly that it shows examples while any remain.
 */
export type Client = { name: string; url?: string; sample?: true }
export type Testimonial = { quote: string; name: string; context: string; sample?: true }

// example.com is reserved for examples (RFC 2606): a sample link can never point at a real business.
const sampleClient = (name: string, slug?: string): Client => ({
  name,
  ...(slug ? { url: `https://www.example.com/${slug}` } : {}),
  sample: true,
})

export const clients: Client[] = [
  sampleClient('Eksempel Byggeservice ApS', 'byggeservice'),
  sampleClient('Eksempel Revision', 'revision'),
  sampleClient('Eksempel Logistik A/S', 'logistik'),
  sampleClient('Eksempel Tandklinik', 'tandklinik'),
  sampleClient('Eksempel Ejendomsservice', 'ejendomsservice'),
  sampleClient('Eksempel & Co. Advokater', 'advokater'),
  sampleClient('Eksempel Kommunikation', 'kommunikation'),
  sampleClient('Eksempel Idrætsforening', 'idraetsforening'),
  sampleClient('Eksempel Børnehus', 'boernehus'),
  sampleClient('Eksempel Maskinteknik A/S', 'maskinteknik'),
  sampleClient('Eksempel Efterskole', 'efterskole'),
  sampleClient('Eksempel IT-Partner', 'it-partner'),
  sampleClient('Eksempel Transport', 'transport'),
  sampleClient('Eksempel Plejecenter'),
  sampleClient('Eksempel Erhvervsrådgivning', 'erhvervsraadgivning'),
  sampleClient('Eksempel Køkken & Bad', 'koekken-og-bad'),
  sampleClient('Eksempel Café', 'cafe'),
  sampleClient('Eksempel Skole', 'skole'),
  sampleClient('Eksempel Fysioterapi', 'fysioterapi'),
  sampleClient('Eksempel Vognmandsforretning'),
  sampleClient('Eksempel Forsikringsmæglere', 'forsikring'),
  sampleClient('Eksempel Naturcenter', 'naturcenter'),
  sampleClient('Eksempel Akustik ApS', 'akustik'),
  sampleClient('Eksempel Konferencecenter', 'konferencecenter'),
]

export const testimonials: Testimonial[] = [
  {
    quote:
      'Efter tre samtaler kunne jeg igen se, hvad der var vigtigt for mig. Hun stiller de spørgsmål, man selv undgår – på en måde, der føles tryg.',
    name: 'Eksempel: en klient på 42 år',
    context: 'Personlig udvikling',
    sample: true,
  },
  {
    quote:
      'Vores søn var holdt op med at tale med os. Han sagde ja til at tale med en coach, og langsomt fandt han modet til at gå i skole igen.',
    name: 'Eksempel: forældre til en dreng på 15',
    context: 'Teenagecoaching',
    sample: true,
  },
  {
    quote:
      'Workshoppen om stress gav hele afdelingen et fælles sprog. Vi taler nu om belastning, før det bliver til sygemeldinger.',
    name: 'Eksempel: en afdelingsleder',
    context: 'Foredrag og workshops',
    sample: true,
  },
  {
    quote:
      'Som par havde vi kørt fast i de samme skænderier. Parcoachingen lærte os at lytte færdigt, før vi svarer. Det lyder enkelt, men det ændrede meget.',
    name: 'Eksempel: et par i trediverne',
    context: 'Parcoaching',
    sample: true,
  },
]

/**
 * What the coach does to make sure the testimonials come from real clients (markedsføringsloven
 * § 6 b), shown under them on /referencer and the home page once none of them is a sample. Write
 * what you actually do, and delete `sample: true`; `npm run check:launch` asks until then.
 */
export const testimonialCheck: { text: string; sample?: true } = {
  text: 'Udtalelserne er skrevet af klienter, som selv har sendt dem til mig og givet mig lov til at bruge dem her. Jeg gengiver dem ordret; kun navnet er udeladt.',
  sample: true, // slet linjen, når teksten passer til, hvordan du indsamler udtalelser
}

/** The line next to the testimonials: that they are examples, or how the coach checks them. */
export const testimonialSource = testimonials.some((testimonial) => testimonial.sample)
  ? 'Udtalelserne er eksempler, ikke udtalelser fra rigtige klienter. De bliver erstattet af rigtige.'
  : testimonialCheck.text

/** True while the page would show anything invented. */
export const showsSamples = [...clients, ...testimonials].some((entry) => entry.sample)
