import { ButtonLink } from '~/components/ui/button-link'

/** The closing call to action of a page: book a conversation, or write (the contact form is one click away). */
export function CtaBlock() {
  return (
    <section className="px-5 pb-16 sm:px-8 md:pb-24" aria-labelledby="cta-title">
      <div className="mx-auto max-w-5xl rounded-3xl bg-accent-800 px-6 py-12 text-center text-white md:px-12 md:py-16">
        <h2 id="cta-title" className="text-3xl text-white md:text-4xl">
          Klar til at tage det første skridt?
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-accent-100">
          Book en gratis og uforpligtende samtale, så finder vi sammen ud af, hvad der vil gøre en forskel for dig.
        </p>
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <ButtonLink href="/book-samtale" variant="light-secondary" size="lg">
            Book en samtale
          </ButtonLink>
          <ButtonLink href="/kontakt" variant="light-outline" size="lg">
            Skriv til mig
          </ButtonLink>
        </div>
      </div>
    </section>
  )
}
