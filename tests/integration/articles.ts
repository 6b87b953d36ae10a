import { readArticleFolder } from '#db/sync-blog'

/**
 * The articles the site shipped with, as the seed reads them, and their text as a reader sees it.
 * A fixture copy, not content/blog: the coach may add, change or delete articles without any of
 * the tests of what these say turning red (her own files have coach-content.test.ts).
 */
export const SHIPPED_ARTICLES_DIR = 'tests/fixtures/blog'
export const articles = readArticleFolder(SHIPPED_ARTICLES_DIR)
export type Article = (typeof articles)[number]

export const plainText = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&[a-z#0-9]+;/g, ' ')
export const words = (html: string) => plainText(html).split(/\s+/).filter(Boolean).length
export const paragraphs = (html: string) =>
  [...html.matchAll(/<(p|li)>([\s\S]*?)<\/\1>/g)].map((match) => plainText(match[2] ?? '').replace(/\s+/g, ' ').trim())
export const fullText = (article: Article) => plainText(`${article.title} ${article.description} ${article.bodyHtml}`).replace(/\s+/g, ' ')
export const bodyText = (article: Article) => plainText(article.bodyHtml).replace(/\s+/g, ' ').trim()
/** Sentences of the body; a quotation ending a sentence (».«) stays with it. */
export const sentences = (article: Article) => bodyText(article).split(/(?<=[.!?]«?)\s+(?=[»\p{Lu}\d])/u)
/** A whole word, also for names with æ, ø and å (\b only knows a-z). */
export const asWord = (word: string) => new RegExp(`(?<!\\p{L})${word}(?!\\p{L})`, 'u')

export const bySlug = (slug: string) => {
  const article = articles.find((candidate) => candidate.slug === slug)
  if (!article) throw new Error(`${slug} mangler`)
  return { ...article, text: plainText(article.bodyHtml) }
}

export { caseNames } from './case-names'

/** Every run of n words (lower case, punctuation dropped) in a text. */
export function phrases(text: string, n: number) {
  const all = text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean)
  const runs = new Set<string>()
  for (let start = 0; start + n <= all.length; start++) runs.add(all.slice(start, start + n).join(' '))
  return runs
}

/** The slugs whose text matches, for messages that say where. */
export const slugsMatching = (pattern: RegExp, text: (article: Article) => string = fullText) =>
  articles.filter((article) => pattern.test(text(article))).map((article) => article.slug)
