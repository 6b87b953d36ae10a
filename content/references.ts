/**
 * Business clients and testimonials (SPEC: References page). The names are fictional; two clients
 * have no website of their own.
 */
export const clients: ReadonlyArray<{ name: string; url?: string }> = [
  { name: 'Fredericia Byggeservice ApS', url: 'https://www.fredericia-byggeservice.dk' },
  { name: 'Lillebælt Revision', url: 'https://www.lillebaeltrevision.dk' },
  { name: 'Vejle Fjord Logistik A/S', url: 'https://www.vejlefjordlogistik.dk' },
  { name: 'Brøndsted Tandlægeklinik', url: 'https://www.broendsted-tandlaege.dk' },
  { name: 'Trekantens Ejendomsservice', url: 'https://www.trekantens-ejendomsservice.dk' },
  { name: 'Madsen & Skov Advokater', url: 'https://www.madsenskov.dk' },
  { name: 'Kolding Kommunikationshus', url: 'https://www.koldingkommunikation.dk' },
  { name: 'Erritsø Idrætsforening', url: 'https://www.erritsoe-if.dk' },
  { name: 'Nordbyen Børnehus', url: 'https://www.nordbyenboernehus.dk' },
  { name: 'Sydjysk Maskinteknik A/S', url: 'https://www.sydjyskmaskinteknik.dk' },
  { name: 'Fjordblik Efterskole', url: 'https://www.fjordblik-efterskole.dk' },
  { name: 'Danebod IT-Partner', url: 'https://www.danebod-it.dk' },
  { name: 'Taulov Transport', url: 'https://www.taulovtransport.dk' },
  { name: 'Kirsebærhaven Plejecenter' },
  { name: 'Lysholt Erhvervsrådgivning', url: 'https://www.lysholt-raadgivning.dk' },
  { name: 'Skærbæk Køkken & Bad', url: 'https://www.skaerbaek-koekken.dk' },
  { name: 'Madam Blå Café', url: 'https://www.madamblaa.dk' },
  { name: 'Vestre Skole, Fredericia', url: 'https://www.vestreskole-fredericia.dk' },
  { name: 'Hannerup Fysioterapi', url: 'https://www.hannerup-fys.dk' },
  { name: 'Ullerup Vognmandsforretning' },
  { name: 'Bredstrup Forsikringsmæglere', url: 'https://www.bredstrup-maegler.dk' },
  { name: 'Trelde Næs Naturcenter', url: 'https://www.treldenaes-natur.dk' },
  { name: 'Jyllands Akustik ApS', url: 'https://www.jyllandsakustik.dk' },
  { name: 'Lyngsodde Konferencecenter', url: 'https://www.lyngsodde-konference.dk' },
]

export const testimonials = [
  {
    quote:
      'Efter tre samtaler kunne jeg igen se, hvad der var vigtigt for mig. Birgitte stiller de spørgsmål, man selv undgår – på en måde, der føles tryg.',
    name: 'Camilla, 42 år',
    context: 'Personlig udvikling',
  },
  {
    quote:
      'Vores søn var holdt op med at tale med os. Han sagde ja til at tale med en coach, og langsomt fandt han modet til at gå i skole igen.',
    name: 'Forældre til en dreng på 15',
    context: 'Teenagecoaching',
  },
  {
    quote:
      'Workshoppen om stress gav hele afdelingen et fælles sprog. Vi taler nu om belastning, før det bliver til sygemeldinger.',
    name: 'Afdelingsleder i en produktionsvirksomhed',
    context: 'Foredrag og workshops',
  },
  {
    quote:
      'Som par havde vi kørt fast i de samme skænderier. Parcoachingen lærte os at lytte færdigt, før vi svarer. Det lyder enkelt, men det ændrede meget.',
    name: 'Louise og Thomas',
    context: 'Parcoaching',
  },
] as const
