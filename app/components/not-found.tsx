import { ButtonLink } from '~/components/ui/button-link'
import { StartHereLinks } from '~/components/blog/start-here-links'

/** A wrong address is a dead end only if the page says so: it offers the likeliest ways on. */
export function NotFound() {
  return (
    <section className="px-5 py-20 sm:px-8">
      <div className="mx-auto max-w-2xl text-center">
        <p className="font-serif text-7xl font-semibold text-accent-700" aria-hidden="true">
          404
        </p>
        <h1 className="mt-4 text-3xl">Ups! Siden blev ikke fundet</h1>
        <p className="mx-auto mt-4 max-w-md text-lg text-ink-soft">
          Siden findes ikke, eller den er flyttet. Måske finder du det, du leder efter, her:
        </p>
        <p className="sr-only">Fejl 404.</p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <ButtonLink href="/blog">Læs bloggen</ButtonLink>
          <ButtonLink href="/kontakt" variant="outline">
            Kontakt mig
          </ButtonLink>
          <ButtonLink href="/" variant="ghost">
            Gå til forsiden
          </ButtonLink>
        </div>
      </div>
      <StartHereLinks heading="h2" className="mx-auto mt-14 max-w-2xl" />
    </section>
  )
}
