import { ButtonLink } from '~/components/ui/button-link'

export function NotFound() {
  return (
    <section className="flex min-h-[60vh] items-center justify-center px-5 py-20 text-center">
      <div>
        <p className="font-serif text-7xl font-semibold text-accent-700" aria-hidden="true">
          404
        </p>
        <h1 className="mt-4 text-3xl">Ups! Siden blev ikke fundet</h1>
        <p className="mx-auto mt-4 max-w-md text-lg text-ink-soft">
          Siden findes ikke, eller den er flyttet. Prøv at starte fra forsiden.
        </p>
        <p className="sr-only">Fejl 404.</p>
        <ButtonLink to="/" className="mt-8">
          Gå til forsiden
        </ButtonLink>
      </div>
    </section>
  )
}
