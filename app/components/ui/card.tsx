import { cn } from '~/lib/utils'

export function Card({ className, ...props }: React.ComponentProps<'div'>) {
  return (
    <div
      className={cn('rounded-2xl border border-sand-200 bg-white p-6 shadow-sm shadow-sand-200/60', className)}
      {...props}
    />
  )
}

export function CardTitle({ className, ...props }: React.ComponentProps<'h3'>) {
  return <h3 className={cn('text-xl font-semibold', className)} {...props} />
}

/** Three short cards side by side: a title and a sentence each (specialties, philosophy pillars). */
export function TextCards({ items }: { items: ReadonlyArray<{ title: string; text: string }> }) {
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {items.map((item) => (
        <li key={item.title}>
          <Card className="h-full">
            <CardTitle>{item.title}</CardTitle>
            <p className="mt-3 text-ink-soft">{item.text}</p>
          </Card>
        </li>
      ))}
    </ul>
  )
}
