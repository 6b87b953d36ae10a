import { ButtonLink } from '~/components/ui/button-link'

/** Shown when something unexpected fails. It never reveals details of the error to the visitor. */
export function ErrorPage() {
  return (
    <section className="flex min-h-[60vh] items-center justify-center px-5 py-20 text-center">
      <div>
        <h1 className="text-3xl">Der opstod en fejl</h1>
        <p className="mx-auto mt-4 max-w-md text-lg text-ink-soft">
          Siden kunne ikke vises lige nu. Prøv igen om lidt, eller gå til forsiden.
        </p>
        <ButtonLink href="/" className="mt-8">
          Gå til forsiden
        </ButtonLink>
      </div>
    </section>
  )
}
