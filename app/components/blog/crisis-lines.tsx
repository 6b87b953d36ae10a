import type { CrisisHelp, CrisisLine, CrisisSentence } from '~/lib/content/crisis-lines'
import { cn } from '~/lib/utils'

function PhoneLink({ line, className }: { line: CrisisLine; className?: string }) {
  if (!line.number) return null
  return (
    <a href={line.number.href} className={cn('whitespace-nowrap underline underline-offset-2', className)}>
      {line.number.display}
    </a>
  )
}

/** A short, calm box with where to find help at once; under articles on heavy subjects (the lines come with the page's data). */
export function CrisisLines({ lines }: { lines: CrisisHelp['lines'] }) {
  return (
    <aside aria-labelledby="hjaelp-nu" className="mx-auto mt-12 max-w-(--article-measure) rounded-2xl border border-sand-300 bg-sand-50 p-6 md:p-8">
      <h2 id="hjaelp-nu" className="text-xl md:text-2xl">
        Har du brug for hjælp nu?
      </h2>
      <p className="mt-2 text-ink-soft">Coaching er ikke akut hjælp. Har du det rigtig svært, så tal med nogen i dag:</p>
      <ul className="mt-4 space-y-3">
        {lines.map((line) => (
          <li key={line.name}>
            <strong className="font-semibold text-ink">
              {line.name}
              {line.number && (
                <>
                  {': '}
                  <PhoneLink line={line} className="text-accent-700" />
                </>
              )}
            </strong>
            <span className="block text-ink-soft">{line.hours ? `${line.text} Åben ${line.hours}.` : line.text}</span>
          </li>
        ))}
      </ul>
    </aside>
  )
}

/** The same help in one sentence, for the call-to-action card under the article. */
export function CrisisLineShort({ short: { call, emergency }, className }: { short: CrisisHelp['short']; className?: string }) {
  return (
    <p className={className}>
      Har du det rigtig svært lige nu? Ring til{' '}
      {call.map((line, index) => (
        <span key={line.name}>
          {index > 0 && ' eller '}
          {line.name} på <PhoneLink line={line} />
        </span>
      ))}{' '}
      – eller <PhoneLink line={emergency} /> ved akut fare.
    </p>
  )
}

/**
 * A sentence about help that cannot wait, each number a link: on /kontakt (rendered on the server,
 * app/server/pages/contact-texts.server.tsx) and on the booking pages (booking-texts.server.tsx).
 */
export function CrisisHelpSentence({ sentence }: { sentence: CrisisSentence }) {
  return sentence.map((part, index) => (typeof part === 'string' ? part : <PhoneLink key={index} line={part} />))
}
