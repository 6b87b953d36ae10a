import { site } from '#content/site'
import { cn } from '~/lib/utils'

const widths = [320, 480, 640, 960]
const srcSet = (format: 'avif' | 'webp') => widths.map((width) => `/images/portrait-${width}.${format} ${width}w`).join(', ')

/**
 * The coach's portrait (content/portrait.jpg, made into these variants by `npm run images`), 4:5,
 * in AVIF with WebP for older browsers; the size is reserved, so nothing shifts when it loads.
 */
export function Portrait({ sizes, priority, className }: { sizes: string; priority?: boolean; className?: string }) {
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet('avif')} sizes={sizes} />
      <img
        src="/images/portrait-640.webp"
        srcSet={srcSet('webp')}
        sizes={sizes}
        width={960}
        height={1200}
        alt={site.name}
        loading={priority ? 'eager' : 'lazy'}
        fetchPriority={priority ? 'high' : undefined}
        decoding="async"
        className={cn('aspect-[4/5] h-auto w-full rounded-3xl object-cover shadow-sm', className)}
      />
    </picture>
  )
}
