import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { ArticleClosing } from '~/components/blog/article-closing'
import { CoverImage } from '~/components/blog/cover-image'
import { SearchForm } from '~/components/blog/search-form'
import { Button } from '~/components/ui/button'
import { ButtonLink } from '~/components/ui/button-link'
import { CtaBlock } from '~/components/ui/cta-block'
import { PageHero } from '~/components/ui/page-hero'
import { Quote } from '~/components/ui/quote'
import { SectionHeading } from '~/components/ui/section'
import { TestimonialCards, TestimonialSource } from '~/components/ui/testimonials'
import { MAX_QUERY_LENGTH } from '~/lib/search-limits'
import { linksOf, textOf } from '../render'

describe('the shared pieces of the pages', () => {
  it('a button does not send its form unless it says so', () => {
    expect(renderToStaticMarkup(<Button>Luk</Button>)).toMatch(/^<button type="button"/)
    expect(renderToStaticMarkup(<Button type="submit">Send</Button>)).toMatch(/^<button type="submit"/)
  })

  it('a link styled as a plain link keeps a thumb’s tap height and takes no button box, whatever size is asked for', () => {
    const link = renderToStaticMarkup(<ButtonLink href="/om" variant="link" size="lg">Om</ButtonLink>)
    expect(link).toMatch(/^<a class="[^"]*min-h-tap[^"]*" href="\/om">Om<\/a>$/)
    expect(link).not.toMatch(/h-15|px-8|rounded-full/)
  })

  it('the closing call to action offers a booking and the contact form', () => {
    const html = renderToStaticMarkup(<CtaBlock />)
    expect(html).toContain('aria-labelledby="cta-title"')
    expect(linksOf(html)).toEqual([['Book en samtale', '/book-samtale'], ['Skriv til mig', '/kontakt']])
  })

  it('the card under an article offers to write even when the article names no wording of its own', () => {
    const html = renderToStaticMarkup(<ArticleClosing article={{ closing: { heading: 'Fylder presset for meget?', text: 'Et roligt sted at begynde.' }, cta: null, crisisHelp: null }} />)
    expect(linksOf(html)).toContainEqual(['Skriv til mig', '/kontakt'])
    expect(textOf(html)).toContain('Skriver du, svarer jeg inden for én hverdag.')
    expect(textOf(html)).not.toContain('Livslinien')
  })

  it('a page’s header shows the small line above the title and the intro only when given', () => {
    expect(textOf(renderToStaticMarkup(<PageHero eyebrow="Kontakt" title="Lad os tale" intro="Skriv eller ring." />))).toBe('Kontakt Lad os tale Skriv eller ring.')
    expect(renderToStaticMarkup(<PageHero title="Lad os tale" />)).toMatch(/<div[^>]*><h1[^>]*>Lad os tale<\/h1><\/div>/)
    expect(renderToStaticMarkup(<SectionHeading title="Ydelser" id="ydelser" />)).toMatch(/<div[^>]*><h2 id="ydelser"[^>]*>Ydelser<\/h2><\/div>/)
    expect(textOf(renderToStaticMarkup(<SectionHeading eyebrow="Specialer" title="Ydelser" />))).toBe('Specialer Ydelser')
  })

  it('a quote names its source only when there is one', () => {
    expect(textOf(renderToStaticMarkup(<Quote source="Birgitte Holm">Lyt efter.</Quote>))).toBe('»Lyt efter.« — Birgitte Holm')
    expect(renderToStaticMarkup(<Quote>Lyt efter.</Quote>)).not.toContain('figcaption')
  })

  it('testimonials give each quote with who said it, and say where they come from as a note', () => {
    const html = renderToStaticMarkup(<TestimonialCards items={[{ quote: 'Det hjalp.', name: 'Anne', context: 'Stress coaching' }]} />)
    expect(textOf(html)).toBe('»Det hjalp.« Anne · Stress coaching')
    expect(renderToStaticMarkup(<TestimonialSource text="Udtalelserne er rigtige." />)).toMatch(/^<p role="note"[^>]*>Udtalelserne er rigtige\.<\/p>$/)
  })

  it('the search form asks /blog with q, limited as the server limits it, and keeps what was searched', () => {
    const html = renderToStaticMarkup(<SearchForm id="soeg" query="ro" />)
    expect(html).toMatch(/^<form role="search"[^>]*action="\/blog" method="get">/)
    expect(html).toContain('<label for="soeg" class="sr-only">Søg i artiklerne</label>')
    const input = /<input[^>]*>/.exec(html)?.[0]
    expect(input).toContain('type="search"')
    expect(input).toContain('name="q"')
    expect(input).toContain('value="ro"')
    expect(input).toContain(`maxLength="${MAX_QUERY_LENGTH}"`)
    expect(input).toContain('placeholder="Søg i bloggen"')
    expect(renderToStaticMarkup(<SearchForm id="soeg" placeholder="Søg fx stress" />)).toContain('placeholder="Søg fx stress"')
  })

  it('a cover the coach supplied elsewhere is used as it is, with its size reserved', () => {
    const html = renderToStaticMarkup(<CoverImage imageUrl="/uploads/eget.jpg" alt="Et billede" sizes="100vw" />)
    expect(html).toMatch(/^<img src="\/uploads\/eget\.jpg" sizes="100vw" width="1200" height="630" alt="Et billede" loading="lazy" decoding="async"\/>$/)
  })
})
