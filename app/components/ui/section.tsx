import { cn } from '~/lib/utils'

/**
 * A page section with the site's horizontal rhythm and maximum width. Sections come below a page's
 * hero, so off screen they are not rendered until the visitor scrolls near them (defer-render).
 */
export function Section({ className, children, ...props }: React.ComponentProps<'section'>) {
  return (
    <section className={cn('defer-render px-5 py-14 sm:px-8 md:py-20', className)} {...props}>
      <div className="mx-auto max-w-6xl">{children}</div>
    </section>
  )
}

export function SectionHeading({ eyebrow, title, id }: { eyebrow?: string; title: string; id?: string }) {
  return (
    <div className="mx-auto mb-10 max-w-2xl text-center">
      {eyebrow && (
        <p className="eyebrow mb-2 text-accent-700">{eyebrow}</p>
      )}
      <h2 id={id} className="text-3xl md:text-4xl">
        {title}
      </h2>
    </div>
  )
}
