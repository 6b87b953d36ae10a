import { CoverImage } from '~/components/blog/cover-image'
import { TitleText } from '~/components/ui/title-text'
import type { PostCard as PostCardData } from '~/lib/blog'
import { categoryLabels } from '~/lib/categories'
import { articleHref } from '~/lib/blog-search'
import { formatDanishDate } from '~/lib/dates'

export function PostCard({ post, isNew, priority }: { post: PostCardData; isNew?: boolean; priority?: boolean }) {
  return (
    <article className="post-card">
      <div className="relative">
        {/* Decorative here: the title right below already names the article. */}
        <CoverImage imageUrl={post.imageUrl} alt="" sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw" priority={priority} />
        {isNew && (
          <span className="absolute top-3 left-3 rounded-full bg-accent-700 px-3 py-1 text-xs font-semibold text-white">
            Ny
          </span>
        )}
      </div>
      <div className="post-card-body">
        {/* The category at the line's end, not after the date: there it moved by the date's change of
            width when the text font arrived (a layout shift on /blog); at the end it moves only by
            its own, under the 3 px Chromium counts. */}
        <p className="flex flex-wrap justify-between gap-x-3 text-sm text-sand-600">
          <time dateTime={post.publishedAt}>{formatDanishDate(post.publishedAt)}</time>
          <span>
            <span className="sr-only">, </span>
            {categoryLabels[post.category]}
          </span>
        </p>
        <h3>
          <a href={articleHref(post.slug)}>
            <TitleText text={post.title} />
          </a>
        </h3>
        <p className="post-card-description">{post.description}</p>
      </div>
    </article>
  )
}

/**
 * The cards of the first screen rise in one after another, 0.2 s apart (the `stagger` utility,
 * which knows this grid's columns); reduced motion turns it off. In a long list (`deferFrom`),
 * the cards from that index on are rendered only as the visitor scrolls near them.
 */
export function PostGrid({ posts, isNew, prioritizeFirst, deferFrom }: { posts: PostCardData[]; isNew?: boolean; prioritizeFirst?: boolean; deferFrom?: number }) {
  return (
    <ul className="stagger grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {posts.map((post, index) => (
        <li key={post.slug} className={deferFrom !== undefined && index >= deferFrom ? 'defer-render-card' : undefined}>
          <PostCard post={post} isNew={isNew} priority={prioritizeFirst && index === 0} />
        </li>
      ))}
    </ul>
  )
}
