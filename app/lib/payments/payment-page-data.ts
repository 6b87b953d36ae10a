import type { BookingWeek, ChosenSlot } from '~/lib/booking/page-data'

/** What the paid booking pages' loaders return: plain data, rendered by the pages. */

export type SessionSummary = { id: string; name: string; minutes: number; price: string; paidAtBooking: boolean; sample: boolean }

export type SessionWeekPage = { session: SessionSummary | null; week: BookingWeek }

export type SessionSlotPage = {
  session: SessionSummary | null
  slot: ChosenSlot
  /** The session lies within the 14 days' withdrawal period: the express request is asked for. */
  withinWithdrawalPeriod: boolean
  /** A random key of this form: posted twice (a double click), it makes one order. */
  requestKey: string
}

export type OrderView = {
  code: string
  sessionName: string
  period: string | null
  amount: string
  status: 'awaiting_payment' | 'paid' | 'partially_refunded' | 'refunded' | 'expired'
  statusText: string
  refunded: string | null
  /** The order's receipt and credit notes, each with its printable page. */
  documents: Array<{ title: string; href: string }>
  paidAt: string | null
  withdrawnAt: string | null
  /** Whether »Fortryd aftalen« is offered, or why not. */
  withdrawal: { possible: true; until: string } | { possible: false; reason: string }
  checkoutUrl: string | null
  /** What confirming the withdrawal does, in her words (a session: the time freed, all back; a klippekort: the unused sessions pro rata). */
  withdrawalEffect: string
  /** A klippekort's page, once the order is paid and the card made. */
  cardPath: string | null
}

export type TermsPage = { sections: Array<{ heading: string; paragraphs: string[] }>; version: string; sample: boolean } | null
