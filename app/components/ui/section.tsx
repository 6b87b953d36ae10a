import { cn } from '~/lib/utils'

/** A page section with the site's horizontal rhythm and maximum width. */
export function Section({ className, children, ...props }: React.ComponentProps<'section'>) {
  return (
    <section className={cn('px-5 py-14 sm:px-8 md:py-20', className)} {...props}>
      <div className="mx-auto max-w-6xl">{children}</div>
    </section>
  )
}

export function SectionHeading({
  eyebrow,
  title,
  intro,
  id,
  align = 'center',
}: {
  eyebrow?: string
  title: string
  intro?: string
  id?: string
  align?: 'center' | 'left'
}) {
  return (
    <div className={cn('mb-10 max-w-2xl', align === 'center' && 'mx-auto text-center')}>
      {eyebrow && (
        <p className="mb-2 text-sm font-semibold tracking-widest text-accent-700 uppercase">{eyebrow}</p>
      )}
      <h2 id={id} className="text-3xl md:text-4xl">
        {title}
      </h2>
      {intro && <p className="mt-4 text-lg text-ink-soft">{intro}</p>}
    </div>
  )
}
