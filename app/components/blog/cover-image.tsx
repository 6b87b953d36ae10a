import { coverSources } from '~/lib/blog'

/** An article cover at 1200x630 (or a coach's own image), with the 600 px variant where it exists. */
export function CoverImage({
  imageUrl,
  alt,
  sizes,
  priority,
  className,
}: {
  imageUrl: string
  alt: string
  sizes: string
  priority?: boolean
  className?: string
}) {
  const cover = coverSources(imageUrl)
  return (
    <img
      src={cover.src}
      srcSet={cover.srcSet}
      sizes={sizes}
      width={1200}
      height={630}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : undefined}
      decoding="async"
      className={className}
    />
  )
}
