import type { Testimonial } from '~/lib/content/content-types'
import { Card } from '~/components/ui/card'
import { cn } from '~/lib/utils'

/** Client quotes as cards (References page, home page). */
export function TestimonialCards({ items, className }: { items: readonly Testimonial[]; className?: string }) {
  return (
    <ul className={cn('grid gap-6', className)}>
      {items.map((testimonial) => (
        <li key={testimonial.name}>
          <Card className="h-full">
            <figure>
              <blockquote className="font-serif text-lg leading-relaxed text-ink italic">
                <p>»{testimonial.quote}«</p>
              </blockquote>
              <figcaption className="mt-4 text-sm text-sand-600">
                <span className="font-semibold text-ink">{testimonial.name}</span> · {testimonial.context}
              </figcaption>
            </figure>
          </Card>
        </li>
      ))}
    </ul>
  )
}

/**
 * Next to the testimonials: that they are examples, or what the coach does to make sure they come
 * from real clients (markedsføringsloven § 6 b); `testimonialSource` (app/server/content/content.server.ts) from content/referencer.yaml.
 */
export function TestimonialSource({ text, className }: { text: string; className?: string }) {
  return (
    <p role="note" className={cn('mx-auto max-w-2xl text-center text-ink-soft', className)}>
      {text}
    </p>
  )
}
