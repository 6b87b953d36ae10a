import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { type CrisisHelp, crisisHelpFor } from '~/lib/content/crisis-lines'
import { getCrisisLines, getSite } from '~/server/content/content.server'
import { SiteContext } from '~/lib/content/site-data'
import { CategoryChips } from '~/components/blog/category-chips'
import { Pagination } from '~/components/blog/pagination'
import { PostCard, PostGrid } from '~/components/blog/post-card'
import { SearchResults } from '~/components/blog/search-results'
import { TitleText } from '~/components/ui/title-text'
import type { Article, BlogIndex, BlogSearchResult, PostCard as PostCardData } from '~/lib/blog'
import { articleParts } from '~/lib/blog-queries'
import type { PageHead } from '~/lib/seo'
import { type CategoryFilter, categoryFilters } from '~/lib/categories'
import { Route as ArticleRoute } from '~/routes/blog/$slug'
import { Route as BlogRoute } from '~/routes/blog/index'
import { headOf, linksOf, metaOf, renderPage, structuredDataOf, tagMatching, tagWithId, textOf, titleOf, withSite } from '../render'
import { articleHead, blogHead } from '~/server/pages/page-heads.server'
import { relatedPostsHtml } from '~/server/pages/article-page.server'

/** The images that load first: React also preloads them with a <link>, which is not counted. */
const priorityImages = (html: string) => html.match(/<img[^>]*fetchPriority="high"[^>]*>/g) ?? []

const post = (slug: string, changes: Partial<PostCardData> = {}): PostCardData => ({
  slug,
  title: `Titel ${slug}`,
  description: `Om ${slug}.`,
  imageUrl: `/images/blog/${slug}.webp?v=abc123`,
  category: 'stress',
  publishedAt: '2025-09-18',
  ...changes,
})

const counts = Object.fromEntries(categoryFilters.map((id, index) => [id, index * 2])) as Record<CategoryFilter, number>

const article: Article & { relatedHtml: string; crisisHelp: CrisisHelp | null; inOwnWords: boolean; head: PageHead } = {
  ...post('ro-i-hverdagen', { title: 'Ro i hverdagen' }),
  imageAlt: 'En stille sø',
  author: 'Birgitte Holm',
  keywords: ['stress', 'ro'],
  tags: ['hverdag'],
  section: 'Stress',
  hero: 'gradient',
  cta: null,
  crisisLines: null,
  jsonLd: true,
  bodyHtml: '<p>Brødtekst.</p>',
  anonymised: false,
  inOwnWords: false,
  readingMinutes: 6,
  tableOfContents: [],
  crisisHelp: null,
  revisedAt: null,
  updatedAt: '2025-10-01',
  relatedHtml: '',
  // The head is tested from articleHead below; the page renders without it.
  head: { meta: [], links: [] },
}

describe('the cards of articles', () => {
  it('name the article with its date and category, link to it, and mark new ones', () => {
    const html = renderToStaticMarkup(<PostCard post={post('a')} isNew />)
    expect(textOf(html)).toBe('Ny 18. september 2025, Stress coaching Titel a Om a.')
    expect(linksOf(html)).toEqual([['Titel a', '/blog/a']])
    expect(html).toContain('<time dateTime="2025-09-18">')
    expect(textOf(renderToStaticMarkup(<PostCard post={post('a')} />))).not.toContain('Ny')
  })

  it('load the first cover at once and the others lazily, and render the long list’s later cards only near the screen', () => {
    const html = renderToStaticMarkup(<PostGrid posts={[post('a'), post('b'), post('c')]} prioritizeFirst deferFrom={2} />)
    const images = html.match(/<img[^>]*>/g) ?? []
    expect(images[0]).toContain('fetchPriority="high"')
    expect(images[0]).toContain('loading="eager"')
    expect(images[1]).toContain('loading="lazy"')
    expect(images[1]).not.toContain('fetchPriority')
    expect(images[0]).toContain('srcSet="/images/blog/a-600.webp?v=abc123 600w, /images/blog/a.webp?v=abc123 1200w"')
    const items = html.match(/<li(?: [^>]*)?>/g) ?? []
    expect(items.map((item) => item.includes('defer-render-card'))).toEqual([false, false, true])
    const plain = renderToStaticMarkup(<PostGrid posts={[post('a'), post('b')]} />)
    expect(plain).not.toContain('defer-render-card')
    expect(plain).not.toContain('fetchPriority')
  })

  it('keep a hyphenated word of a title on one line', () => {
    expect(renderToStaticMarkup(<>{TitleText({ text: 'Omega-3 og teenage-coaching i dag' })}</>)).toBe(
      '<span class="whitespace-nowrap">Omega-3</span> og <span class="whitespace-nowrap">teenage-coaching</span> i dag',
    )
  })
})

describe('the category chips', () => {
  it('link every category with its count, the one shown marked as current, and keep the reader’s place', () => {
    const html = renderToStaticMarkup(<CategoryChips counts={counts} current="stress" />)
    const links = linksOf(html)
    // The count is a badge beside the name (a gap, not a space, between them).
    expect(links[0]).toEqual(['Alle artikler0 artikler', '/blog'])
    expect(links).toContainEqual(['Stress coaching6 artikler', '/blog?kategori=stress'])
    expect(links).toHaveLength(categoryFilters.length)
    expect(html.match(/aria-current="page"/g)).toHaveLength(1)
    expect(tagMatching(html, 'aria-current="page"')).toContain('href="/blog?kategori=stress"')
    expect(html.match(/data-keep-scroll/g)).toHaveLength(categoryFilters.length)
    expect(renderToStaticMarkup(<CategoryChips counts={counts} />)).not.toContain('aria-current')
  })
})

describe('the page numbers', () => {
  it('link the pages around the current one, first and last, with Forrige and Næste, page 1 without a number', () => {
    const html = renderToStaticMarkup(<Pagination page={5} pageCount={10} search={{ kategori: 'stress' }} />)
    expect(html).toContain('aria-label="Sideskift"')
    expect(linksOf(html)).toEqual([
      ['← Forrige side', '/blog?kategori=stress&amp;side=4'],
      ['Side 1', '/blog?kategori=stress'],
      ['Side 2', '/blog?kategori=stress&amp;side=2'],
      ['Side 3', '/blog?kategori=stress&amp;side=3'],
      ['Side 4', '/blog?kategori=stress&amp;side=4'],
      ['Side 5', '/blog?kategori=stress&amp;side=5'],
      ['Side 6', '/blog?kategori=stress&amp;side=6'],
      ['Side 7', '/blog?kategori=stress&amp;side=7'],
      ['Side 10', '/blog?kategori=stress&amp;side=10'],
      ['Næste side →', '/blog?kategori=stress&amp;side=6'],
    ])
    expect(html.match(/aria-current="page"/g)).toHaveLength(1)
    expect(tagMatching(html, 'aria-current="page"')).toContain('href="/blog?kategori=stress&amp;side=5"')
    expect(tagMatching(html, 'rel="prev"')).toContain('href="/blog?kategori=stress&amp;side=4"')
    expect(tagMatching(html, 'rel="next"')).toContain('href="/blog?kategori=stress&amp;side=6"')
    // One gap, between 7 and 10; 2 is shown instead of a gap of one number.
    expect(html.match(/<li aria-hidden="true"[^>]*>…<\/li>/g)).toHaveLength(1)
  })

  it('have no Forrige on the first page and no Næste on the last', () => {
    expect(linksOf(renderToStaticMarkup(<Pagination page={1} pageCount={2} search={{}} />)).map(([text]) => text)).toEqual(['Side 1', 'Side 2', 'Næste side →'])
    expect(linksOf(renderToStaticMarkup(<Pagination page={2} pageCount={2} search={{}} />)).map(([text]) => text)).toEqual(['← Forrige side', 'Side 1', 'Side 2'])
  })
})

describe('the search results', () => {
  const result: BlogSearchResult = {
    query: 'stress',
    page: 1,
    pageCount: 2,
    total: 7,
    hits: [{ ...post('a'), snippet: [{ text: 'Om ', mark: false }, { text: 'stress', mark: true }, { text: ' i dag', mark: false }] }],
  }

  it('say how many matched, on which page, and mark the words found in each passage', () => {
    const html = renderToStaticMarkup(<SearchResults result={result} />)
    expect(textOf(html)).toContain('Søgningen på »stress« gav 7 artikler – side 1 af 2')
    expect(html).toMatch(/<p role="status"[^>]*>Søgningen på »stress« gav 7 artikler – side 1 af 2<\/p>/)
    expect(html).toMatch(/Om <mark[^>]*>stress<\/mark> i dag/)
    expect(textOf(html)).toContain('18. september 2025 · Stress coaching')
    expect(linksOf(html)).toContainEqual(['Titel a', '/blog/a'])
    expect(linksOf(html)).toContainEqual(['Side 2', '/blog?q=stress&amp;side=2'])
    const one = renderToStaticMarkup(<SearchResults result={{ ...result, total: 1, pageCount: 1 }} />)
    expect(textOf(one)).toContain('Søgningen på »stress« gav 1 artikel')
    expect(textOf(one)).not.toContain('side 1 af')
    expect(one).not.toContain('Sideskift')
  })

  it('with no hit offer the categories and the articles she picked as good places to start', () => {
    // Her list as the root route's data brings it (content/gode-steder-at-begynde.yaml with the articles' titles).
    const startHere = [
      { slug: 'stress-er-ikke-svaghed', title: 'Stress er ikke svaghed' },
      { slug: 'parcoaching-eller-parterapi', title: 'Parcoaching eller parterapi?' },
    ]
    const html = renderToStaticMarkup(<SiteContext value={{ ...getSite(), startHere }}><SearchResults result={{ query: 'xyz', page: 1, pageCount: 1, total: 0, hits: [], counts }} /></SiteContext>)
    expect(textOf(html)).toContain('Søgningen på »xyz« gav ingen artikler. Prøv et andet ord, eller se artiklerne efter emne:')
    expect(linksOf(html)).toContainEqual(['Stress coaching6 artikler', '/blog?kategori=stress'])
    expect(textOf(html)).toContain('Gode steder at begynde')
    for (const { title, slug } of startHere) expect(linksOf(html)).toContainEqual([title, `/blog/${slug}`])
    expect(renderToStaticMarkup(withSite(<SearchResults result={{ query: 'xyz', page: 1, pageCount: 1, total: 0, hits: [] }} />))).not.toContain('Kategorier')
  })
})

describe('/blog', () => {
  const index: BlogIndex = { category: 'all', page: 1, pageCount: 3, counts, posts: [post('a'), post('b'), post('c')], newPosts: [post('n')], newCount: 1 }

  it('is titled by its category and page, indexed, and a search is left out of search engines', () => {
    const head = ({ kategori, side, q }: { kategori?: CategoryFilter; side?: number; q?: string }) => (q ? blogHead({ query: q, page: side ?? 1 }) : blogHead({ category: kategori ?? 'all', page: side ?? 1 }))
    expect(titleOf(head({}))).toMatch(/^Blog \| /)
    expect(metaOf(head({}), 'robots')).toBe('index,follow')
    expect(titleOf(head({ kategori: 'stress', side: 2 }))).toMatch(/^Blog: Stress coaching – side 2 \| /)
    expect(head({ kategori: 'stress', side: 2 }).links[0]?.href).toMatch(/\/blog\?kategori=stress&side=2$/)
    expect(titleOf(head({ kategori: 'all' }))).toMatch(/^Blog \| /)
    expect(titleOf(head({ q: 'ro' }))).toMatch(/^Søgning: ro \| /)
    expect(metaOf(head({ q: 'ro' }), 'robots')).toBe('noindex,follow')
    expect(metaOf(head({}), 'description')).toBe('Artikler om coaching, stress, teenagere, parforhold, karriere og livskvalitet – skrevet af en certificeret coach i Fredericia.')
    // The route's head is the one the server sent with the index's or the search's data.
    const sent = { meta: [{ title: 'Siden' }], links: [] }
    expect(headOf(BlogRoute, { loaderData: { kind: 'index', index: { ...index, head: sent } } })).toBe(sent)
    expect(headOf(BlogRoute, { loaderData: { kind: 'search', search: { query: 'ro', page: 1, pageCount: 1, total: 0, hits: [], head: sent } } })).toBe(sent)
  })

  it('shows the new articles on the first page, every article below with the chips, the page numbers and the sign-up', () => {
    const html = renderPage(BlogRoute, { loaderData: { kind: 'index', index } })
    const text = textOf(html)
    expect(text).toContain('Artikler og inspiration Blog Tanker, redskaber og historier')
    expect(text).toContain('Nye Artikler1 nye')
    expect(linksOf(html)).toContainEqual(['Titel n', '/blog/n'])
    expect(linksOf(html)).toContainEqual(['Side 2', '/blog?side=2'])
    expect(tagWithId(html, 'nyhedsbrev-blog')).toContain('type="email"')
    expect(html).toContain('id="soeg-blog"')
    // The first new card is the priority image; the list's first card is not as well.
    expect(priorityImages(html)).toHaveLength(1)
    expect(priorityImages(html)[0]).toContain('/images/blog/n.webp')
  })

  it('does not repeat a new article in the list right below »Nye Artikler«, and lists it on a later page as any other', () => {
    const withNewInList = { ...index, posts: [post('n'), post('a'), post('b')] }
    const first = renderPage(BlogRoute, { loaderData: { kind: 'index', index: withNewInList } })
    expect(linksOf(first).filter(([, href]) => href === '/blog/n')).toHaveLength(1)
    expect(linksOf(first)).toContainEqual(['Titel a', '/blog/a'])
    const later = renderPage(BlogRoute, { loaderData: { kind: 'index', index: { ...withNewInList, page: 2 } } })
    expect(linksOf(later).filter(([, href]) => href === '/blog/n')).toHaveLength(1)
  })

  it('leaves out the new articles on later pages, names a category, and says when a category is empty', () => {
    const later = renderPage(BlogRoute, { loaderData: { kind: 'index', index: { ...index, page: 2, category: 'stress' } } })
    expect(textOf(later)).not.toContain('Nye Artikler')
    expect(textOf(later)).toContain('Blog: Stress coaching')
    expect(linksOf(later)).toContainEqual(['Side 1', '/blog?kategori=stress'])
    expect(priorityImages(later)).toHaveLength(1)
    expect(priorityImages(later)[0]).toContain('/images/blog/a.webp')
    const none = renderPage(BlogRoute, { loaderData: { kind: 'index', index: { ...index, newCount: 0, posts: [], pageCount: 1 } } })
    expect(textOf(none)).toContain('Der er endnu ingen artikler i denne kategori.')
    expect(none).not.toContain('Sideskift')
    expect(textOf(none)).not.toContain('Nye Artikler')
  })

  it('says, to screen readers as well, that the articles are loading while a later page loads', () => {
    const Pending = BlogRoute.options.pendingComponent as () => React.ReactNode
    expect(renderToStaticMarkup(<Pending />)).toMatch(/^<p role="status"[^>]*>Indlæser artikler\.\.\.<\/p>$/)
  })

  it('with ?q= shows the search with what was searched', () => {
    const html = renderPage(BlogRoute, { loaderData: { kind: 'search', search: { query: 'ro', page: 1, pageCount: 1, total: 1, hits: [{ ...post('a'), snippet: [] }] } } })
    expect(textOf(html)).toContain('Søg i bloggen')
    expect(textOf(html)).toContain('Søgningen på »ro« gav 1 artikel')
    expect(tagWithId(html, 'soeg-blog')).toContain('value="ro"')
  })
})

describe('an article’s page', () => {
  it('head: its title, description, keywords, Open Graph image as JPEG, and its structured data', () => {
    const head = articleHead(article)
    expect(titleOf(head)).toMatch(/^Ro i hverdagen \| /)
    expect(metaOf(head, 'description')).toBe('Om ro-i-hverdagen.')
    expect(metaOf(head, 'keywords')).toBe('stress, ro')
    expect(metaOf(head, 'og:image')).toMatch(/\/images\/blog\/ro-i-hverdagen\.jpg\?v=abc123$/)
    expect(metaOf(head, 'og:type')).toBe('article')
    expect(head.links[0]?.href).toMatch(/\/blog\/ro-i-hverdagen$/)
    const [posting, breadcrumbs] = structuredDataOf(head)
    const url = (path: string) => expect.stringMatching(new RegExp(`^https?://[^/]+${path.replace(/[.?]/g, '\\$&')}$`))
    expect(posting).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: 'Ro i hverdagen',
      description: 'Om ro-i-hverdagen.',
      image: url('/images/blog/ro-i-hverdagen.jpg?v=abc123'),
      author: { '@type': 'Person', name: 'Birgitte Holm' },
      datePublished: '2025-09-18',
      dateModified: '2025-10-01',
      publisher: { '@type': 'Organization', name: expect.stringContaining('Birgitte Holm'), logo: { '@type': 'ImageObject', url: url('/favicon.svg') } },
      mainEntityOfPage: { '@type': 'WebPage', '@id': url('/blog/ro-i-hverdagen') },
      inLanguage: 'da-DK',
      keywords: 'stress, ro',
    })
    expect(breadcrumbs).toEqual({
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Hjem', item: url('/') },
        { '@type': 'ListItem', position: 2, name: 'Blog', item: url('/blog') },
        { '@type': 'ListItem', position: 3, name: 'Ro i hverdagen', item: url('/blog/ro-i-hverdagen') },
      ],
    })
    expect(structuredDataOf(articleHead({ ...article, jsonLd: false })).map((data) => data['@type'])).toEqual(['BreadcrumbList'])
    expect(articleHead({ ...article, keywords: [] }).meta.find((tag) => tag.name === 'keywords')?.content).not.toBe('')
    expect(headOf(ArticleRoute, { loaderData: undefined })).toEqual({})
    const sent = { meta: [{ title: 'Siden' }], links: [] }
    expect(headOf(ArticleRoute, { loaderData: { ...article, head: sent } })).toBe(sent)
  })

  it('shows category, title, author, date, reading time and the body, with the way back and the sign-up', () => {
    const html = renderPage(ArticleRoute, { loaderData: articleParts(article) })
    const text = textOf(html)
    // The parts of the line are spaced by the layout (a gap), not by spaces.
    expect(text).toContain('Stress coaching Ro i hverdagen Forfatter | Birgitte Holm·18. september 2025·Læsetid 6 minutter')
    expect(html).toContain('<p>Brødtekst.</p>')
    expect(linksOf(html).filter(([, href]) => href === '/blog')).toHaveLength(2)
    expect(tagWithId(html, 'nyhedsbrev-artikel')).toContain('type="email"')
    for (const absent of ['Indhold', 'Om eksemplerne', 'Har du brug for hjælp nu?', 'Book en gratis samtale', 'Læs også', 'Opdateret']) expect(text).not.toContain(absent)
    expect(priorityImages(html)).toEqual([])
  })

  it('adds what the article asks for: contents, revision date, the examples’ note, the crisis box, the closing card and related articles', () => {
    const html = renderPage(ArticleRoute, {
      loaderData: articleParts({
        ...article,
        hero: 'image',
        tableOfContents: [{ id: 'et-raad', text: 'Et råd' }],
        revisedAt: '2025-11-02',
        anonymised: true,
        crisisLines: 'adult',
        crisisHelp: crisisHelpFor(getCrisisLines(), 'adult'),
        cta: 'Skriv til mig om stress',
        closing: { heading: 'Fylder presset for meget?', text: 'Et roligt sted at begynde.' },
        relatedHtml: relatedPostsHtml([post('b')]),
      }),
    })
    const text = textOf(html)
    expect(linksOf(html)).toContainEqual(['Et råd', '#et-raad'])
    expect(text).toContain('18. september 2025·Opdateret 2. november 2025·Læsetid 6 minutter')
    expect(text).toContain('Om eksemplerne:')
    expect(text).toContain('Har du brug for hjælp nu?')
    expect(text).toContain('Har du det rigtig svært lige nu? Ring til Livslinien på')
    expect(linksOf(html)).toContainEqual(['Skriv til mig om stress', '/kontakt'])
    expect(text).toContain('Fylder presset for meget? Et roligt sted at begynde.')
    expect(text).toContain('Læs også')
    expect(linksOf(html)).toContainEqual(['Titel b', '/blog/b'])
    expect(priorityImages(html)).toHaveLength(1)
    expect(priorityImages(html)[0]).toContain('alt="En stille sø"')
  })
})
