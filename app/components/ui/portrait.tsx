import { useSite } from '~/lib/content/site-data'
import type { PortraitImage } from '~/lib/portrait-sizes'
import { cn } from '~/lib/utils'

const srcSet = (files: Array<{ url: string; width: number }>) => files.map((file) => `${file.url} ${file.width}w`).join(', ')

/**
 * The coach's portrait (content/portrait.jpg, made into these variants by `npm run images`), 4:5,
 * in AVIF with WebP for older browsers; the size is reserved, so nothing shifts when it loads.
 * The variants come with the page's data (the route's loader reads them from images.lock.json
 * while the server runs), so a new portrait needs no rebuild; none yet: no picture.
 */
export function Portrait({ files, sizes, priority, className }: { files: PortraitImage | undefined; sizes: string; priority?: boolean; className?: string }) {
  const site = useSite()
  if (!files) return null
  // The fallback for browsers without srcset: the variant closest to 640 px without going over.
  const fallback = files.webp.findLast((file) => file.width <= 640) ?? files.webp[0]!
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet(files.avif)} sizes={sizes} />
      <img
        src={fallback.url}
        srcSet={srcSet(files.webp)}
        sizes={sizes}
        width={files.width}
        height={files.height}
        alt={site.name}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        decoding="async"
        className={cn('aspect-[4/5] h-auto w-full rounded-3xl object-cover shadow-sm', className)}
      />
    </picture>
  )
}
