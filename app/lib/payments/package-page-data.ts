import type { BookingWeek } from '~/lib/booking/page-data'

/** What the klippekort pages' loaders return: plain data, rendered by the pages. */

/** A klippekort as /ydelser and its purchase page show it. */
export type PackageSummary = { id: string; name: string; sessions: number; sessionName: string; price: string; perSession: string; validity: string; sample: boolean }

export type PackagePurchasePage = {
  card: PackageSummary | null
  /** Whether the site takes payments now (STRIPE_SECRET_KEY): otherwise the card cannot be bought here. */
  open: boolean
  /** A random key of this form: posted twice (a double click), it makes one order. */
  requestKey: string
}

export type CardSession = { code: string; period: string; status: 'kommende' | 'holdt' | 'aflyst'; managePath: string | null }

export type CardPage = {
  name: string
  remaining: number
  total: number
  validThrough: string
  /** Why nothing more can be booked (expired, withdrawn, used up); null: booking is open. */
  closed: string | null
  sessions: CardSession[]
  week: BookingWeek
  modes: Array<{ value: string; label: string }>
  orderPath: string
}

/** The outcomes of the card page's booking form and of the purchase form, named in the address after the redirect. */
export const cardOutcomes = ['booket', 'taget', 'ikke-ledig', 'ingen-klip', 'udloebet', 'ugyldig-form', 'fejl'] as const
export type CardOutcome = (typeof cardOutcomes)[number]
export const purchaseOutcomes = ['ugyldig', 'vilkaar', 'start-tidligt', 'for-mange', 'stripe-nede', 'lukket', 'betaling-afbrudt', 'fejl'] as const
export type PurchaseOutcome = (typeof purchaseOutcomes)[number]

/**
 * Where a rendered form's address goes: the route's loader knows the server function's address
 * (its reference is right only in the route), the server renders the form around this mark.
 */
export const ACTION_SLOT = '/_serverFn/klippekort-form'
