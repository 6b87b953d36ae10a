/**
 * The facts behind the privacy policy (/privatlivspolitik) that only the coach can confirm: who
 * handles the data on her behalf, on what legal basis e-mails leave the EU, and how long things are
 * kept. Change a value here and the policy follows.
 *
 * THE SITE SHIPS WITH EXAMPLES, each marked »EKSEMPEL«. The hosting and mailbox providers are
 * invented names; the mail provider is the one the code uses (Resend), but its transfer basis and
 * log period must be checked in the data processing agreement you accept with your account.
 * `npm run check:launch` lists every example until it is replaced (and, for the mail provider,
 * until `sample: true` is deleted after checking).
 */

/**
 * The two ways a US provider can lawfully receive the e-mails:
 * - `dpf`: the provider is certified under the EU–US Data Privacy Framework (check the list at
 *   dataprivacyframework.gov), covered by the Commission's adequacy decision (EU) 2023/1795.
 * - `scc`: the data processing agreement includes the standard contractual clauses of
 *   Commission decision (EU) 2021/914.
 */
export type TransferBasis = 'dpf' | 'scc'

export type Processor = { name: string; location: string }

/**
 * A service a course with a client uses: video calls, invoicing, payment. `transfer` only for a
 * provider outside the EU/EEA (USA, UK, …): the basis in its data processing agreement.
 */
export type ClientService = Processor & { company: string; purpose: string; transfer?: TransferBasis }

export type MailProvider = Processor & {
  company: string
  transfer: TransferBasis
  /** Where the data processing agreement can be read (art. 13(1)(f): where a copy can be had). */
  dpaUrl: string
  /** How long the provider keeps its log of sent e-mails (the account's plan decides). */
  logDays: number
  sample?: true
}

/**
 * Where the coach's calendar lives (Google Kalender, iCloud, Outlook, a CalDAV host): the bookings
 * reach it through the private feed or CalDAV, with the visitor's first name, the form of the
 * conversation and the booking's code. `transfer` only when it processes data outside the EU/EEA.
 */
export type CalendarProvider = Processor & { company: string; transfer?: TransferBasis; sample?: true }

export type PrivacyFacts = {
  /** The day the policy last changed, as YYYY-MM-DD. */
  updated: string
  mailProvider: MailProvider
  /** Where the server runs: the database, the outbox, the backups and the server's log live there. */
  hosting: Processor
  /** Where the coach's e-mail lives: every notification of a message lands in that inbox. */
  mailbox: Processor
  /**
   * What a course uses beyond e-mail: video calls, invoicing, payment. The policy names each as a
   * recipient and, outside the EU/EEA, with its transfer basis. `undefined`: not listed yet, so the
   * policy promises to name the provider before a course begins (and `npm run check:launch` asks).
   */
  clientServices: ClientService[] | undefined
  /** Her calendar's provider; undefined when no calendar of hers gets the bookings (no feed, no CalDAV). */
  calendarProvider: CalendarProvider | undefined
  /** The host's setting: the server's log is deleted after this many days (see README, Drift). */
  logRetentionDays: number
  /** `npm run db:backup` deletes its copies after this many days. */
  backupRetentionDays: number
  /** Session notes are deleted this many years after the last session (the coach's choice, no law). */
  clientNotesYears: number
  /** Bookkeeping records: 5 years from the end of the financial year (bogføringsloven § 10). */
  bookkeepingYears: number
  /** A booking is deleted this many days after the appointment (`slet_efter_dage` in content/booking.yaml). */
  bookingRetentionDays: number
}

export const privacy: PrivacyFacts = {
  updated: '2026-11-23',
  mailProvider: {
    name: 'Resend',
    company: 'Resend, Inc.',
    location: 'USA',
    transfer: 'dpf', // EKSEMPEL: ret til 'scc', hvis Resend ikke står på dataprivacyframework.gov
    dpaUrl: 'https://resend.com/legal/dpa',
    logDays: 30, // EKSEMPEL: se, hvor længe din Resend-plan gemmer sendte e-mails
    sample: true, // slet linjen, når du har tjekket oplysningerne om Resend i databehandleraftalen
  },
  hosting: { name: 'Eksempel Hosting ApS', location: 'Danmark' }, // EKSEMPEL: skriv din udbyder og landet, hvor serveren står
  mailbox: { name: 'Eksempel Mail A/S', location: 'EU' }, // EKSEMPEL: skriv, hvem der leverer din e-mail, og hvor den opbevares
  // Skriv de tjenester, du bruger til videosamtaler, fakturering og betaling (eller [] for ingen), fx
  // [{ purpose: 'videosamtaler', name: 'Zoom', company: 'Zoom Communications, Inc.', location: 'USA', transfer: 'dpf' },
  //  { purpose: 'fakturering', name: 'Dinero', company: 'Dinero ApS', location: 'Danmark' }]
  clientServices: undefined,
  // Den kalender, bookingerne kommer ind i (abonnement eller CalDAV). Vælg en udbyder, du har en
  // databehandleraftale med, og del aldrig kalenderen offentligt (se vejledningen, »Din kalender«).
  calendarProvider: {
    name: 'Google Kalender',
    company: 'Google Ireland Limited',
    location: 'EU og USA',
    transfer: 'dpf',
    sample: true, // EKSEMPEL: skriv din kalenders udbyder, og slet linjen, når du har tjekket databehandleraftalen
  },
  logRetentionDays: 30,
  backupRetentionDays: 30,
  clientNotesYears: 5,
  bookkeepingYears: 5,
  bookingRetentionDays: 90,
}
