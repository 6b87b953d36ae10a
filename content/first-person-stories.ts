/**
 * Articles told in someone else's words: a mother's mail, a student's review, a girl's own account.
 * A reader takes them as what real clients say, so they must be real (markedsføringsloven § 6 b:
 * no testimonial may be presented as a client's unless it is). Confirm each one – it is real, and
 * the writer has said yes to its use – by writing `bekraeftet: true`; or rewrite the article so it
 * says plainly that it is an example, and delete its line here. `npm run check:launch` names every
 * story not yet confirmed.
 */
/** `slug`: the article's file name in content/blog without .md. */
export type FirstPersonStory = { slug: string; bekraeftet: boolean }

export const firstPersonStories: FirstPersonStory[] = [
  { slug: 'mail-fra-en-mor', bekraeftet: false },
  { slug: 'anmeldelse-til-gymnasieblad', bekraeftet: false },
  { slug: 'en-16-aarig-piges-oplevelser', bekraeftet: false },
]
