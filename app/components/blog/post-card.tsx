import { Link } from '@tanstack/react-router'
import { coverSources, type PostCard as PostCardData } from '~/lib/blog'
import { categoryLabels } from '~/lib/categories'
import { formatDanishDate } from '~/lib/dates'

export function PostCard({ post, isNew, priority }: { post: PostCardData; isNew?: boolean; priority?: boolean }) {
  const cover = coverSources(post.imageUrl)
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl border border-sand-200 bg-white shadow-sm transition-shadow hover:shadow-md">
      <div className="relative">
        <img
          src={cover.src}
          srcSet={cover.srcSet}
          sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw"
          width={1200}
          height={630}
          alt={post.imageAlt}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
          className="aspect-[1200/630] w-full bg-sand-200 object-cover"
        />
        {isNew && (
          <span className="absolute top-3 left-3 rounded-full bg-accent-700 px-3 py-1 text-xs font-semibold text-white">
            Ny
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col p-5">
        <p className="text-sm text-sand-600">
          <time dateTime={post.publishedAt}>{formatDanishDate(post.publishedAt)}</time>
          <span aria-hidden="true"> · </span>
          <span className="sr-only">, </span>
          {categoryLabels[post.category]}
        </p>
        <h3 className="mt-2 line-clamp-2 text-xl leading-snug">
          <Link
            to="/blog/$slug"
            params={{ slug: post.slug }}
            className="after:absolute after:inset-0 after:content-[''] focus-visible:outline-none group-has-[:focus-visible]:underline"
          >
            {post.title}
          </Link>
        </h3>
        <p className="mt-2 line-clamp-3 text-ink-soft">{post.description}</p>
      </div>
    </article>
  )
}

/** Cards rise in one after another, 0.2 s apart (SPEC 9); reduced motion turns it off. */
export function PostGrid({ posts, isNew, prioritizeFirst }: { posts: PostCardData[]; isNew?: boolean; prioritizeFirst?: boolean }) {
  return (
    <ul className="stagger grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {posts.map((post, index) => (
        <li key={post.slug}>
          <PostCard post={post} isNew={isNew} priority={prioritizeFirst && index === 0} />
        </li>
      ))}
    </ul>
  )
}
