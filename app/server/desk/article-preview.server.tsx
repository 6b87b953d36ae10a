import { renderToStaticMarkup } from 'react-dom/server'
import { type ArticleHeading, ArticleHeader, ArticleText } from '~/components/blog/article-view'
import type { ArticlePage } from '~/lib/blog'
import { ServerHtml } from '~/lib/server-html'

/**
 * The desk's preview of an article: the article page's own header and text, rendered here and sent
 * as HTML in the page's data (as /kontakt's line about acute help is), so the desk's script imports
 * none of the article page's components and the public pages' chunks stay as they were.
 */
export type PreviewArticle = ArticleHeading & Pick<ArticlePage, 'tableOfContents' | 'bodyHtml' | 'anonymised' | 'inOwnWords' | 'crisisHelp'>

export function renderArticlePreview(article: PreviewArticle) {
  return renderToStaticMarkup(
    <article>
      <ArticleHeader article={article} />
      <div className="px-5 py-12 sm:px-8">
        <ArticleText article={article} text={new ServerHtml('artikel-tekst', article.bodyHtml)} />
      </div>
    </article>,
  )
}
