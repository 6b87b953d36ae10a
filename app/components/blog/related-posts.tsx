import { PostGrid } from '~/components/blog/post-card'
import type { PostCard } from '~/lib/blog'

/**
 * »Læs også« under an article. It only renders, so the server renders it to HTML sent with the
 * article's data (app/server/pages/article-page.server.tsx): the cards' code is not part of the
 * article's JavaScript.
 */
export function RelatedPosts({ posts }: { posts: PostCard[] }) {
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
