import { crisisLines } from '#content/crisis-lines'

/** A short, calm box with where to find help at once; under articles on heavy subjects. */
export function CrisisLines({ audience }: { audience: 'adult' | 'teen' }) {
  return (
    <aside aria-labelledby="hjaelp-nu" className="mx-auto mt-12 max-w-[68ch] rounded-2xl border border-sand-300 bg-sand-50 p-6 md:p-8">
      <h2 id="hjaelp-nu" className="text-xl md:text-2xl">
        Har du brug for hjælp nu?
      </h2>
      <p className="mt-2 text-ink-soft">Coaching er ikke akut hjælp. Har du det rigtig svært, så tal med nogen i dag:</p>
      <ul className="mt-4 space-y-3">
        {crisisLines[audience].map((line) => (
          <li key={line.name}>
            <strong className="font-semibold text-ink">
              {line.name}
              {line.number && (
                <>
                  {': '}
                  <a href={line.number.href} className="whitespace-nowrap text-accent-700 underline underline-offset-2">
                    {line.number.display}
                  </a>
                </>
              )}
            </strong>
            <span className="block text-ink-soft">{line.text}</span>
          </li>
        ))}
      </ul>
    </aside>
  )
}
