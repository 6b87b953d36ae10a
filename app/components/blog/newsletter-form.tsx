import { Button } from '~/components/ui/button'
import { ButtonLink } from '~/components/ui/button-link'
import { Honeypot } from '~/components/ui/honeypot'
import { PageHero } from '~/components/ui/page-hero'
import { Section } from '~/components/ui/section'
import { contactLimits } from '~/lib/contact'
import { NEWSLETTER_EMAIL_FIELD, NEWSLETTER_PATH, type NewsletterStatus, newsletterAnswers } from '~/lib/newsletter'

/**
 * "Få besked om nye artikler" on /blog and under each article: a plain form the server renders,
 * posting to /nyhedsbrev, so it works without JavaScript and adds no script of its own.
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
          <input
            id={id}
            type="email"
            name={NEWSLETTER_EMAIL_FIELD}
            required
            maxLength={contactLimits.email.maxLength}
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

/** The page a sign-up, a confirmation or an unsubscription is redirected to. */
export function NewsletterAnswer({ status }: { status?: NewsletterStatus }) {
  const answer = status ? newsletterAnswers[status] : undefined
  return (
    <>
      <PageHero eyebrow="Nye artikler" title={answer?.title ?? 'Få besked om nye artikler'} />
      <Section>
        <div className="mx-auto max-w-2xl">
          {answer ? (
            <p role={answer.refused ? 'alert' : 'status'} className="text-lg text-ink">
              {answer.text}
            </p>
          ) : (
            <p className="text-lg text-ink">Tilmeld dig nederst på bloggen, så får du en e-mail, når der kommer en ny artikel.</p>
          )}
          {answer?.refused && status !== 'ugyldigt-link' ? <NewsletterForm id="nyhedsbrev-igen" /> : null}
          <ButtonLink href="/blog" variant="outline" className="mt-8">
            Til bloggen
          </ButtonLink>
        </div>
      </Section>
    </>
  )
}

const linkPages = {
  bekraeft: { title: 'Bekræft din tilmelding', text: 'Tryk på knappen for at bekræfte, at du vil have en e-mail, når der kommer en ny artikel.', button: 'Ja tak, bekræft' },
  afmeld: { title: 'Afmeld besked om nye artikler', text: 'Tryk på knappen, så får du ikke flere e-mails om nye artikler, og din e-mailadresse slettes.', button: 'Afmeld' },
}

/**
 * The page of a link from an e-mail: opening it (as a mail program's link scanner does) only
 * shows a button, and the button's POST acts.
 */
export function NewsletterLinkPage({ kind, token }: { kind: keyof typeof linkPages; token: string }) {
  const page = linkPages[kind]
  return (
    <>
      <PageHero eyebrow="Nye artikler" title={page.title} />
      <Section>
        <form method="post" action={`${NEWSLETTER_PATH}/${kind}/${token}`} className="mx-auto max-w-2xl">
          <p className="text-lg text-ink">{page.text}</p>
          <Button type="submit" className="mt-6">
            {page.button}
          </Button>
        </form>
      </Section>
    </>
  )
}
