import { AnonymisedNote, RevisedDate, TableOfContents, readingTimeText } from '~/components/blog/article-outline'
import { CoverImage } from '~/components/blog/cover-image'
import { CrisisLines } from '~/components/blog/crisis-lines'
import { TitleText } from '~/components/ui/title-text'
import type { Article, ArticlePage } from '~/lib/blog'
import { categoryLabels } from '~/lib/categories'
import { type ServerHtml, htmlOf } from '~/lib/server-html'
import { formatDanishDate } from '~/lib/dates'

/**
 * An article's header and text as its page shows them: the page (/blog/<slug>) and the desk's
 * preview (Forhåndsvis) render the same components, so what she previews is what readers get.
 */

/** The outline, the text (rendered from its Markdown by the server) and the notes under it. */
export function ArticleText({ article, text }: { article: Pick<ArticlePage, 'tableOfContents' | 'anonymised' | 'inOwnWords' | 'crisisHelp'>; text: ServerHtml }) {
  return (
    <>
      <TableOfContents headings={article.tableOfContents} />
      <div className="prose mx-auto" {...htmlOf(text)} />
      {article.anonymised && <AnonymisedNote inOwnWords={article.inOwnWords} />}
      {article.crisisHelp && <CrisisLines lines={article.crisisHelp.lines} />}
    </>
  )
}

export type ArticleHeading = Pick<Article, 'hero' | 'imageUrl' | 'imageAlt' | 'category' | 'title' | 'author' | 'publishedAt' | 'revisedAt' | 'readingMinutes'>

export function ArticleHeader({ article }: { article: ArticleHeading }) {
  const meta = (
    <>
      <a href="/blog" className="inline-flex min-h-tap items-center text-sm font-semibold underline-offset-4 hover:underline">
        ← Tilbage til blog
      </a>
      <p className="eyebrow mt-6">{categoryLabels[article.category]}</p>
      <h1 className="mt-3 text-4xl leading-tight md:text-5xl">
        <TitleText text={article.title} />
      </h1>
      <p className="mt-5 flex flex-wrap gap-x-2">
        <span>Forfatter | {article.author}</span>
        <span aria-hidden="true">·</span>
        <time dateTime={article.publishedAt}>{formatDanishDate(article.publishedAt)}</time>
        {article.revisedAt && <span aria-hidden="true">·</span>}
        <RevisedDate revisedAt={article.revisedAt} />
        <span aria-hidden="true">·</span>
        <span>{readingTimeText(article.readingMinutes)}</span>
      </p>
    </>
  )

  if (article.hero === 'image') {
    return (
      <header className="relative isolate overflow-hidden bg-ink text-white">
        <CoverImage imageUrl={article.imageUrl} alt={article.imageAlt} sizes="100vw" priority className="absolute inset-0 -z-10 size-full object-cover" />
        <div className="absolute inset-0 -z-10 bg-gradient-to-t from-black/80 via-black/60 to-black/45" />
        <div className="px-5 py-16 sm:px-8 md:py-24">
          <div className="mx-auto max-w-(--article-measure) [&_h1]:text-white [&_p]:text-white [&_a]:text-white">{meta}</div>
        </div>
      </header>
    )
  }
  return (
    <header className="bg-gradient-to-br from-accent-800 via-accent-700 to-accent-600 text-white">
      <div className="px-5 py-16 sm:px-8 md:py-24">
        <div className="mx-auto max-w-(--article-measure) [&_h1]:text-white [&_p]:text-accent-50 [&_a]:text-white">{meta}</div>
      </div>
    </header>
  )
}
