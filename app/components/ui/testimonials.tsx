import type { Testimonial } from '#content/references'
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
