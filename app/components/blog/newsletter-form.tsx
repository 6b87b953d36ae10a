import { Button } from '~/components/ui/button'
import { Honeypot } from '~/components/ui/honeypot'
import { NEWSLETTER_EMAIL_FIELD, NEWSLETTER_PATH } from '~/lib/newsletter-status'

/**
 * "Få besked om nye artikler" on /blog and under each article: a plain form the server renders,
 * posting to /nyhedsbrev, so it works without JavaScript and adds no script of its own. The answer
 * pages are in newsletter-pages.tsx, so their texts load only with them.
 */
export function NewsletterForm({ id }: { id: string }) {
  return (
    <aside aria-labelledby={`${id}-overskrift`} className="mx-auto mt-14 max-w-(--article-measure) rounded-3xl border border-sand-300 bg-sand-50 p-6 md:p-8">
      <h2 id={`${id}-overskrift`} className="text-2xl">
        Få besked om nye artikler
      </h2>
      <p className="mt-2 text-ink-soft">
        Skriv din e-mailadresse, så sender jeg dig en e-mail, når der kommer en ny artikel. Du bekræfter først via et link, og du kan altid afmelde dig igen.{' '}
        <a href="/privatlivspolitik#nyhedsbrev" className="inline-flex min-h-tap items-center font-medium text-accent-700 underline underline-offset-4">
          Sådan behandler jeg din adresse
        </a>
      </p>
      <form method="post" action={NEWSLETTER_PATH} className="relative mt-4 flex flex-wrap items-end gap-3">
        <div className="flex min-w-0 flex-1 basis-64 flex-col gap-1">
          <label htmlFor={id} className="font-medium text-ink">
            Din e-mailadresse
          </label>
          {/* No maxLength: the server checks the address with the contact form's own schema (254
              characters), and importing its limits would load the contact form's vocabulary here. */}
          <input
            id={id}
            type="email"
            name={NEWSLETTER_EMAIL_FIELD}
            required
            autoComplete="email"
            className="h-tap rounded-xl border border-sand-500 bg-white px-4 text-ink"
          />
        </div>
        <Honeypot />
        <Button type="submit">Få besked</Button>
      </form>
    </aside>
  )
}
