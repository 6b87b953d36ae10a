/**
 * The outcomes a newsletter post is redirected with (`/nyhedsbrev?status=…`). The route's search
 * validation reads only this, so it is all of the newsletter every page loads; the texts
 * (newsletter.ts) come with the page that shows them.
 */
export const newsletterStatuses = ['tjek-din-mail', 'ugyldig', 'for-mange', 'fejl', 'bekraeftet', 'afmeldt', 'ugyldigt-link'] as const
export type NewsletterStatus = (typeof newsletterStatuses)[number]

export const isNewsletterStatus = (value: unknown): value is NewsletterStatus => newsletterStatuses.includes(value as NewsletterStatus)

/** Where the sign-up form posts, and the page that answers it. */
export const NEWSLETTER_PATH = '/nyhedsbrev'
export const NEWSLETTER_EMAIL_FIELD = 'email'
