export function Quote({ children, source }: { children: React.ReactNode; source?: string }) {
  return (
    <figure className="mx-auto max-w-3xl text-center">
      <blockquote className="font-serif text-2xl leading-snug text-ink italic md:text-3xl">
        <p>»{children}«</p>
      </blockquote>
      {source && <figcaption className="mt-4 text-sm font-medium text-sand-600">— {source}</figcaption>}
    </figure>
  )
}
