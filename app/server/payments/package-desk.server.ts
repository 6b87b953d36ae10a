import type { Db } from '#db/database'
import type { PackageCard } from '#db/schema'
import { formatInstantWithYear } from '~/lib/booking/time'
import type { DeskCard, DeskCardHolder } from '~/lib/desk/desk-data'
import { cardsFor, ledgerOf, usable } from '~/server/payments/package-ledger.server'
import { validThrough } from '~/server/payments/package-pages.server'

/** The klippekort on the coach's desk: each client's balance, each purchase with its ledger. */

const causeText = {
  koebt: 'købt',
  booket: 'booket',
  afbud: 'aflyst i tide – klip tilbage',
  'coach-aflyste': 'du aflyste – klip tilbage',
  'coach-tilfoejede': 'tilføjet af dig',
  'coach-fjernede': 'fjernet af dig',
  udloebet: 'udløbet',
  fortrudt: 'fortrudt',
} as const

function state(db: Db, card: PackageCard, now: Date) {
  if (card.withdrawnAt) return `fortrudt ${formatInstantWithYear(new Date(card.withdrawnAt))}`
  if (!usable(card, now)) return `udløbet – var gyldigt til og med ${validThrough(db, card)}`
  return `gyldigt til og med ${validThrough(db, card)}`
}

export const deskCards = (db: Db, emailKey: string, now: Date): DeskCard[] =>
  cardsFor(db, emailKey).map((card) => ({
    id: card.id,
    code: card.publicId,
    name: card.name,
    remaining: card.remaining,
    total: card.total,
    state: state(db, card, now),
    ledger: ledgerOf(db, card.id).map((row) => ({
      at: formatInstantWithYear(new Date(row.createdAt)),
      change: row.change > 0 ? `+${row.change}` : `−${-row.change}`,
      cause: row.reason ? `${causeText[row.cause]}: ${row.reason}` : causeText[row.cause],
    })),
  }))

/** Every client who has bought a klippekort, with what she can still book on the cards still usable. */
export function cardHolders(db: Db, now: Date): DeskCardHolder[] {
  const holders = new Map<string, DeskCardHolder>()
  for (const card of cardsFor(db)) {
    const holder = holders.get(card.emailKey) ?? { email: card.emailKey, name: card.customerName, balance: 0, cards: 0 }
    holder.cards++
    if (usable(card, now)) holder.balance += card.remaining
    holders.set(card.emailKey, holder)
  }
  return [...holders.values()]
}
