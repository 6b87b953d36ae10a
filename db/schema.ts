import { sql } from 'drizzle-orm'
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core'

/** One row per file in content/blog; the seed keeps the table equal to the folder. */
export const blogPosts = sqliteTable(
  'blog_posts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    slug: text('slug').notNull().unique(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    imageUrl: text('image_url').notNull(),
    imageAlt: text('image_alt').notNull(),
    category: text('category').notNull(),
    /** ISO-8601 UTC; text sorts chronologically. */
    publishedAt: text('published_at').notNull(),
    author: text('author').notNull(),
    keywords: text('keywords', { mode: 'json' }).$type<string[]>().notNull(),
    tags: text('tags', { mode: 'json' }).$type<string[]>().notNull(),
    section: text('section').notNull(),
    hero: text('hero', { enum: ['image', 'gradient'] }).notNull(),
    cta: text('cta'),
    /** adult | teen: the article shows where to find help (content/kriselinjer.yaml). */
    crisisLines: text('crisis_lines', { enum: ['adult', 'teen'] }),
    jsonLd: integer('json_ld', { mode: 'boolean' }).notNull(),
    bodyHtml: text('body_html').notNull(),
    /** The examples' people are anonymised: the page shows the one shared footnote that says so. */
    anonymised: integer('anonymised', { mode: 'boolean' }).notNull().default(false),
    /** Minutes to read the body, rounded up (db/article-outline.ts). */
    readingMinutes: integer('reading_minutes').notNull().default(1),
    /** The ## headings a long article lists at its top; empty for a short one. */
    tableOfContents: text('table_of_contents', { mode: 'json' }).$type<{ id: string; text: string }[]>().notNull().default([]),
    /** The day the coach last checked the text (updatedAt in the front matter), shown as »Opdateret«; null when she gave none. */
    revisedAt: text('revised_at'),
    /** Hash of the source file, so a seed only rewrites what changed. */
    sourceHash: text('source_hash').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (table) => [
    index('blog_posts_published_at_idx').on(table.publishedAt),
    index('blog_posts_category_published_at_idx').on(table.category, table.publishedAt),
  ],
)

/** Every contact message, written before any e-mail is attempted, so a mail outage loses nothing. */
export const contactMessages = sqliteTable(
  'contact_messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    createdAt: text('created_at').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    serviceType: text('service_type').notNull(),
    address: text('address').notNull(),
    message: text('message').notNull(),
    /** Salted SHA-256 of the sender's IP: enough for the rate limit, never the address itself. */
    ipHash: text('ip_hash').notNull(),
    /**
     * Random, made at intake: idempotency keys and outbox file names carry it, so they never repeat
     * after a reset, a restore or on a second instance (row ids do). Rows from before the column got
     * theirs in migration 0002; the empty default exists only because SQLite needs one to add it.
     */
    publicId: text('public_id').notNull().unique().default(''),
    /** When the coach first opened the message on her desk (null: unread). */
    readAt: text('read_at'),
    /** When the coach marked the message handled on her desk. */
    handledAt: text('handled_at'),
    /**
     * When the coach noted on her desk that the sender became a client: only then is the message
     * kept for the full period; an enquiry that led to nothing goes sooner (privacy policy).
     */
    becameClientAt: text('became_client_at'),
  },
  (table) => [
    index('contact_messages_ip_created_idx').on(table.ipHash, table.createdAt),
    index('contact_messages_created_idx').on(table.createdAt),
  ],
)

/** A booked first conversation. Times are ISO-8601 UTC text; local_date is the Danish date it falls on. */
export const bookings = sqliteTable(
  'bookings',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** Random; the booking's code for the coach, its calendar UID and its e-mails' idempotency keys. */
    publicId: text('public_id').notNull().unique(),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
    startsAt: text('starts_at').notNull(),
    endsAt: text('ends_at').notNull(),
    localDate: text('local_date').notNull(),
    mode: text('mode', { enum: ['telefon', 'video', 'fremmoede'] }).notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** Lower-cased e-mail: one upcoming booking per address, whatever its case. */
    emailKey: text('email_key').notNull(),
    phone: text('phone').notNull(),
    note: text('note').notNull().default(''),
    /**
     * holdt: a paid session's time, held while the visitor pays (its order says until when), taken for
     * everyone else; udloebet: a hold that ran out unpaid. Only a confirmed booking is e-mailed or
     * written to calendars.
     */
    status: text('status', { enum: ['bekraeftet', 'aflyst', 'holdt', 'udloebet'] }).notNull().default('bekraeftet'),
    /** The paid session type's id (content/ydelser.yaml, »sessioner«); null: the free first conversation. */
    sessionTypeId: text('session_type_id'),
    /** The klippekort this session was booked with (package_cards); null: booked on its own. */
    packageCardId: integer('package_card_id'),
    cancelledAt: text('cancelled_at'),
    cancelledBy: text('cancelled_by', { enum: ['gaest', 'coach'] }),
    outcome: text('outcome', { enum: ['udeblevet'] }),
    /** The calendar event's SEQUENCE: raised on every move and cancellation. */
    sequence: integer('sequence').notNull().default(0),
    moveCount: integer('move_count').notNull().default(0),
    /** SHA-256 of the manage link's token; the token itself exists only in the link. */
    manageTokenHash: text('manage_token_hash').notNull().unique(),
    ipHash: text('ip_hash').notNull(),
    /**
     * The calendar UID, fixed when the booking is made (`<publicId>@<the site's host>`) and never
     * derived again: a command run with another SITE_URL must still cancel the same event. Rows from
     * before the column get theirs once, from the running server (empty until then).
     */
    uid: text('uid').notNull().default(''),
    /** Set by an erasure: the row is deleted once the cancellation it queued has gone out. */
    eraseRequestedAt: text('erase_requested_at'),
    /**
     * The ETag her CalDAV server gave the event the site last wrote: the next write replaces only
     * that version (If-Match), never one she has changed since. Null: not written yet, or her own
     * choice on the desk (a move or cancellation there) lets the next write replace what is there.
     */
    calendarEtag: text('calendar_etag'),
    /** When a write found her newer version of the event and left it alone (the desk tells her). */
    calendarConflictAt: text('calendar_conflict_at'),
  },
  (table) => [
    // The database itself refuses a second confirmed booking of one start, whatever the code does.
    // A held time counts as taken too: a payment in progress and a new booking cannot share a start.
    uniqueIndex('bookings_taken_start_idx').on(table.startsAt).where(sql`status in ('bekraeftet', 'holdt')`),
    index('bookings_status_start_idx').on(table.status, table.startsAt),
    index('bookings_email_status_idx').on(table.emailKey, table.status),
    index('bookings_ip_created_idx').on(table.ipHash, table.createdAt),
    index('bookings_uid_idx').on(table.uid),
    check('bookings_ends_after_start', sql`${table.endsAt} > ${table.startsAt}`),
  ],
)

/**
 * The last good reading of each busy-time source (a secret iCal address or the CalDAV calendar):
 * busy intervals over the booking window, shared by every server process. Keyed by a hash of the
 * address, so the secret itself is never stored or logged.
 */
export const busySources = sqliteTable('busy_sources', {
  sourceKey: text('source_key').primaryKey(),
  label: text('label').notNull(),
  etag: text('etag'),
  lastModified: text('last_modified'),
  /** When the source last answered with a usable calendar (or 304 Not Modified). */
  goodAt: text('good_at'),
  /** When the intervals were last expanded from a full copy: an unchanged feed is read again now and then, so the window moves on. */
  parsedAt: text('parsed_at'),
  checkedAt: text('checked_at').notNull(),
  /** JSON: [[startMs, endMs, uid], …] in UTC. */
  intervals: text('intervals', { mode: 'json' }).$type<Array<[number, number, string]>>().notNull(),
  lastError: text('last_error'),
})

/** Small facts the server keeps between starts: the last good booking.yaml, the jobs' heartbeat. */
export const appState = sqliteTable('app_state', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: text('updated_at').notNull(),
})

/**
 * The coach's one-time sign-in links: only the SHA-256 of the token is stored (the token exists
 * only in the e-mail), each valid for 15 minutes and used once. `destination` is the desk address
 * she was on her way to.
 */
export const deskLinks = sqliteTable('desk_links', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: text('created_at').notNull(),
  expiresAt: text('expires_at').notNull(),
  usedAt: text('used_at'),
  destination: text('destination').notNull(),
})

/** The coach's signed-in browsers: the cookie's token, hashed; sliding expiry; "Log ud på alle enheder" deletes every row. */
export const deskSessions = sqliteTable('desk_sessions', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: text('created_at').notNull(),
  lastSeenAt: text('last_seen_at').notNull(),
  expiresAt: text('expires_at').notNull(),
})

/**
 * What the coach did on her desk: the action, when, and which booking (its code) or message (its
 * number). Never a name, an address, a reason or a note.
 */
export const deskEvents = sqliteTable('desk_events', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  at: text('at').notNull(),
  action: text('action', {
    enum: [
      'logget-ind', 'logget-ud', 'logget-ud-overalt', 'aflyst', 'flyttet', 'udeblevet', 'udeblevet-fortrudt', 'besked-laest', 'besked-haandteret', 'besked-blev-klient', 'person-eksporteret', 'person-slettet', 'send-igen', 'regnskab-hentet',
      // A content file saved from the desk: which file, never its text.
      'gemt-site.yaml', 'gemt-ydelser.yaml', 'gemt-referencer.yaml', 'gemt-om.md', 'gemt-faq.yaml', 'gemt-kriselinjer.yaml', 'gemt-privatliv.yaml', 'gemt-gode-steder-at-begynde.yaml', 'gemt-artikelafslutninger.yaml', 'gemt-egne-ord.yaml',
      // An article written, changed (also moved to or from the drafts), deleted, or given a cover photo: never which or its text.
      'artikel-skrevet', 'artikel-rettet', 'artikel-slettet', 'forsidebillede-lagt-op',
      // A klippekort's balance changed by the coach (the reason is on the card's ledger row, not here).
      'klippekort-justeret',
    ],
  }).notNull(),
  bookingCode: text('booking_code'),
  messageId: integer('message_id'),
})

/**
 * "Få besked om nye artikler": one row per address, written unconfirmed (double opt-in,
 * markedsføringsloven § 10) and deleted on withdrawal. Its links' tokens are derived from
 * public_id with the server's link secret; only their SHA-256 is stored, for the lookup.
 */
export const newsletterSubscribers = sqliteTable(
  'newsletter_subscribers',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    publicId: text('public_id').notNull().unique(),
    email: text('email').notNull(),
    /** Lower-cased e-mail: one row per address, whatever its case. */
    emailKey: text('email_key').notNull().unique(),
    createdAt: text('created_at').notNull(),
    /** When the confirmation link was used; null: unconfirmed, nothing but a confirmation is ever sent. */
    confirmedAt: text('confirmed_at'),
    /** Hash of the confirmation link's token; cleared once it is used (a one-time link). */
    confirmTokenHash: text('confirm_token_hash').unique(),
    unsubscribeTokenHash: text('unsubscribe_token_hash').notNull().unique(),
    ipHash: text('ip_hash').notNull(),
  },
  (table) => [index('newsletter_subscribers_confirmed_idx').on(table.confirmedAt), index('newsletter_subscribers_created_idx').on(table.createdAt)],
)

/** The articles whose notices have been queued: each article is announced once, to whoever was confirmed then. */
export const newsletterAnnouncedArticles = sqliteTable('newsletter_announced_articles', {
  slug: text('slug').primaryKey(),
  announcedAt: text('announced_at').notNull(),
})

/**
 * Every effect that leaves the site (an e-mail, a write into the coach's calendar), queued in the
 * transaction of the change that causes it, whoever causes it, and carried out by the running
 * server's worker (app/server/outbox/): claimed with a token and a lease, retried with backoff,
 * given up after ten attempts, revived by `npm run mail:retry -- --alle` or the desk.
 * What a row concerns is one of the references below, by kind; deleting that deletes its effects,
 * except a calendar write, which names its event by UID so the removal of an erased booking still
 * goes out after the booking row is gone. A desk link concerns nobody but the coach: its row holds
 * no token (the worker makes the link when it sends) and is deleted by the purge after a day.
 */
export const outbox = sqliteTable(
  'outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    kind: text('kind', { enum: ['contact-email', 'booking-email', 'calendar-write', 'newsletter-email', 'coach-alert', 'desk-link', 'content-push', 'stripe-expire', 'stripe-refund', 'order-email'] }).notNull(),
    contactMessageId: integer('contact_message_id').references(() => contactMessages.id, { onDelete: 'cascade' }),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    subscriberId: integer('subscriber_id').references(() => newsletterSubscribers.id, { onDelete: 'cascade' }),
    eventUid: text('event_uid'),
    /** The kind's own facts as JSON (a booking e-mail's time and role, a notice's article), so a retry sends the same bytes. */
    payload: text('payload', { mode: 'json' }).notNull().$type<Record<string, unknown>>().default({}),
    idempotencyKey: text('idempotency_key').notNull().unique(),
    createdAt: text('created_at').notNull(),
    /** pending: waiting for (another) attempt; sending: claimed until next_attempt_at; skipped: no longer due. */
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed', 'skipped'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: text('next_attempt_at'),
    sentAt: text('sent_at'),
    /** Who holds the current claim: only that holder may record the outcome. */
    claimToken: text('claim_token'),
    /** Who carried it out: the mail provider ('resend'), the local mail folder ('outbox') or 'caldav'. */
    deliveredBy: text('delivered_by'),
  },
  (table) => [
    index('outbox_status_next_idx').on(table.status, table.nextAttemptAt),
    index('outbox_contact_message_idx').on(table.contactMessageId),
    index('outbox_booking_idx').on(table.bookingId),
    index('outbox_subscriber_idx').on(table.subscriberId, table.kind, table.createdAt),
    index('outbox_event_uid_idx').on(table.eventUid),
  ],
)

/**
 * Every post that a per-sender limit counts (app/server/limits/): the action and the sender's salted
 * hash, never the address itself.
 */
export const senderAttempts = sqliteTable(
  'sender_attempts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /**
     * Per sender (the salted hash of its network): contact, booking, newsletter, desk-link. Per
     * recipient (the salted hash of the address, limits/sender.server.ts `recipientHash`): desk-address
     * (links to the coach nobody recognised asked for), contact-receipt, already-booked, newsletter-confirmation.
     */
    action: text('action', { enum: ['contact', 'booking', 'newsletter', 'desk-link', 'desk-address', 'contact-receipt', 'already-booked', 'newsletter-confirmation'] }).notNull(),
    senderHash: text('sender_hash').notNull(),
    createdAt: text('created_at').notNull(),
  },
  (table) => [index('sender_attempts_action_sender_idx').on(table.action, table.senderHash, table.createdAt), index('sender_attempts_created_idx').on(table.createdAt)],
)

export type BlogPost = typeof blogPosts.$inferSelect
export type NewBlogPost = typeof blogPosts.$inferInsert
export type ContactMessage = typeof contactMessages.$inferSelect
export type Booking = typeof bookings.$inferSelect
export type OutboxRow = typeof outbox.$inferSelect
export type DeskEvent = typeof deskEvents.$inferSelect
export type NewsletterSubscriber = typeof newsletterSubscribers.$inferSelect

/**
 * One order for a paid session (app/server/payments/). Its status only moves forward:
 * awaiting_payment → paid → partially_refunded → refunded, or awaiting_payment → expired. What was
 * bought is a snapshot (name, length, price in øre, the terms and their version), so a later change
 * of her file never changes an order. Name and e-mail are kept for the receipt after the booking is purged.
 */
export const orders = sqliteTable(
  'orders',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** Random; the order page's link token is derived from it (like a booking's manage link). */
    publicId: text('public_id').notNull().unique(),
    /** SHA-256 of the order page's link token (derived from public_id with the link secret); the token exists only in the link. */
    tokenHash: text('token_hash').notNull().unique(),
    /** The booking form's own random key: a second post of one form (a double click) finds this order instead of making another. */
    requestKey: text('request_key').unique(),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    /** A klippekort's id (content/ydelser.yaml, »klippekort«) when the order bought one: no time held, a card made at fulfilment. */
    packageTypeId: text('package_type_id'),
    /** The session type a bought package books; for a single session, the session itself. */
    sessionTypeId: text('session_type_id').notNull(),
    sessionName: text('session_name').notNull(),
    minutes: integer('minutes').notNull(),
    amountOere: integer('amount_oere').notNull(),
    currency: text('currency').notNull().default('dkk'),
    /** ved-booking: Checkout at booking; bagefter: a payment link the coach makes on her desk. */
    payment: text('payment', { enum: ['ved-booking', 'bagefter'] }).notNull(),
    status: text('status', { enum: ['awaiting_payment', 'paid', 'partially_refunded', 'refunded', 'expired'] }).notNull().default('awaiting_payment'),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    /** A klippekort's buyer's phone, for the sessions booked with the card (a session's is on its booking). */
    customerPhone: text('customer_phone'),
    stripeSessionId: text('stripe_session_id').unique(),
    checkoutUrl: text('checkout_url'),
    stripePaymentIntent: text('stripe_payment_intent'),
    livemode: integer('livemode', { mode: 'boolean' }),
    /** The end of the hold (and of the Checkout Session): after it the time is freed, once Stripe has expired the session. */
    holdUntil: text('hold_until'),
    termsVersion: text('terms_version').notNull(),
    termsSnapshot: text('terms_snapshot', { mode: 'json' }).notNull().$type<Record<string, unknown>>(),
    /** The visitor expressly asked to start within the withdrawal period (the second checkbox). */
    expressStart: integer('express_start', { mode: 'boolean' }).notNull().default(false),
    refundedOere: integer('refunded_oere').notNull().default(0),
    withdrawnAt: text('withdrawn_at'),
    /** Why a payment was not accepted (amount, currency or mode differ): shown on her desk. */
    problem: text('problem'),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
    paidAt: text('paid_at'),
  },
  (table) => [index('orders_booking_idx').on(table.bookingId), index('orders_status_hold_idx').on(table.status, table.holdUntil), check('orders_amount_positive', sql`${table.amountOere} > 0`)],
)

/** Each refund decided for an order: one cause, one amount, one idempotency key (`refund:<order>:<cause>`). */
export const orderRefunds = sqliteTable(
  'order_refunds',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    cause: text('cause').notNull(),
    amountOere: integer('amount_oere').notNull(),
    createdAt: text('created_at').notNull(),
    stripeRefundId: text('stripe_refund_id'),
  },
  (table) => [uniqueIndex('order_refunds_cause_idx').on(table.orderId, table.cause), check('order_refunds_amount_positive', sql`${table.amountOere} > 0`)],
)

/** Stripe events already handled, by their id: a repeated delivery changes nothing. */
export const stripeEvents = sqliteTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  orderId: integer('order_id'),
  receivedAt: text('received_at').notNull(),
})

/**
 * The number series of receipts and credit notes: one row per calendar year holding the last number
 * given. The issuing transaction raises it and inserts its document together, so a rolled-back
 * issue leaves neither the document nor a hole, and a number once given is never given again.
 */
export const documentSeries = sqliteTable('document_series', {
  year: integer('year').primaryKey(),
  lastNumber: integer('last_number').notNull(),
})

/**
 * Receipts and credit notes as issued (bookkeeping/documents.server.ts): a number of the series
 * (`2026-0001`) and a frozen snapshot of every field the document shows, taken when it was issued,
 * so a later change of her facts, the order or the booking never changes a document. A trigger in
 * the migration refuses any change to an issued document; the purge deletes it five years after
 * the end of its financial year (bogføringsloven).
 */
export const bookkeepingDocuments = sqliteTable(
  'bookkeeping_documents',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    number: text('number').notNull().unique(),
    kind: text('kind', { enum: ['kvittering', 'kreditnota'] }).notNull(),
    /** No cascade: an order with documents cannot be deleted before its documents are. */
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    /** The refund a credit note records (one credit note per refund). */
    refundId: integer('refund_id')
      .unique()
      .references(() => orderRefunds.id),
    /** A credit note: the number of the receipt it corrects. */
    creditedNumber: text('credited_number'),
    issuedAt: text('issued_at').notNull(),
    /** Amounts in øre, positive; a credit note's are what is paid back. */
    totalOere: integer('total_oere').notNull(),
    vatOere: integer('vat_oere').notNull(),
    exclVatOere: integer('excl_vat_oere').notNull(),
    stripePaymentId: text('stripe_payment_id'),
    snapshot: text('snapshot', { mode: 'json' }).notNull().$type<Record<string, unknown>>(),
  },
  (table) => [
    uniqueIndex('bookkeeping_documents_one_receipt_idx').on(table.orderId).where(sql`kind = 'kvittering'`),
    index('bookkeeping_documents_issued_idx').on(table.issuedAt),
    check('bookkeeping_documents_amounts', sql`${table.totalOere} > 0 and ${table.vatOere} >= 0 and ${table.exclVatOere} + ${table.vatOere} = ${table.totalOere}`),
  ],
)

export type Order = typeof orders.$inferSelect
export type OrderRefund = typeof orderRefunds.$inferSelect
export type BookkeepingDocument = typeof bookkeepingDocuments.$inferSelect

/**
 * One bought klippekort (a package of sessions): made by the fulfilment of its order, in the same
 * transaction. `remaining` is the balance; the CHECK keeps it from ever going below zero, whatever
 * two racing bookings do (each takes a session with a conditional update). Its page is opened by a
 * secret link (the token derived from public_id, only its hash stored), like a booking's manage page.
 */
export const packageCards = sqliteTable(
  'package_cards',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    publicId: text('public_id').notNull().unique(),
    tokenHash: text('token_hash').notNull().unique(),
    orderId: integer('order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'cascade' }),
    packageTypeId: text('package_type_id').notNull(),
    name: text('name').notNull(),
    /** The session type its sessions are booked as (length, forms). */
    sessionTypeId: text('session_type_id').notNull(),
    total: integer('total').notNull(),
    remaining: integer('remaining').notNull(),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email').notNull(),
    emailKey: text('email_key').notNull(),
    phone: text('phone').notNull().default(''),
    createdAt: text('created_at').notNull(),
    /** The end of its validity: a session must start before it; the jobs mark the card expired after it. */
    expiresAt: text('expires_at').notNull(),
    expiredAt: text('expired_at'),
    withdrawnAt: text('withdrawn_at'),
  },
  (table) => [
    index('package_cards_email_idx').on(table.emailKey),
    index('package_cards_expiry_idx').on(table.expiredAt, table.expiresAt),
    check('package_cards_remaining_not_negative', sql`${table.remaining} >= 0`),
  ],
)

/**
 * Every change of a card's balance, with its cause: +n bought, −1 booked, +1 given back (a
 * cancellation within the terms, the coach's cancellation), the coach's adjustments with her reason,
 * and what expired or was withdrawn. The sum of a card's rows is its `remaining`.
 */
export const packageLedger = sqliteTable(
  'package_ledger',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    cardId: integer('card_id')
      .notNull()
      .references(() => packageCards.id, { onDelete: 'cascade' }),
    change: integer('change').notNull(),
    cause: text('cause', { enum: ['koebt', 'booket', 'afbud', 'coach-aflyste', 'coach-tilfoejede', 'coach-fjernede', 'udloebet', 'fortrudt'] }).notNull(),
    bookingId: integer('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    /** The reason the coach gave for an adjustment (nothing else is written here). */
    reason: text('reason'),
    createdAt: text('created_at').notNull(),
  },
  (table) => [index('package_ledger_card_idx').on(table.cardId, table.id)],
)

export type PackageCard = typeof packageCards.$inferSelect
export type PackageLedgerRow = typeof packageLedger.$inferSelect
