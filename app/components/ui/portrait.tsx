import { site } from '#content/site'
import { cn } from '~/lib/utils'
import { portraitFiles } from './portrait-files.gen'

const srcSet = (files: Array<{ url: string; width: number }>) => files.map((file) => `${file.url} ${file.width}w`).join(', ')
/** The fallback for browsers without srcset: the variant closest to 640 px without going over. */
const fallback = portraitFiles.webp.findLast((file) => file.width <= 640) ?? portraitFiles.webp[0]!

/**
 * The coach's portrait (content/portrait.jpg, made into these variants by `npm run images`), 4:5,
 * in AVIF with WebP for older browsers; the size is reserved, so nothing shifts when it loads.
 */
export function Portrait({ sizes, priority, className }: { sizes: string; priority?: boolean; className?: string }) {
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet(portraitFiles.avif)} sizes={sizes} />
      <img
        src={fallback.url}
        srcSet={srcSet(portraitFiles.webp)}
        sizes={sizes}
        width={portraitFiles.width}
        height={portraitFiles.height}
        alt={site.name}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        decoding="async"
        className={cn('aspect-[4/5] h-auto w-full rounded-3xl object-cover shadow-sm', className)}
      />
    </picture>
  )
}
