import { CrisisLineShort } from '~/components/blog/crisis-lines'
import { ButtonLink } from '~/components/ui/button-link'
import type { ArticlePage } from '~/lib/blog'

/**
 * The card under an article: words for the article's category (content/artikelafslutninger.yaml,
 * in the page's data), the booking of a free first conversation, and the contact form for whoever
 * would rather write.
 */
export function ArticleClosing({ article }: { article: Pick<ArticlePage, 'cta' | 'crisisHelp'> & { closing: NonNullable<ArticlePage['closing']> } }) {
  const { closing } = article
  return (
    <aside aria-labelledby="cta-overskrift" className="mx-auto mt-14 max-w-(--article-measure) rounded-3xl bg-accent-800 p-8 text-center text-white md:p-10">
      <h2 id="cta-overskrift" className="text-2xl text-white md:text-3xl">
        {closing.heading}
      </h2>
      <p className="mx-auto mt-3 max-w-xl text-accent-100">
        {closing.text} Vi kan mødes i Fredericia, online eller over telefonen.
      </p>
      {article.crisisHelp && <CrisisLineShort short={article.crisisHelp.short} className="mx-auto mt-3 max-w-xl text-sm text-accent-100 [&_a]:text-white" />}
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        <ButtonLink href="/book-samtale" variant="light-secondary" size="lg">
          Book en gratis samtale
        </ButtonLink>
        <ButtonLink href="/kontakt" variant="light-outline" size="lg">
          {article.cta ?? 'Skriv til mig'}
        </ButtonLink>
      </div>
      <p className="mt-4 text-sm text-accent-100">Skriver du, svarer jeg inden for én hverdag.</p>
    </aside>
  )
}
