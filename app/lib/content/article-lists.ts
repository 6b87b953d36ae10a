/**
 * Her lists that name articles or speak under them, as the pages get them (the values are in
 * content/gode-steder-at-begynde.yaml, content/artikelafslutninger.yaml and content/egne-ord.yaml,
 * read while the server runs: app/server/content/article-lists-schema.server.ts).
 */

/** An article the search's no-hit page and the 404 page offer as a way in: its address and its own title. */
export type ArticleLink = { slug: string; title: string }

/** The card under an article with a `cta:`: a heading and a few words for the article's category. */
export type ArticleClosingText = { heading: string; text: string }

/**
 * An article told in someone else's words (a mother's mail, a student's review): `confirmed` once
 * the coach has said it is real and its writer has agreed to its use (markedsføringsloven § 6 b).
 */
export type FirstPersonStory = { slug: string; confirmed: boolean }
