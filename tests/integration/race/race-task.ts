/**
 * What each racer of race-from-threads.test.ts does, on a connection of its own. Prepared before
 * the barrier (opening the database, building the form), run after it, so all of them reach the
 * transaction together.
 */
import { openDatabase } from '#db/database'
import { checkAvailabilityText } from '~/server/booking/availability.server'
import { createBooking, moveBooking } from '~/server/booking/bookings.server'
import { submitContact } from '~/server/contact/contact.server'
import { confirmPaid } from '~/server/payments/fulfilment.server'
import { bookWithCard } from '~/server/payments/package-booking.server'
import { findCard } from '~/server/payments/package-ledger.server'

export type RaceTask =
  | { kind: 'book'; racer: number; databaseFile: string; availability: string; date: string; time: string; now: string }
  | { kind: 'move'; racer: number; databaseFile: string; availability: string; date: string; time: string; now: string; bookingId: number }
  | { kind: 'contact'; racer: number; databaseFile: string; messages: number; ip: string; now: string }
  | { kind: 'fulfil'; racer: number; databaseFile: string; orderIds: number[]; now: string }
  | { kind: 'card'; racer: number; databaseFile: string; availability: string; date: string; time: string; now: string; cardId: number }

function availabilityOf(text: string) {
  const checked = checkAvailabilityText(text)
  if (!checked.ok) throw new Error(checked.errors.join('\n'))
  return checked.availability
}

const nowhere = { name: 'ingen', async send() {} }

export const race = {
  async prepare(task: RaceTask) {
    const db = openDatabase(task.databaseFile)
    const now = new Date(task.now)
    const close = () => db.$client.close()
    if (task.kind === 'contact') {
      const forms = Array.from({ length: task.messages }, (_, n) => {
        const form = new FormData()
        for (const [name, value] of Object.entries({ firstName: 'Anne', lastName: 'Jensen', email: `kapl${task.racer}-${n}@eksempel.dk`, phone: '', message: `Besked ${n} fra tråd ${task.racer}.`, serviceType: '', address: '', website: '' })) form.set(name, value)
        return form
      })
      return { close, run: async () => Promise.all(forms.map(async (form) => (await submitContact(form, { ip: task.ip, db, transport: nowhere, clock: () => now })).status)) }
    }
    if (task.kind === 'fulfil') {
      // The fulfilment's own transaction, as the webhook, the return page and the catch-up job run it in their processes.
      return { close, run: async () => task.orderIds.map((orderId) => confirmPaid(db, orderId, { intent: `pi_racer_${orderId}`, livemode: false }, now).status) }
    }
    const availability = availabilityOf(task.availability)
    if (task.kind === 'book') {
      const details = { navn: 'Mette Sørensen', email: `racer${task.racer}@eksempel.dk`, telefon: '20 30 40 50', form: 'telefon' as const, besked: '' }
      return { close, run: async () => [createBooking(db, { availability, date: task.date, time: task.time, details, ipHash: `ip-${task.racer}`, now }).status] }
    }
    if (task.kind === 'card') {
      const card = findCard(db, task.cardId)!
      return { close, run: async () => [bookWithCard(db, { card, availability, date: task.date, time: task.time, mode: 'telefon', ipHash: `ip-${task.racer}`, now }).status] }
    }
    return { close, run: async () => [moveBooking(db, { id: task.bookingId, availability, date: task.date, time: task.time, now }).status] }
  },
  run: (prepared: { run: () => Promise<string[]> }) => prepared.run(),
}
