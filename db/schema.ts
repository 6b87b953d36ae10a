import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core'

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
    /** adult | teen: the article shows where to find help (content/crisis-lines.ts). */
    crisisLines: text('crisis_lines', { enum: ['adult', 'teen'] }),
    jsonLd: integer('json_ld', { mode: 'boolean' }).notNull(),
    bodyHtml: text('body_html').notNull(),
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
    /** pending: waiting for (another) attempt; sending: claimed by a process until next_attempt_at. */
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: text('next_attempt_at'),
    sentAt: text('sent_at'),
    /**
     * Random, made at intake: idempotency keys and outbox file names carry it, so they never repeat
     * after a reset, a restore or on a second instance (row ids do). Rows from before the column got
     * theirs in migration 0002; the empty default exists only because SQLite needs one to add it.
     */
    publicId: text('public_id').notNull().unique().default(''),
    /** Who holds the current delivery claim: only that holder may record the outcome. */
    claimToken: text('claim_token'),
  },
  (table) => [
    index('contact_messages_ip_created_idx').on(table.ipHash, table.createdAt),
    index('contact_messages_status_next_idx').on(table.status, table.nextAttemptAt),
    index('contact_messages_created_idx').on(table.createdAt),
  ],
)

export type BlogPost = typeof blogPosts.$inferSelect
export type NewBlogPost = typeof blogPosts.$inferInsert
export type ContactMessage = typeof contactMessages.$inferSelect
