/**
 * The facts behind the privacy policy (/privatlivspolitik) that only the coach can confirm: who
 * handles the data on her behalf, on what legal basis data leaves the EU, and how long things are
 * kept. Their values are in content/privatliv.yaml, read while the server runs
 * (app/server/content/privacy-schema.server.ts); these are their types.
 */

/**
 * The two ways a US provider can lawfully receive the data:
 * - `dpf`: the provider is certified under the EU–US Data Privacy Framework (check the list at
 *   dataprivacyframework.gov), covered by the Commission's adequacy decision (EU) 2023/1795.
 * - `scc`: the data processing agreement includes the standard contractual clauses of
 *   Commission decision (EU) 2021/914.
 */
export type TransferBasis = 'dpf' | 'scc'

export type Processor = { name: string; location: string }

/**
 * A service a course with a client uses: video calls, invoicing. `transfer` only for a provider
 * outside the EU/EEA (USA, UK, …): the basis in its data processing agreement.
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

/**
 * The payment service a paid session goes through (Stripe): the company the coach's account is
 * with, and, when it passes the data on outside the EU/EEA, to whom and on what basis.
 */
export type PaymentProvider = Processor & { company: string; transferTo?: { company: string; location: string; transfer: TransferBasis }; sample?: true }

/** Where the off-site backup (`npm run db:offsite`, restic) keeps its encrypted copies. */
export type BackupHost = Processor & { sample?: true }

export type PrivacyFacts = {
  /** The day the policy's facts last changed, as YYYY-MM-DD. */
  updated: string
  mailProvider: MailProvider
  /** Where the server runs: the database, the outbox, the backups and the server's log live there. */
  hosting: Processor
  /** Where the coach's e-mail lives: every notification of a message lands in that inbox. */
  mailbox: Processor
  /** The off-site copies of the database; undefined when she keeps none. */
  backupHost: BackupHost | undefined
  /** The payment service of paid sessions; undefined when nothing is paid through the site. */
  paymentProvider: PaymentProvider | undefined
  /**
   * What a course uses beyond e-mail and payment: video calls, invoicing. The policy names each as
   * a recipient and, outside the EU/EEA, with its transfer basis. `undefined`: not listed yet, so
   * the policy promises to name the provider before a course begins (and `npm run check:launch` asks).
   */
  clientServices: ClientService[] | undefined
  /** Her calendar's provider; undefined when no calendar of hers gets the bookings (no feed, no CalDAV). */
  calendarProvider: CalendarProvider | undefined
  /** The host's setting: the server's log is deleted after this many days (see README, Drift). */
  logRetentionDays: number
  /** `npm run db:backup` and `npm run db:offsite` delete their copies after this many days. */
  backupRetentionDays: number
  /** Session notes are deleted this many years after the last session (the coach's choice, no law). */
  clientNotesYears: number
  /** Bookkeeping records: 5 years from the end of the financial year (bogføringsloven § 10). */
  bookkeepingYears: number
  /** A booking is deleted this many days after the appointment (`slet_efter_dage` in content/booking.yaml). */
  bookingRetentionDays: number
}
