import { createFileRoute } from '@tanstack/react-router'
import { PostGrid } from '~/components/blog/post-card'
import { ArticleClosing } from '~/components/blog/article-closing'
import { ArticleHeader, ArticleText } from '~/components/blog/article-view'
import { NewsletterForm } from '~/components/blog/newsletter-form'
import { type Article, type ArticlePage as ArticleData, ogImageFor } from '~/lib/blog'
import { fetchArticle } from '~/lib/blog-queries'
import { articleHref } from '~/lib/blog-search'
import type { Site } from '~/lib/content/content-types'
import { siteOf } from '~/lib/content/site-data'
import { absoluteUrl, seo } from '~/lib/seo'

export const Route = createFileRoute('/blog/$slug')({
  loader: ({ params }) => fetchArticle({ data: params.slug }),
  head: ({ loaderData: article, matches }) => (article ? articleHead(article, siteOf(matches)) : {}),
  component: ArticlePage,
})

function articleHead(article: Article, site: Site) {
  const path = articleHref(article.slug)
  const image = absoluteUrl(ogImageFor(article.imageUrl))
  const breadcrumbs = {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [
      { '@type': 'ListItem', position: 1, name: 'Hjem', item: absoluteUrl('/') },
      { '@type': 'ListItem', position: 2, name: 'Blog', item: absoluteUrl('/blog') },
      { '@type': 'ListItem', position: 3, name: article.title, item: absoluteUrl(path) },
    ],
  }
  const posting = {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: article.title,
    description: article.description,
    image,
    author: { '@type': 'Person', name: article.author },
    datePublished: article.publishedAt,
    dateModified: article.updatedAt,
    publisher: { '@type': 'Organization', name: site.tagline, logo: { '@type': 'ImageObject', url: absoluteUrl('/favicon.svg') } },
    mainEntityOfPage: { '@type': 'WebPage', '@id': absoluteUrl(path) },
    inLanguage: 'da-DK',
    keywords: article.keywords.join(', '),
  }
  return seo({
    site,
    title: article.title,
    description: article.description,
    keywords: article.keywords.length > 0 ? article.keywords : undefined,
    image,
    path,
    type: 'article',
    article: {
      author: article.author,
      publishedTime: article.publishedAt,
      modifiedTime: article.updatedAt,
      section: article.section,
      tags: article.tags,
    },
    structuredData: article.jsonLd ? [posting, breadcrumbs] : breadcrumbs,
  })
}

function ArticlePage() {
  const article = Route.useLoaderData()
  return (
    <article>
      <ArticleHeader article={article} />
      <div className="px-5 py-12 sm:px-8 md:py-16">
        <ArticleText article={article} />
        {article.cta && <ArticleClosing article={article} />}
        <NewsletterForm id="nyhedsbrev-artikel" />
        <p className="mx-auto mt-12 max-w-(--article-measure)">
          <a href="/blog" className="inline-flex min-h-tap items-center font-semibold text-accent-700 underline underline-offset-4">
            ← Tilbage til blog
          </a>
        </p>
      </div>
      {article.related.length > 0 && <RelatedPosts posts={article.related} />}
    </article>
  )
}

function RelatedPosts({ posts }: { posts: ArticleData['related'] }) {
  return (
    <aside aria-labelledby="relaterede-artikler" className="defer-render border-t border-sand-200 bg-sand-100 px-5 py-12 sm:px-8 md:py-16">
      <div className="mx-auto max-w-6xl">
        <h2 id="relaterede-artikler" className="mb-8 text-3xl">
          Læs også
        </h2>
        <PostGrid posts={posts} />
      </div>
    </aside>
  )
}
