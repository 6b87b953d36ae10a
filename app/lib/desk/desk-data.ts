/** What the desk's pages show: plain data, made on the server (app/server/desk/desk-pages.server.ts). */

export type DeskBooking = {
  code: string
  /** "kl. 10.00–10.30" */
  time: string
  name: string
  mode: string
  phone: string
  email: string
  note: string
  cancelled: boolean
  noShow: boolean
  /** The conversation has begun: a no-show may be marked. */
  begun: boolean
  /** »Du har flyttet … i din kalender – …«: her calendar has the event at another time than the booking. */
  movedInCalendar?: string
  /** A paid session's payment: »Betalt: 850 kr. (kvittering nr. 3)«, »Afventer betaling …«, a problem to look at. */
  payment?: { line: string; problem: string | null; refundableKroner: number | null; canSendLink: boolean }
}

export type DeskDay = { date: string; label: string; bookings: DeskBooking[] }

export type DeskMessageLine = { id: number; name: string; received: string; unread: boolean; handled: boolean }

export type DeskPerson = { email: string; name: string; bookings: number; messages: number }

export type DeskOverview = {
  days: DeskDay[]
  /** The next free times visitors can book, or undefined while booking is closed. */
  freeTimes: string[] | undefined
  messages: DeskMessageLine[]
  search: { query: string; persons: DeskPerson[] } | undefined
  cardHolders: DeskCardHolder[]
  /** What the site could not send: given up (to try again from the desk), and how many wait for a retry. */
  undelivered: { failed: Array<{ what: string; queued: string; error: string }>; retrying: number }
  /** The problems she has been e-mailed about and that are not over (booking closed by a calendar …). */
  problems: Array<{ title: string; since: string }>
}

/** »Hvorfor er tiden lukket?«: the next two weeks, each time of her week and why it cannot be booked. */
export type DeskClosedTimes = {
  /** Why no time is offered at all right now, when that is so. */
  closedNow: string | undefined
  days: Array<{ date: string; label: string; hours: string; slots: Array<{ time: string; reason: string | undefined }> }>
}

export type DeskBookingPage = DeskBooking & {
  period: string
  /** The free times she may move it to (notice excepted), by day. */
  moveTo: Array<{ label: string; slots: Array<{ key: string; label: string }> }>
  changeable: boolean
  /** A write found her newer version of the event in her calendar and left it alone. */
  calendarConflict: boolean
}

export type DeskMessage = DeskMessageLine & {
  email: string
  phone: string
  service: string
  address: string
  text: string
  /** The sender became a client: the message is kept for the full period. */
  becameClient: boolean
  /** »6. marts 2027«: when the purge deletes it, by the rule that applies now. */
  deletedOn: string
  /** How long a client's message is kept, for the button that asks for it. */
  clientRetentionDays: number
}

export type DeskPersonPage = {
  email: string
  name: string
  /** `payment`: a paid session's »Betalt: 850 kr. (kvittering nr. 3)« and the like (her orders). */
  bookings: Array<{ code: string; period: string; status: string; payment?: string }>
  messages: DeskMessageLine[]
  /** Upcoming bookings an erasure cancels first (the visitor gets the cancellation). */
  upcoming: number
  /** Their receipts and credit notes: an erasure keeps them (bogføringsloven). */
  keptDocuments: number
  /** Her klippekort, each purchase with its balance and ledger; `balance` is what she can still book in all. */
  cards: DeskCard[]
  balance: number
}

export type DeskCard = {
  id: number
  code: string
  name: string
  remaining: number
  total: number
  /** »gyldigt til og med …«, or why it can no longer be used. */
  state: string
  ledger: Array<{ at: string; change: string; cause: string }>
}

/** Each client with a klippekort and her balance (all her cards together), for the overview. */
export type DeskCardHolder = { email: string; name: string; balance: number; cards: number }

/** One value of a content file in the desk's form: `list` is a list of texts, a line each. */
export type DeskContentField = { name: string; label: string; value: string; kind: 'text' | 'list' | 'number'; long: boolean }

/** Her files on the desk (/coach/indhold): each with its mistakes, and whether her saves are kept in git. */
export type DeskContentOverview = {
  files: Array<{ id: string; title: string; file: string; problems: number; lastGood: boolean }>
  history: boolean
}

/** One file's form (/coach/indhold/<id>); `whole`: the whole text in one field (a broken file, a refused save, or her choice). */
export type DeskContentPage = {
  id: string
  title: string
  file: string
  version: string
  whole: boolean
  text: string
  fields: DeskContentField[]
  /** The file's own mistakes now (the site then shows its last good version: `lastGood`). */
  fileErrors: string[]
  lastGood: boolean
  /** A save that was refused: the schema's messages, or (changed meanwhile) the file as it is now. */
  refused?: { errors: string[]; current?: string }
}

/** Her articles on the desk (/coach/artikler): published, scheduled (a date to come) and drafts (not on the site). */
export type DeskArticleList = {
  articles: Array<{ slug: string; title: string; state: 'udgivet' | 'planlagt' | 'kladde'; date: string }>
  history: boolean
}

/** The form's fields of an article; `place`: on the site from its date, or a draft. */
export type DeskArticleFields = { title: string; description: string; category: string; publishedAt: string; body: string; place: 'udgivet' | 'kladde' }

/**
 * The article as its page would show it (the preview), rendered on the server with the article
 * page's own components: the desk's script then shares none of them with the public pages.
 */
export type DeskArticlePreview = { html: string }

/** One article's editor (/coach/artikler/<slug>, /coach/artikler/ny for a new one). */
export type DeskArticleEditor = {
  /** undefined: a new article (its address is made from the title when it is first saved). */
  slug: string | undefined
  version: string
  fields: DeskArticleFields
  categories: Array<{ id: string; label: string }>
  /** Where readers find it, once it is on the site. */
  address: string | undefined
  /** The cover the pages show, and whether it is her own photo. */
  cover: { url: string; photo: boolean } | undefined
  preview: DeskArticlePreview | undefined
  /** Why a save was refused (Danish, naming the field). */
  errors: string[]
  /** After a conflict: the file as it is now (her version is in the form). */
  current: string | undefined
}

/** One answer per desk page: the sign-in when there is no session, the page otherwise. */
export type DeskPage =
  | { signedIn: false; linkUsable?: boolean }
  | ({ signedIn: true; formToken: string } & (
      | { page: 'oversigt'; overview: DeskOverview }
      | { page: 'booking'; booking: DeskBookingPage | undefined }
      | { page: 'besked'; message: DeskMessage | undefined }
      | { page: 'person'; person: DeskPersonPage | undefined }
      | { page: 'lukket'; closed: DeskClosedTimes }
      | { page: 'ukendt' }
      | { page: 'indhold'; content: DeskContentOverview }
      | { page: 'indhold-fil'; file: DeskContentPage | undefined }
      | { page: 'artikler'; articles: DeskArticleList }
      | { page: 'artikel'; article: DeskArticleEditor | undefined }
    ))

/** ukendt: an address below /coach that names no desk page (answered as not found once signed in). */
export type DeskPageRequest = { page: 'oversigt' | 'booking' | 'besked' | 'person' | 'link' | 'lukket' | 'ukendt' | 'indhold' | 'artikler'; key: string; draft?: string; whole?: boolean }

/** The statuses a desk post answers with (in the address: `?status=…`), and what each says. */
export const deskStatusText = {
  'tjek-email': 'Hvis adressen er din, får du et link til at logge ind på e-mail. Det virker i 15 minutter og kun én gang. Har du fået flere links for nylig, så brug det nyeste.',
  'for-mange': 'Der er bedt om for mange links på kort tid. Vent en time, og prøv igen.',
  'link-ugyldig': 'Linket virker ikke (længere): det er brugt, udløbet eller ikke helt kopieret. Bed om et nyt herunder.',
  'logget-ud': 'Du er logget ud.',
  'logget-ud-overalt': 'Du er logget ud på alle enheder.',
  udloebet: 'Siden var for gammel til at sende. Prøv igen.',
  aflyst: 'Bookingen er aflyst. Den besøgende får en e-mail med din begrundelse.',
  flyttet: 'Bookingen er flyttet. Den besøgende får en e-mail med den nye tid og din besked.',
  'ikke-ledig': 'Den tid er ikke ledig. Vælg en anden.',
  taget: 'Den tid er netop blevet taget. Vælg en anden.',
  'ugyldig-tekst': 'Teksten blev ikke sendt: den må højst være 500 tegn og må ikke indeholde usynlige tegn (fx retningstegn). Intet er ændret.',
  'samme-tid': 'Bookingen har allerede den tid.',
  'for-sent': 'Samtalen er slut; den kan ikke ændres.',
  'allerede-aflyst': 'Bookingen er allerede aflyst.',
  lukket: 'Bookingen er lukket lige nu (se vejledningen, »Når noget går galt«), så der kan ikke flyttes.',
  udeblevet: 'Noteret: den besøgende kom ikke.',
  'udeblevet-fortrudt': 'Markeringen »udeblev« er fjernet.',
  'ikke-begyndt': 'Samtalen er ikke begyndt endnu.',
  haandteret: 'Beskeden er markeret som håndteret.',
  'blev-klient': 'Noteret: afsenderen blev klient, så beskeden gemmes i den fulde periode.',
  'sendes-igen': 'Det, der var opgivet, prøves igen inden for et minut.',
  slettet: 'Alt om personen er slettet. Kommende samtaler er aflyst først; de slettes, når aflysningen er sendt.',
  'slettet-bogfoering-gemt': 'Alt andet om personen er slettet. Kommende samtaler er aflyst først; de slettes, når aflysningen er sendt. Personens kvitteringer og kreditnotaer med ordrerne bag dem er gemt, fordi bogføringsloven kræver det; de slettes af sig selv fem år efter udgangen af det regnskabsår, de hører til.',
  fejl: 'Noget gik galt, og intet blev ændret. Prøv igen om lidt.',
  'ugyldig-maaned': 'Vælg en måned (år og måned, fx 2026-12), og hent igen.',
  refunderet: 'Tilbagebetalingen er sendt til Stripe, og klienten får en e-mail om den.',
  'ugyldigt-beloeb': 'Beløbet kan ikke betales tilbage: skriv hele kroner, højst det, der er betalt og ikke allerede tilbagebetalt. Intet er ændret.',
  'klip-justeret': 'Klippekortet er ændret, og din begrundelse står i kortets historik.',
  'klip-mangler-grund': 'Skriv en begrundelse (højst 200 tegn). Intet er ændret.',
  'klip-ingen': 'Der er ingen klip at fjerne. Intet er ændret.',
  'link-sendt': 'Betalingslinket er sendt til klienten. Det virker i et døgn; du kan altid sende et nyt.',
  'ingen-betaling': 'Der kan ikke sendes et betalingslink: sessionen er betalt, eller betaling med Stripe er ikke sat op (STRIPE_SECRET_KEY). Intet er ændret.',
  gemt: 'Gemt. Siden viser det nu – der skal ikke genstartes noget.',
  uaendret: 'Der var intet ændret, så intet er gemt.',
  'ikke-gemt': 'Ikke gemt: filen ville få fejl. Ret det, der står herunder, og gem igen. Siden er ikke ændret.',
  'aendret-imens': 'Ikke gemt: filen er ændret et andet sted, siden du åbnede den. Herunder ser du begge udgaver – intet er gået tabt.',
  udgivet: 'Gemt og udgivet. Artiklen er på siden nu – der skal ikke genstartes noget.',
  planlagt: 'Gemt. Artiklen kommer på siden af sig selv på den dato, du har valgt.',
  kladde: 'Gemt som kladde. Den er ikke på siden; vælg »Udgivet«, når den skal være det.',
  forhaandsvisning: 'Herunder ser du artiklen, som den vil se ud på siden. Den er ikke gemt endnu.',
  'adresse-optaget': 'Ikke gemt: der findes allerede en artikel med den titel. Skriv en anden titel. Intet er ændret.',
  'artikel-slettet': 'Artiklen er slettet, og den er ikke længere på siden.',
  'blog-fejl': 'Ikke gemt: bloggen kunne ikke opdateres (en anden artikelfil har en fejl, se herunder). Intet er ændret.',
  'billede-gemt': 'Billedet er lagt op og vises som artiklens forsidebillede nu.',
  'billede-for-stort': 'Billedet er for stort: det må højst fylde 15 MB. Vælg et mindre, eller send det som JPEG. Intet er ændret.',
  'billede-ukendt': 'Filen er ikke et billede, siden kan læse: vælg et foto i JPEG eller PNG. Intet er ændret.',
  'billede-heic': 'HEIC kan ikke læses – vælg »Mest kompatibel« i kameraets indstillinger eller send som JPEG. Intet er ændret.',
  'billede-mangler': 'Vælg et billede først.',
} as const

export type DeskStatus = keyof typeof deskStatusText

export const isDeskStatus = (value: unknown): value is DeskStatus => typeof value === 'string' && Object.hasOwn(deskStatusText, value)

/** Statuses that tell of something refused or gone wrong (shown as an alert). */
export const deskProblems: ReadonlySet<DeskStatus> = new Set(['for-mange', 'link-ugyldig', 'udloebet', 'ugyldig-tekst', 'ikke-ledig', 'taget', 'samme-tid', 'for-sent', 'allerede-aflyst', 'lukket', 'ikke-begyndt', 'fejl', 'ikke-gemt', 'aendret-imens', 'adresse-optaget', 'blog-fejl', 'billede-for-stort', 'billede-ukendt', 'billede-heic', 'billede-mangler', 'ugyldigt-beloeb', 'ingen-betaling', 'ugyldig-maaned', 'klip-mangler-grund', 'klip-ingen'])
