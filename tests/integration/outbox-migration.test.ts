import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { type Db, openDatabase } from '#db/database'
import { bookingEmailHandler } from '~/server/booking/booking-mail.server'
import { type CaldavConfig, caldavRequest, eventPath } from '~/server/calendar/caldav.server'
import { calendarWriteHandler } from '~/server/calendar/calendar-writes.server'
import { contactEmailHandler } from '~/server/contact/contact.server'
import { outboxTransport } from '~/server/mail/mail-transport.server'
import { newsletterEmailHandler } from '~/server/newsletter/newsletter-mail.server'
import { runOutbox } from '~/server/outbox/worker.server'
import { type Radicale, startRadicale } from '../calendar-servers'

// Migrations 0013–0015 on a database as it stood at 0012, with rows in every state in the four old
// delivery tables: every row must arrive in the one outbox exactly once, as it was (state, attempts,
// lease, error, times, what it is about), the counters in sender_attempts, the old tables and
// columns gone; and the worker then carries out what was due, once.

const DRIZZLE = fileURLToPath(new URL('../../drizzle', import.meta.url))
const NOW = '2026-04-10T09:00:00.000Z'
const at = (iso: string) => new Date(iso)
const minutesFromNow = (minutes: number) => new Date(Date.parse(NOW) + minutes * 60_000).toISOString()
const HOST = 'www.holmcoaching.dk'

let radicale: Radicale
beforeAll(async () => {
  radicale = await startRadicale()
}, 30_000)
afterAll(() => radicale?.stop())

let work: string
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'coach-outbox-migration-'))
})
afterAll(() => {
  vi.unstubAllEnvs()
  rmSync(work, { recursive: true, force: true })
})

/** The migrations folder as it was after 0012: the journal cut there, the later files left out. */
function migrationsUpTo0012() {
  const folder = join(work, 'drizzle-0012')
  cpSync(DRIZZLE, folder, { recursive: true })
  const journalFile = join(folder, 'meta', '_journal.json')
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: Array<{ idx: number; tag: string }> }
  const later = journal.entries.filter((entry) => entry.idx > 12)
  expect(later.map((entry) => entry.tag).slice(0, 3)).toEqual(['0013_outbox', '0014_outbox_rows', '0015_drop_delivery_tables'])
  for (const entry of later) rmSync(join(folder, `${entry.tag}.sql`))
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.filter((entry) => entry.idx <= 12) }, null, 2))
  return folder
}

// ---- The rows as the old tables held them --------------------------------------------------------

type State = { status: string; attempts: number; last_error: string | null; next_attempt_at: string | null; sent_at: string | null; claim_token: string | null }
const pending = (next: string | null = null, attempts = 0, error: string | null = null): State => ({ status: 'pending', attempts, last_error: error, next_attempt_at: next, sent_at: null, claim_token: null })
const sending = (lease: string, token: string, attempts = 0): State => ({ status: 'sending', attempts, last_error: null, next_attempt_at: lease, sent_at: null, claim_token: token })
const sent = (when: string, attempts = 1): State => ({ status: 'sent', attempts, last_error: null, next_attempt_at: null, sent_at: when, claim_token: null })
const failed = (error: string): State => ({ status: 'failed', attempts: 10, last_error: error, next_attempt_at: null, sent_at: null, claim_token: null })
const skipped = (attempts = 0): State => ({ status: 'skipped', attempts, last_error: null, next_attempt_at: null, sent_at: null, claim_token: null })

const contactRows = [
  { id: 1, public_id: 'c0ffee00-0000-4000-8000-000000000001', created_at: '2026-04-09T08:00:00.000Z', ip_hash: 'ip-anne', delivered_by: null, ...pending() },
  // Claimed by a process that died: its lease ran out before NOW.
  { id: 2, public_id: 'c0ffee00-0000-4000-8000-000000000002', created_at: '2026-04-09T08:10:00.000Z', ip_hash: 'ip-bo', delivered_by: null, ...sending(minutesFromNow(-1), 'doed-proces', 2) },
  // Claimed by a process still at it: its lease runs two more minutes.
  { id: 3, public_id: 'c0ffee00-0000-4000-8000-000000000003', created_at: '2026-04-09T08:20:00.000Z', ip_hash: 'ip-bo', delivered_by: null, ...sending(minutesFromNow(2), 'levende-proces', 1) },
  { id: 4, public_id: 'c0ffee00-0000-4000-8000-000000000004', created_at: '2026-04-08T08:00:00.000Z', ip_hash: 'ip-carl', delivered_by: 'resend', ...sent('2026-04-08T08:00:01.000Z') },
  { id: 5, public_id: 'c0ffee00-0000-4000-8000-000000000005', created_at: '2026-04-07T08:00:00.000Z', ip_hash: 'ip-dorte', delivered_by: null, ...failed('Resend: rate_limit_exceeded: Too many requests') },
  // Waits for its retry (3 attempts so far).
  { id: 6, public_id: 'c0ffee00-0000-4000-8000-000000000006', created_at: '2026-04-10T08:30:00.000Z', ip_hash: 'ip-anne', delivered_by: null, ...pending(minutesFromNow(4), 3, 'Mailudbyderen svarer ikke') },
  // From before public_id was set at intake: the migration names its key by the row's id.
  { id: 7, public_id: '', created_at: '2025-01-01T08:00:00.000Z', ip_hash: 'ip-gammel', delivered_by: 'outbox', ...sent('2025-01-01T08:00:02.000Z') },
]

const bookingRows = [
  { id: 1, public_id: 'aaaa2222', starts_at: '2026-04-20T08:00:00.000Z', ends_at: '2026-04-20T08:30:00.000Z', local_date: '2026-04-20', status: 'bekraeftet', sequence: 0 },
  { id: 2, public_id: 'bbbb3333', starts_at: '2026-04-21T08:00:00.000Z', ends_at: '2026-04-21T08:30:00.000Z', local_date: '2026-04-21', status: 'aflyst', sequence: 1 },
]
const uidOf = (publicId: string) => `${publicId}@${HOST}`
const ERASED_UID = uidOf('slettet9')

type BookingEmailRow = State & { id: number; booking_id: number; kind: string; role: string; sequence: number; starts_at: string; ends_at: string; idempotency_key: string; created_at: string; coach_note: string | null }
const bookingEmail = (id: number, bookingId: number, kind: string, role: string, state: State, created_at: string, coach_note: string | null = null): BookingEmailRow => {
  const booking = bookingRows.find((row) => row.id === bookingId)!
  const sequence = kind === 'aflyst' ? 1 : 0
  return { id, booking_id: bookingId, kind, role, sequence, starts_at: booking.starts_at, ends_at: booking.ends_at, idempotency_key: `booking-${booking.public_id}-${kind}-${sequence}-${role}`, created_at, coach_note, ...state }
}
const bookingEmailRows: BookingEmailRow[] = [
  bookingEmail(1, 1, 'bekraeftelse', 'gaest', pending(), '2026-04-09T09:00:00.000Z'),
  bookingEmail(2, 1, 'bekraeftelse', 'coach', sending(minutesFromNow(-3), 'doed-booking-proces', 1), '2026-04-09T09:00:00.000Z'),
  // The reminder, a day before the booking: not due yet.
  bookingEmail(3, 1, 'paamindelse', 'gaest', pending('2026-04-19T08:00:00.000Z'), '2026-04-09T09:00:00.000Z'),
  bookingEmail(4, 2, 'bekraeftelse', 'gaest', sent('2026-04-08T09:00:01.000Z'), '2026-04-08T09:00:00.000Z'),
  bookingEmail(5, 2, 'aflyst', 'gaest', sent('2026-04-08T10:00:05.000Z', 2), '2026-04-08T10:00:00.000Z', 'Jeg er desværre syg den dag.'),
  bookingEmail(6, 2, 'aflyst', 'coach', failed('Resend: validation_error: Invalid `to` field'), '2026-04-08T10:00:00.000Z'),
  bookingEmail(7, 2, 'paamindelse', 'gaest', skipped(), '2026-04-08T09:00:00.000Z'),
  bookingEmail(8, 2, 'flyttet', 'gaest', skipped(1), '2026-04-08T09:30:00.000Z', 'Jeg har flyttet os en time.'),
]

type CalendarWriteRow = State & { id: number; uid: string; booking_id: number | null; action: 'put' | 'delete'; created_at: string }
const calendarWriteRows: CalendarWriteRow[] = [
  { id: 1, uid: uidOf('aaaa2222'), booking_id: 1, action: 'put', created_at: '2026-04-09T09:00:00.000Z', ...pending('2026-04-09T09:00:00.000Z') },
  { id: 2, uid: uidOf('bbbb3333'), booking_id: 2, action: 'put', created_at: '2026-04-08T09:00:00.000Z', ...sent('2026-04-08T09:00:02.000Z') },
  { id: 3, uid: uidOf('bbbb3333'), booking_id: 2, action: 'delete', created_at: '2026-04-08T10:00:00.000Z', ...sending(minutesFromNow(-5), 'doed-kalender-proces', 4) },
  { id: 4, uid: uidOf('bbbb3333'), booking_id: 2, action: 'delete', created_at: '2026-04-08T10:00:01.000Z', ...failed('kunne ikke forbinde (ECONNREFUSED)') },
  { id: 5, uid: uidOf('aaaa2222'), booking_id: 1, action: 'put', created_at: '2026-04-09T09:30:00.000Z', ...failed('PUT svarede 401') },
  // The removal of an erased booking: its booking row is gone, so booking_id was set to NULL.
  { id: 6, uid: ERASED_UID, booking_id: null, action: 'delete', created_at: '2026-04-09T10:00:00.000Z', ...pending(null, 2, 'intet svar i tide') },
  // Waits for its retry.
  { id: 7, uid: uidOf('aaaa2222'), booking_id: 1, action: 'put', created_at: '2026-04-10T08:00:00.000Z', ...pending(minutesFromNow(30), 5, 'PUT svarede 503') },
]

const subscriberRows = [
  { id: 1, public_id: 'abcdef00-0000-4000-8000-000000000001', email: 'lise@eksempel.dk', confirmed_at: '2026-03-01T10:00:00.000Z' },
  { id: 2, public_id: 'abcdef00-0000-4000-8000-000000000002', email: 'ny@eksempel.dk', confirmed_at: null },
]
const postRows = [
  { slug: 'stress-er-ikke-svaghed', published_at: '2026-04-01T06:00:00.000Z' },
  { slug: 'naar-teenageren-lukker-doeren', published_at: '2026-04-05T06:00:00.000Z' },
  { slug: 'parforholdet-efter-boernene', published_at: '2026-04-07T06:00:00.000Z' },
]

type NewsletterEmailRow = State & { id: number; subscriber_id: number; kind: 'bekraeftelse' | 'artikel'; article_slug: string | null; idempotency_key: string; created_at: string }
const newsletterEmail = (id: number, subscriberId: number, slug: string | null, state: State, created_at: string): NewsletterEmailRow => {
  const { public_id } = subscriberRows.find((row) => row.id === subscriberId)!
  const kind = slug === null ? 'bekraeftelse' : 'artikel'
  return { id, subscriber_id: subscriberId, kind, article_slug: slug, idempotency_key: `nyhedsbrev-${public_id}-${slug === null ? `bekraeftelse-${Date.parse(created_at)}` : `artikel-${slug}`}`, created_at, ...state }
}
const newsletterEmailRows: NewsletterEmailRow[] = [
  newsletterEmail(1, 1, null, sent('2026-02-28T10:00:03.000Z'), '2026-02-28T10:00:00.000Z'),
  newsletterEmail(2, 2, null, pending('2026-04-10T08:59:00.000Z'), '2026-04-10T08:59:00.000Z'),
  newsletterEmail(3, 1, 'stress-er-ikke-svaghed', sent('2026-04-01T06:01:00.000Z'), '2026-04-01T06:00:30.000Z'),
  newsletterEmail(4, 1, 'naar-teenageren-lukker-doeren', pending('2026-04-05T06:00:30.000Z'), '2026-04-05T06:00:30.000Z'),
  newsletterEmail(5, 1, 'parforholdet-efter-boernene', sending(minutesFromNow(-10), 'doed-nyhedsbrev-proces', 1), '2026-04-07T06:00:30.000Z'),
  newsletterEmail(6, 2, 'stress-er-ikke-svaghed', skipped(), '2026-04-01T06:00:30.000Z'),
  newsletterEmail(7, 1, 'en-slettet-artikel', failed('Resend: application_error: Internal server error'), '2026-03-15T06:00:30.000Z'),
  newsletterEmail(8, 2, 'parforholdet-efter-boernene', pending(minutesFromNow(60), 6, 'Mailudbyderen svarer ikke'), '2026-04-07T06:00:30.000Z'),
]

const bookingAttemptRows = [
  { ip_hash: 'ip-mette', created_at: '2026-04-09T09:00:00.000Z' },
  { ip_hash: 'ip-mette', created_at: '2026-04-09T09:05:00.000Z' },
  { ip_hash: 'ip-ole', created_at: '2026-04-08T09:00:00.000Z' },
]
const deskLinkRows = [
  { ip_hash: 'ip-desk-1', address_hash: 'adr-coach', created_at: '2026-04-09T07:00:00.000Z' },
  { ip_hash: 'ip-desk-2', address_hash: 'adr-fremmed', created_at: '2026-04-09T07:30:00.000Z' },
]
const signUpRows = [
  { ip_hash: 'ip-lise', created_at: '2026-02-28T10:00:00.000Z' },
  { ip_hash: 'ip-ny', created_at: '2026-04-10T08:59:00.000Z' },
]

/** Writes every row above with plain SQL into a database at 0012, as the old code left them. */
function fillOldTables(db: Db) {
  const sqlite = db.$client
  const insert = (table: string, row: Record<string, unknown>) => {
    const columns = Object.keys(row)
    sqlite.prepare(`INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map((column) => `@${column}`).join(', ')})`).run(row)
  }
  sqlite.transaction(() => {
    for (const { slug, published_at } of postRows) {
      insert('blog_posts', { slug, title: `Artikel ${slug}`, description: 'Beskrivelse', image_url: `/images/blog/${slug}.webp`, image_alt: 'Illustration', category: 'stress', published_at, author: 'Birgitte Holm', keywords: '[]', tags: '[]', section: 'Coaching', hero: 'gradient', cta: null, json_ld: 0, body_html: '<p>Tekst</p>', source_hash: slug, updated_at: published_at })
    }
    for (const row of contactRows) {
      insert('contact_messages', { ...row, first_name: 'Anne', last_name: 'Jensen', email: `besked${row.id}@eksempel.dk`, phone: '20 30 40 50', service_type: 'parcoaching', address: '', message: 'Vi vil gerne høre om parcoaching.' })
    }
    for (const row of bookingRows) {
      insert('bookings', { ...row, created_at: '2026-04-08T09:00:00.000Z', updated_at: '2026-04-08T10:00:00.000Z', mode: 'telefon', name: 'Mette Sørensen', email: `${row.public_id}@eksempel.dk`, email_key: `${row.public_id}@eksempel.dk`, phone: '20 30 40 50', note: '', manage_token_hash: `hash-${row.public_id}`, ip_hash: 'ip-mette', uid: uidOf(row.public_id), cancelled_at: row.status === 'aflyst' ? '2026-04-08T10:00:00.000Z' : null, cancelled_by: row.status === 'aflyst' ? 'coach' : null })
    }
    for (const row of subscriberRows) {
      insert('newsletter_subscribers', { ...row, email_key: row.email, created_at: '2026-02-28T10:00:00.000Z', confirm_token_hash: row.confirmed_at ? null : `bekraeft-${row.id}`, unsubscribe_token_hash: `afmeld-${row.id}`, ip_hash: `ip-${row.id}` })
    }
    for (const row of bookingEmailRows) insert('booking_emails', row)
    for (const row of calendarWriteRows) insert('calendar_writes', row)
    for (const row of newsletterEmailRows) insert('newsletter_emails', row)
    for (const row of bookingAttemptRows) insert('booking_attempts', row)
    for (const row of signUpRows) insert('newsletter_sign_ups', row)
    for (const row of deskLinkRows) insert('desk_sign_in_attempts', row)
  })()
}

// ---- What the outbox must hold --------------------------------------------------------------------

type Effect = State & {
  kind: string
  contact_message_id: number | null
  booking_id: number | null
  subscriber_id: number | null
  event_uid: string | null
  payload: Record<string, unknown>
  idempotency_key: string
  created_at: string
  delivered_by: string | null
}
const stateOf = ({ status, attempts, last_error, next_attempt_at, sent_at, claim_token }: State): State => ({ status, attempts, last_error, next_attempt_at, sent_at, claim_token })
const none = { contact_message_id: null, booking_id: null, subscriber_id: null, event_uid: null }

const expectedEffects: Effect[] = [
  ...contactRows.map((row) => ({
    ...none,
    kind: 'contact-email',
    contact_message_id: row.id,
    payload: {},
    idempotency_key: row.public_id ? `kontakt-${row.public_id}` : `kontakt-id-${row.id}`,
    created_at: row.created_at,
    delivered_by: row.delivered_by,
    ...stateOf(row),
  })),
  ...bookingEmailRows.map((row) => ({
    ...none,
    kind: 'booking-email',
    booking_id: row.booking_id,
    payload: { kind: row.kind, role: row.role, sequence: row.sequence, startsAt: row.starts_at, endsAt: row.ends_at, coachNote: row.coach_note },
    idempotency_key: row.idempotency_key,
    created_at: row.created_at,
    delivered_by: null,
    ...stateOf(row),
  })),
  // A write names its event by UID only: the removal of an erased booking still goes out.
  ...calendarWriteRows.map((row) => ({
    ...none,
    kind: 'calendar-write',
    event_uid: row.uid,
    payload: { action: row.action },
    idempotency_key: `kalender-${row.uid}-w${row.id}`,
    created_at: row.created_at,
    delivered_by: row.status === 'sent' ? 'caldav' : null,
    ...stateOf(row),
  })),
  ...newsletterEmailRows.map((row) => ({
    ...none,
    kind: 'newsletter-email',
    subscriber_id: row.subscriber_id,
    payload: { kind: row.kind, articleSlug: row.article_slug },
    idempotency_key: row.idempotency_key,
    created_at: row.created_at,
    delivered_by: null,
    ...stateOf(row),
  })),
]

const isDueAtNow = (effect: State) => (effect.status === 'pending' && (effect.next_attempt_at === null || effect.next_attempt_at <= NOW)) || (effect.status === 'sending' && effect.next_attempt_at! <= NOW)

function outboxRows(db: Db) {
  const rows = db.$client.prepare('SELECT * FROM outbox ORDER BY id').all() as Array<Omit<Effect, 'payload'> & { id: number; payload: string }>
  return rows.map(({ payload, ...row }) => ({ ...row, payload: JSON.parse(payload) as Record<string, unknown> }))
}
const byKey = <T extends { idempotency_key: string }>(rows: T[]) => [...rows].sort((a, b) => a.idempotency_key.localeCompare(b.idempotency_key))
const withoutId = ({ id: _, ...row }: Effect & { id: number }) => row

it('moves every row of the four delivery tables into the outbox exactly once, and the worker carries out what was due once', async () => {
  const file = join(work, 'site.db')

  vi.stubEnv('MIGRATIONS_DIR', migrationsUpTo0012())
  const old = openDatabase(file)
  const oldTables = () => (old.$client.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).pluck().all() as string[]).sort()
  expect(oldTables()).toEqual(expect.arrayContaining(['booking_attempts', 'booking_emails', 'calendar_writes', 'desk_sign_in_attempts', 'newsletter_emails', 'newsletter_sign_ups']))
  expect(oldTables()).not.toContain('outbox')
  fillOldTables(old)
  const contactsBefore = old.$client.prepare('SELECT id, public_id, first_name, email, ip_hash, created_at FROM contact_messages ORDER BY id').all()
  const bookingsBefore = old.$client.prepare('SELECT * FROM bookings ORDER BY id').all()
  old.$client.close()

  // The full folder: 0013 makes the outbox, 0014 moves the rows, 0015 drops the old tables.
  vi.stubEnv('MIGRATIONS_DIR', DRIZZLE)
  const db = openDatabase(file)

  // Every row once, as it was: none lost, none doubled, none changed.
  const effects = outboxRows(db)
  const countByKind = (rows: Array<{ kind: string }>) => Object.fromEntries(['contact-email', 'booking-email', 'calendar-write', 'newsletter-email'].map((kind) => [kind, rows.filter((row) => row.kind === kind).length]))
  expect(countByKind(effects)).toEqual({ 'contact-email': contactRows.length, 'booking-email': bookingEmailRows.length, 'calendar-write': calendarWriteRows.length, 'newsletter-email': newsletterEmailRows.length })
  expect(effects).toHaveLength(expectedEffects.length)
  expect(new Set(effects.map((effect) => effect.idempotency_key)).size).toBe(effects.length)
  expect(byKey(effects.map(withoutId))).toEqual(byKey(expectedEffects))
  // The worker takes the oldest first, by id: the ids follow the time each effect was queued.
  const createdInIdOrder = effects.map((effect) => effect.created_at)
  expect(createdInIdOrder).toEqual([...createdInIdOrder].sort())

  // The counters of the per-sender limits, every one.
  const attempts = db.$client.prepare('SELECT action, sender_hash, created_at FROM sender_attempts').all() as Array<{ action: string; sender_hash: string; created_at: string }>
  const counter = (row: { action: string; sender_hash: string; created_at: string }) => `${row.action} ${row.sender_hash} ${row.created_at}`
  expect(attempts.map(counter).sort()).toEqual(
    [
      ...contactRows.map((row) => ({ action: 'contact', sender_hash: row.ip_hash, created_at: row.created_at })),
      ...bookingAttemptRows.map((row) => ({ action: 'booking', sender_hash: row.ip_hash, created_at: row.created_at })),
      ...signUpRows.map((row) => ({ action: 'newsletter', sender_hash: row.ip_hash, created_at: row.created_at })),
      ...deskLinkRows.map((row) => ({ action: 'desk-link', sender_hash: row.ip_hash, created_at: row.created_at })),
      ...deskLinkRows.map((row) => ({ action: 'desk-address', sender_hash: row.address_hash, created_at: row.created_at })),
    ]
      .map(counter)
      .sort(),
  )

  // The old tables and the contact messages' delivery columns are gone; the messages and bookings themselves are not.
  const tables = db.$client.prepare(`SELECT name FROM sqlite_master WHERE type = 'table'`).pluck().all() as string[]
  for (const gone of ['booking_attempts', 'booking_emails', 'calendar_writes', 'desk_sign_in_attempts', 'newsletter_emails', 'newsletter_sign_ups']) expect(tables).not.toContain(gone)
  expect(tables).toEqual(expect.arrayContaining(['outbox', 'sender_attempts', 'contact_messages', 'bookings', 'newsletter_subscribers']))
  const contactColumns = db.$client.prepare(`SELECT name FROM pragma_table_info('contact_messages') ORDER BY cid`).pluck().all()
  expect(contactColumns).toEqual(['id', 'created_at', 'first_name', 'last_name', 'email', 'phone', 'service_type', 'address', 'message', 'ip_hash', 'public_id', 'read_at', 'handled_at', 'became_client_at'])
  expect(db.$client.prepare(`SELECT name FROM sqlite_master WHERE type = 'index' AND name = 'contact_messages_status_next_idx'`).all()).toEqual([])
  expect(db.$client.prepare('SELECT id, public_id, first_name, email, ip_hash, created_at FROM contact_messages ORDER BY id').all()).toEqual(contactsBefore)
  // Later migrations add columns of their own (0016: the calendar's ETag; 0017: when a sender became a client), empty for these rows.
  expect(db.$client.prepare('SELECT * FROM bookings ORDER BY id').all()).toEqual(bookingsBefore.map((row) => expect.objectContaining(row as object)))
  expect(db.$client.pragma('foreign_key_check')).toEqual([])

  // ---- The worker, with every kind's handler: a mail folder and a real CalDAV calendar ----
  const mailFolder = join(work, 'post')
  const calendar: CaldavConfig = { url: await radicale.newCalendar(), authorization: `Basic ${Buffer.from(`${radicale.user}:${radicale.password}`).toString('base64')}` }
  const transport = outboxTransport(mailFolder)
  const handlers = {
    'contact-email': contactEmailHandler(transport),
    'booking-email': bookingEmailHandler(transport),
    'calendar-write': calendarWriteHandler(calendar),
    'newsletter-email': newsletterEmailHandler(transport),
  }
  const due = effects.filter(isDueAtNow)
  // Of each kind a waiting row and one claimed by a process that died; and the erased booking's removal, and a confirmation and a notice.
  expect(countByKind(due)).toEqual({ 'contact-email': 2, 'booking-email': 2, 'calendar-write': 3, 'newsletter-email': 3 })
  const clock = () => at(NOW)
  expect(await runOutbox({ db, handlers, clock })).toMatchObject({ tried: due.length, delivered: due.length, failed: 0 })

  const after = new Map(outboxRows(db).map((row) => [row.id, row]))
  for (const effect of effects) {
    const now = after.get(effect.id)!
    if (due.includes(effect)) {
      expect(now, effect.idempotency_key).toMatchObject({ status: 'sent', attempts: effect.attempts + 1, sent_at: NOW, claim_token: null, next_attempt_at: null, delivered_by: effect.kind === 'calendar-write' ? 'caldav' : 'outbox' })
    } else {
      // Not due (a retry or a reminder still waiting, a live lease, done, given up): untouched.
      expect(withoutId(now), effect.idempotency_key).toEqual(withoutId(effect))
    }
  }

  // The e-mails, by their keys: each message's two, each booking e-mail (with its invitation), each notice.
  const contactFiles = contactRows.filter((row) => due.some((effect) => effect.contact_message_id === row.id)).flatMap((row) => [`contact-${row.public_id}-confirmation.json`, `contact-${row.public_id}-notification.json`])
  const mailFiles = due.filter((effect) => effect.kind === 'booking-email' || effect.kind === 'newsletter-email').map((effect) => `${effect.idempotency_key}.json`)
  const invitation = due.filter((effect) => effect.kind === 'booking-email' && effect.payload.role === 'gaest').map((effect) => `${effect.idempotency_key}.ics`)
  const written = readdirSync(mailFolder).sort()
  expect(written).toEqual([...contactFiles, ...mailFiles, ...invitation].sort())

  // The calendar: the confirmed booking's event is there; the cancelled and the erased one's are not.
  const status = async (uid: string) => (await caldavRequest(calendar, 'GET', eventPath(uid))).status
  expect([await status(uidOf('aaaa2222')), await status(uidOf('bbbb3333')), await status(ERASED_UID)]).toEqual([200, 404, 404])

  // A second run has nothing left to do: nothing is sent twice.
  const rowsAfterFirstRun = outboxRows(db)
  expect(await runOutbox({ db, handlers, clock })).toMatchObject({ tried: 0, delivered: 0, failed: 0 })
  expect(readdirSync(mailFolder).sort()).toEqual(written)
  expect(outboxRows(db)).toEqual(rowsAfterFirstRun)
  db.$client.close()
})
