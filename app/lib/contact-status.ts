/**
 * The outcomes a plain form post is redirected with (`/kontakt?status=…`). The route's search
 * validation reads only this, so it is all of the contact form's vocabulary every page loads;
 * the texts and hints (contact.ts) come with the contact page.
 */
export const contactStatuses = ['sendt', 'modtaget', 'ugyldig', 'for-mange', 'fejl'] as const
