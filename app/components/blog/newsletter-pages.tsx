import { NewsletterForm } from '~/components/blog/newsletter-form'
import { Button } from '~/components/ui/button'
import { ButtonLink } from '~/components/ui/button-link'
import { PageHero } from '~/components/ui/page-hero'
import { Section } from '~/components/ui/section'
import { newsletterAnswers } from '~/lib/newsletter'
import { NEWSLETTER_PATH, isNewsletterStatus } from '~/lib/newsletter-status'

/** The page a sign-up, a confirmation or an unsubscription is redirected to. */
export function NewsletterAnswer({ status }: { status?: unknown }) {
  const answer = isNewsletterStatus(status) ? newsletterAnswers[status] : undefined
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

export const isLinkKind = (value: string): value is keyof typeof linkPages => value === 'bekraeft' || value === 'afmeld'

/**
 * The page of a link from an e-mail: opening it (as a mail program's link scanner does) only
 * shows a button, and the button's POST acts.
 */
export function NewsletterLinkPage({ handling, token }: { handling: string; token: string }) {
  const page = linkPages[isLinkKind(handling) ? handling : 'afmeld']
  return (
    <>
      <PageHero eyebrow="Nye artikler" title={page.title} />
      <Section>
        <form method="post" action={`${NEWSLETTER_PATH}/${handling}/${token}`} className="mx-auto max-w-2xl">
          <p className="text-lg text-ink">{page.text}</p>
          <Button type="submit" className="mt-6">
            {page.button}
          </Button>
        </form>
      </Section>
    </>
  )
}
