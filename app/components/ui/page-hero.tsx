/** The calm header that opens every inner page. */
export function PageHero({ eyebrow, title, intro }: { eyebrow?: string; title: string; intro?: string }) {
  return (
    <header className="bg-sand-100 px-5 pt-12 pb-12 sm:px-8 md:pt-16 md:pb-16">
      <div className="mx-auto max-w-3xl text-center">
        {eyebrow && (
          <p className="eyebrow mb-3 text-accent-700">{eyebrow}</p>
        )}
        <h1 className="text-4xl md:text-5xl">{title}</h1>
        {intro && <p className="mt-5 text-lg text-ink-soft md:text-xl">{intro}</p>}
      </div>
    </header>
  )
}
