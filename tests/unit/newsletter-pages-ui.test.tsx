import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { NewsletterAnswer, NewsletterLinkPage, isLinkKind } from '~/components/blog/newsletter-pages'
import { newsletterAnswers } from '~/lib/newsletter'
import { Route as LinkRoute } from '~/routes/nyhedsbrev/$handling.$token'
import { Route as NewsletterRoute } from '~/routes/nyhedsbrev/index'
import { headOf, linksOf, metaOf, renderPage, tagMatching, tagWithId, textOf, titleOf } from '../render'
import { newsletterHead } from '~/server/pages/page-heads.server'


describe('the newsletter pages', () => {
  it('answer each outcome, announcing refusals, and offer the form again when trying again can help', () => {
    for (const [status, answer] of Object.entries(newsletterAnswers)) {
      const html = renderToStaticMarkup(<NewsletterAnswer status={status} />)
      expect(textOf(html)).toContain(answer.title)
      expect(html).toContain(`role="${answer.refused ? 'alert' : 'status'}"`)
      expect(textOf(html)).toContain(answer.text)
      expect(html.includes('id="nyhedsbrev-igen"')).toBe(Boolean(answer.refused) && status !== 'ugyldigt-link')
      expect(linksOf(html)).toContainEqual(['Til bloggen', '/blog'])
    }
    const unknown = renderToStaticMarkup(<NewsletterAnswer status="hacket" />)
    expect(textOf(unknown)).toContain('Få besked om nye artikler Tilmeld dig nederst på bloggen')
    expect(unknown).not.toContain('role=')
  })

  it('give each outcome a title and a sentence of its own, and mark as refused exactly those the reader must act on', () => {
    const answers = Object.values(newsletterAnswers)
    expect(new Set(answers.map((answer) => answer.title)).size).toBe(answers.length)
    for (const { title, text } of answers) {
      expect(title).toMatch(/^\p{Lu}[\p{L} -]{8,}$/u)
      expect(text).toMatch(/^\p{Lu}.{30,}\.$/u)
    }
    const refusals = Object.entries(newsletterAnswers).filter(([, answer]) => answer.refused).map(([status]) => status)
    expect(refusals.sort()).toEqual(['fejl', 'for-mange', 'ugyldig', 'ugyldigt-link'])
    // The answer never says whether the address was known; it says how long an unconfirmed one is kept.
    expect(newsletterAnswers['tjek-din-mail'].text).toMatch(/^Hvis adressen ikke allerede er tilmeldt, .* slettes adressen efter 3 dage\.$/)
  })

  it('the sign-up form posts an e-mail address with the honeypot, and says how the address is handled', () => {
    const html = renderToStaticMarkup(<NewsletterAnswer status="ugyldig" />)
    expect(tagMatching(html, 'method="post"')).toContain('action="/nyhedsbrev"')
    expect(tagWithId(html, 'nyhedsbrev-igen')).toMatch(/type="email"[^>]*name="email"|name="email"[^>]*type="email"/)
    expect(tagWithId(html, 'nyhedsbrev-igen')).toContain('required=""')
    expect(html).toContain('name="website"')
    expect(html).toContain('aria-labelledby="nyhedsbrev-igen-overskrift"')
    expect(html).toMatch(/<h2 id="nyhedsbrev-igen-overskrift"[^>]*>Få besked om nye artikler<\/h2>/)
    expect(textOf(html)).toContain('du kan altid afmelde dig igen. Sådan behandler jeg din adresse')
    expect(linksOf(html)).toContainEqual(['Sådan behandler jeg din adresse', '/privatlivspolitik#nyhedsbrev'])
  })

  it('a link from an e-mail only shows a button, which posts to the link itself', () => {
    const confirm = renderToStaticMarkup(<NewsletterLinkPage handling="bekraeft" token="tok" />)
    expect(tagMatching(confirm, 'method="post"')).toContain('action="/nyhedsbrev/bekraeft/tok"')
    expect(textOf(confirm)).toContain('Bekræft din tilmelding Tryk på knappen for at bekræfte, at du vil have en e-mail, når der kommer en ny artikel. Ja tak, bekræft')
    const unsubscribe = renderToStaticMarkup(<NewsletterLinkPage handling="afmeld" token="tok" />)
    expect(textOf(unsubscribe)).toContain('Afmeld besked om nye artikler Tryk på knappen, så får du ikke flere e-mails om nye artikler, og din e-mailadresse slettes. Afmeld')
    // An unknown kind (the route answers it as not found) shows the harmless one: unsubscribing.
    expect(textOf(renderToStaticMarkup(<NewsletterLinkPage handling="slet" token="tok" />))).toContain('Afmeld besked om nye artikler')
    expect(isLinkKind('bekraeft')).toBe(true)
    expect(isLinkKind('afmeld')).toBe(true)
    expect(isLinkKind('slet')).toBe(false)
  })

  it('the routes are never indexed, a link of an unknown kind is not found, and the pages render their state', () => {
    const head = newsletterHead()
    expect(metaOf(head, 'robots')).toBe('noindex,follow')
    expect(titleOf(head)).toMatch(/^Nye artikler \| /)
    expect(head.links[0]?.href).toMatch(/\/nyhedsbrev$/)
    const sent = { meta: [{ title: 'Siden' }], links: [] }
    for (const route of [NewsletterRoute, LinkRoute]) expect(headOf(route, { loaderData: { head: sent } })).toBe(sent)
    // What the loaders load (the head, through fetchNewsletterPage): tests/unit/route-loaders.test.ts.
    const loader = LinkRoute.options.loader as unknown as (context: object) => unknown
    expect(() => loader({ params: { handling: 'slet', token: 't' } })).toThrow()
    expect(textOf(renderPage(NewsletterRoute, { search: { status: 'bekraeftet' } }))).toContain(newsletterAnswers.bekraeftet.text)
    expect(renderPage(LinkRoute, { params: { handling: 'afmeld', token: 'abc' } })).toContain('action="/nyhedsbrev/afmeld/abc"')
  })
})
