import { createFileRoute } from '@tanstack/react-router'
import { ArticleClosing } from '~/components/blog/article-closing'
import { ArticleHeader, ArticleText } from '~/components/blog/article-view'
import { NewsletterForm } from '~/components/blog/newsletter-form'
import { articleParts, fetchArticle } from '~/lib/blog-queries'
import { headFromPageData } from '~/lib/seo'
import { htmlOf } from '~/lib/server-html'

export const Route = createFileRoute('/blog/$slug')({
  loader: ({ params }) => fetchArticle({ data: params.slug }).then(articleParts),
  head: headFromPageData,
  component: ArticlePage,
})

function ArticlePage() {
  const article = Route.useLoaderData()
  return (
    <article>
      <ArticleHeader article={article} />
      <div className="px-5 py-12 sm:px-8 md:py-16">
        <ArticleText article={article} text={article.text} />
        {article.closing && <ArticleClosing article={{ ...article, closing: article.closing }} />}
        <NewsletterForm id="nyhedsbrev-artikel" />
        <p className="mx-auto mt-12 max-w-(--article-measure)">
          <a href="/blog" className="inline-flex min-h-tap items-center font-semibold text-accent-700 underline underline-offset-4">
            ← Tilbage til blog
          </a>
        </p>
      </div>
      {/* »Læs også«, as the server rendered it (app/components/blog/related-posts.tsx). */}
      {article.related && <div className="contents" {...htmlOf(article.related)} />}
    </article>
  )
}
