import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { eq } from 'drizzle-orm'
import { blogPosts } from '#db/schema'
import { POSTS_PER_PAGE } from '~/lib/blog'
import { toArticleSlug, toBlogIndexParams } from '~/lib/blog-queries'
import { isNotFound } from '@tanstack/react-router'
import { articlePageOrNotFound, getArticle, getArticlePage, getBlogIndex, getLatestPosts, getRelatedPosts, nextBlogChangeAt, startHereLinks } from '~/server/blog/blog.server'
import { articlePageData } from '~/server/pages/article-page.server'
import { insertPost, temporaryDatabase } from '../helpers'

const NOW = new Date('2025-10-01T12:00:00.000Z')
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000).toISOString()

describe('blog index', () => {
  it('counts every category, zero included, and filters the grid newest first', () => {
    const { db } = temporaryDatabase()
    insertPost(db, 'gammel-stress', 'stress', daysAgo(400))
    insertPost(db, 'ny-stress', 'stress', daysAgo(3))
    insertPost(db, 'karriere', 'career', daysAgo(100))

    const all = getBlogIndex({ category: 'all', page: 1 }, NOW, db)
    expect(all.counts).toMatchObject({ all: 3, stress: 2, career: 1, teenage: 0, kosttilskud: 0 })
    expect(Object.keys(all.counts)).toHaveLength(11)
    expect(all.posts.map((post) => post.slug)).toEqual(['ny-stress', 'karriere', 'gammel-stress'])

    const stress = getBlogIndex({ category: 'stress', page: 1 }, NOW, db)
    expect(stress.posts.map((post) => post.slug)).toEqual(['ny-stress', 'gammel-stress'])
    expect(stress.counts).toEqual(all.counts)
  })

  it('shows as new exactly what was published within the last 30 days, by the injected clock', () => {
    const { db } = temporaryDatabase()
    insertPost(db, 'i-dag', 'life', daysAgo(0))
    insertPost(db, 'graensen', 'life', daysAgo(30))
    insertPost(db, 'for-gammel', 'life', daysAgo(30.01))

    const index = getBlogIndex({ category: 'all', page: 1 }, NOW, db)
    expect(index.newPosts.map((post) => post.slug)).toEqual(['i-dag', 'graensen'])
    expect(index.newCount).toBe(2)

    const later = getBlogIndex({ category: 'all', page: 1 }, new Date(NOW.getTime() + 31 * 86_400_000), db)
    expect(later.newCount).toBe(0)
  })

  it('keeps scheduled articles hidden until their day', () => {
    const { db } = temporaryDatabase()
    insertPost(db, 'i-morgen', 'life', new Date(NOW.getTime() + 86_400_000).toISOString())
    expect(getBlogIndex({ category: 'all', page: 1 }, NOW, db).counts.all).toBe(0)
    expect(getArticle('i-morgen', NOW, db)).toBeUndefined()
    expect(nextBlogChangeAt(NOW, db)?.toISOString()).toBe(new Date(NOW.getTime() + 86_400_000).toISOString())
  })

  it('pages the grid so /blog stays light however many articles there are', () => {
    const { db } = temporaryDatabase()
    for (let index = 0; index < POSTS_PER_PAGE + 5; index++) insertPost(db, `artikel-${index}`, 'insights', daysAgo(100 + index))
    const first = getBlogIndex({ category: 'all', page: 1 }, NOW, db)
    const second = getBlogIndex({ category: 'all', page: 2 }, NOW, db)
    expect(first.posts).toHaveLength(POSTS_PER_PAGE)
    expect(second.posts).toHaveLength(5)
    expect(first.pageCount).toBe(2)
    expect(getBlogIndex({ category: 'all', page: 99 }, NOW, db).page).toBe(2)
  })

  it('finds an article by slug and refuses odd slugs without touching the database', () => {
    const { db } = temporaryDatabase()
    insertPost(db, 'saa-lev-dog', 'life', daysAgo(10))
    expect(getArticle('saa-lev-dog', NOW, db)?.title).toBe('saa-lev-dog')
    for (const slug of ['findes-ikke', '../etc/passwd', 'SAA-LEV-DOG', 'a'.repeat(500), "x' OR 1=1 --"]) {
      expect(getArticle(slug, NOW, db)).toBeUndefined()
    }
  })
})

describe('further reading', () => {
  it('offers three other articles, the newest of the same category first, then the newest of the rest', () => {
    const { db } = temporaryDatabase()
    insertPost(db, 'denne', 'stress', daysAgo(10))
    insertPost(db, 'stress-gammel', 'stress', daysAgo(300))
    insertPost(db, 'stress-ny', 'stress', daysAgo(5))
    insertPost(db, 'karriere-nyest', 'career', daysAgo(1))
    insertPost(db, 'liv', 'life', daysAgo(50))
    insertPost(db, 'stress-i-morgen', 'stress', daysAgo(-1))
    const related = getRelatedPosts({ slug: 'denne', category: 'stress' }, NOW, db).map((post) => post.slug)
    expect(related).toEqual(['stress-ny', 'stress-gammel', 'karriere-nyest'])
  })

  it('the home page gets the three newest published articles', () => {
    const { db } = temporaryDatabase()
    for (const [slug, days] of [['a', 9], ['b', 2], ['c', 30], ['d', 4], ['i-morgen', -2]] as const) insertPost(db, slug, 'life', daysAgo(days))
    expect(getLatestPosts(3, NOW, db).map((post) => post.slug)).toEqual(['b', 'd', 'a'])
  })
})

describe('cover addresses', () => {
  it('names a generated cover with the key it was drawn from (images.lock.json as it is now), a cover of her own as written', () => {
    const dir = mkdtempSync(join(tmpdir(), 'coach-cover-version-'))
    vi.stubEnv('PUBLIC_DIR', join(dir, 'public'))
    onTestFinished(() => {
      vi.unstubAllEnvs()
      rmSync(dir, { recursive: true, force: true })
    })
    const lock = (key: string) => writeFileSync(join(dir, 'images.lock.json'), JSON.stringify({ covers: { 'med-forside': key } }))
    const { db } = temporaryDatabase()
    insertPost(db, 'med-forside', 'stress', daysAgo(2))
    insertPost(db, 'ikke-tegnet-endnu', 'stress', daysAgo(3))
    insertPost(db, 'eget-billede', 'stress', daysAgo(4))
    db.update(blogPosts).set({ imageUrl: '/billeder/eget.jpg' }).where(eq(blogPosts.slug, 'eget-billede')).run()

    lock('0a1b2c3d4e5f60718293a4b5c6d7e8f9')
    const urls = () => getLatestPosts(3, NOW, db).map((post) => post.imageUrl)
    expect(urls()).toEqual(['/images/blog/med-forside.webp?v=0a1b2c3d4e', '/images/blog/ikke-tegnet-endnu.webp', '/billeder/eget.jpg'])
    expect(getArticle('med-forside', NOW, db)?.imageUrl).toBe('/images/blog/med-forside.webp?v=0a1b2c3d4e')
    expect(getBlogIndex({ category: 'all', page: 1 }, NOW, db).posts[0]?.imageUrl).toBe('/images/blog/med-forside.webp?v=0a1b2c3d4e')
    expect(getRelatedPosts({ slug: 'eget-billede', category: 'stress' }, NOW, db)[0]?.imageUrl).toBe('/images/blog/med-forside.webp?v=0a1b2c3d4e')

    // Redrawn (`npm run images` after a photo was added): a new address at once, no restart.
    lock('ffeeddccbbaa99887766554433221100ff')
    expect(urls()[0]).toBe('/images/blog/med-forside.webp?v=ffeeddccbb')
  })
})

describe('what a server function accepts from the browser', () => {
  it.each([
    [{ category: 'stress', page: 3 }, { category: 'stress', page: 3 }],
    [{ category: 'stress', page: 99_999 }, { category: 'stress', page: 99_999 }],
    [{ category: 'stress', page: 100_000 }, { category: 'stress', page: 1 }],
    [{ category: 'all', page: 1 }, { category: 'all', page: 1 }],
    [{ category: 'findes-ikke', page: 2 }, { category: 'all', page: 2 }],
    [{ category: 'stress', page: 0 }, { category: 'stress', page: 1 }],
    [{ category: 'stress', page: -2 }, { category: 'stress', page: 1 }],
    [{ category: 'stress', page: 2.5 }, { category: 'stress', page: 1 }],
    [{ category: 'stress', page: '2' }, { category: 'stress', page: 1 }],
    [{ page: 2 }, { category: 'all', page: 2 }],
    [null, { category: 'all', page: 1 }],
    ['stress', { category: 'all', page: 1 }],
    [undefined, { category: 'all', page: 1 }],
  ])('reads the blog index request %j as %j', (input, expected) => {
    expect(toBlogIndexParams(input)).toEqual(expected)
  })

  it('takes a slug only as text', () => {
    expect(toArticleSlug('saa-lev-dog')).toBe('saa-lev-dog')
    for (const input of [42, null, undefined, ['saa-lev-dog'], { slug: 'saa-lev-dog' }]) expect(toArticleSlug(input)).toBe('')
  })

  it('gives an article page with its further reading, by the injected clock, and nothing for a missing or scheduled article', () => {
    const { db } = temporaryDatabase()
    insertPost(db, 'denne', 'stress', daysAgo(10))
    insertPost(db, 'anden', 'stress', daysAgo(20))
    insertPost(db, 'snart', 'stress', daysAgo(-1))
    const page = getArticlePage('denne', NOW, db)
    expect(page).toMatchObject({ slug: 'denne', category: 'stress', bodyHtml: '<p>Tekst</p>' })
    expect(page).not.toHaveProperty('sourceHash')
    expect(page).not.toHaveProperty('id')
    expect(page?.related.map((post) => post.slug)).toEqual(['anden'])
    expect(getArticlePage('snart', new Date(NOW.getTime() + 2 * 86_400_000), db)?.related.map((post) => post.slug)).toEqual(['denne', 'anden'])
    expect(getArticlePage('snart', NOW, db)).toBeUndefined()
    expect(getArticlePage('', NOW, db)).toBeUndefined()
  })

  it('offers »Gode steder at begynde« in her order with each article’s own title, leaving out one not on the site (yet)', () => {
    const { db } = temporaryDatabase()
    // The fixture's list (tests/fixtures/content/gode-steder-at-begynde.yaml) names these four.
    insertPost(db, 'coaching-er-ikke-terapi', 'insights', daysAgo(10), { title: 'Coaching er ikke terapi' })
    insertPost(db, 'stress-er-ikke-svaghed', 'stress', daysAgo(10), { title: 'Stress er ikke svaghed' })
    insertPost(db, 'parcoaching-eller-parterapi', 'relationship', new Date(NOW.getTime() + 86_400_000).toISOString())
    expect(startHereLinks(NOW, db)).toEqual([
      { slug: 'stress-er-ikke-svaghed', title: 'Stress er ikke svaghed' },
      { slug: 'coaching-er-ikke-terapi', title: 'Coaching er ikke terapi' },
    ])
  })

  it('gives an article with a cta: the card for its category from her file, and one without none', () => {
    const { db } = temporaryDatabase()
    insertPost(db, 'med-kort', 'stress', daysAgo(10), { cta: 'Kontakt mig' })
    insertPost(db, 'uden-kort', 'stress', daysAgo(10), { cta: null })
    expect(getArticlePage('med-kort', NOW, db)?.closing).toEqual({ heading: 'Fylder presset for meget?', text: 'En gratis første samtale er et roligt sted at begynde: Vi ser på, hvad der dræner dig, og hvad et første lille skridt kan være.' })
    expect(getArticlePage('uden-kort', NOW, db)?.closing).toBeNull()
  })

  it('marks an account told in its writer’s own words (content/egne-ord.yaml), and no other article', () => {
    const { db } = temporaryDatabase()
    insertPost(db, 'mail-fra-en-mor', 'teenage', daysAgo(10))
    insertPost(db, 'denne', 'stress', daysAgo(10))
    expect(getArticlePage('mail-fra-en-mor', NOW, db)?.inOwnWords).toBe(true)
    expect(getArticlePage('denne', NOW, db)?.inOwnWords).toBe(false)
  })

  it('sends an article’s page with its further reading rendered and its head, not the further reading’s data', () => {
    const { db } = temporaryDatabase()
    insertPost(db, 'denne', 'stress', daysAgo(10))
    insertPost(db, 'anden', 'stress', daysAgo(20))
    const page = articlePageData('denne', NOW, db)
    expect(page).toMatchObject({ slug: 'denne', bodyHtml: '<p>Tekst</p>' })
    expect(page).not.toHaveProperty('related')
    expect(page.relatedHtml).toContain('Læs også')
    expect(page.relatedHtml).toContain('href="/blog/anden"')
    expect(page.head.links).toEqual([{ rel: 'canonical', href: expect.stringMatching(/\/blog\/denne$/) }])
    // The only article has nothing to read on: no »Læs også« at all.
    db.delete(blogPosts).where(eq(blogPosts.slug, 'anden')).run()
    expect(articlePageData('denne', NOW, db).relatedHtml).toBe('')
  })

  it('answers an unknown or scheduled article with Start’s 404, and a published one with its page', () => {
    const { db } = temporaryDatabase()
    insertPost(db, 'denne', 'stress', daysAgo(10))
    insertPost(db, 'snart', 'stress', daysAgo(-1))
    expect(articlePageOrNotFound('denne', NOW, db)).toMatchObject({ slug: 'denne', related: [] })
    for (const slug of ['snart', 'findes-ikke', '']) {
      let thrown: unknown
      try {
        articlePageOrNotFound(slug, NOW, db)
      } catch (error) {
        thrown = error
      }
      expect(isNotFound(thrown), slug).toBe(true)
    }
  })
})

describe('the blog index at its edges', () => {
  it('pages a category by its own count, shows at most twelve new cards but counts them all, and orders one day by slug', () => {
    const { db } = temporaryDatabase()
    for (let index = 0; index < 13; index++) insertPost(db, `stress-${String(index).padStart(2, '0')}`, 'stress', daysAgo(1 + index))
    insertPost(db, 'karriere-b', 'career', daysAgo(20))
    insertPost(db, 'karriere-a', 'career', daysAgo(20))
    insertPost(db, 'ukendt', 'ukendt-kategori', daysAgo(40))

    const all = getBlogIndex({ category: 'all', page: 0 }, NOW, db)
    expect(all.page).toBe(1)
    expect(all.pageCount).toBe(2)
    expect(all.counts.all).toBe(16)
    expect(Object.keys(all.counts)).toHaveLength(11)
    expect(all.newPosts).toHaveLength(12)
    expect(all.newPosts[0]?.slug).toBe('stress-00')
    expect(all.newCount).toBe(15)

    const career = getBlogIndex({ category: 'career', page: 2 }, NOW, db)
    expect(career).toMatchObject({ category: 'career', page: 1, pageCount: 1 })
    expect(career.posts.map((post) => post.slug)).toEqual(['karriere-a', 'karriere-b'])
    expect(getBlogIndex({ category: 'stress', page: 2 }, NOW, db).posts.map((post) => post.slug)).toEqual(['stress-12'])
    expect(getBlogIndex({ category: 'all', page: 2 }, NOW, db).posts.map((post) => post.slug)).toEqual(['stress-12', 'karriere-a', 'karriere-b', 'ukendt'])
    expect(getBlogIndex({ category: 'teenage', page: 1 }, NOW, db)).toMatchObject({ page: 1, pageCount: 1, posts: [] })
    expect(getLatestPosts(2, NOW, db).map((post) => post.slug)).toEqual(['stress-00', 'stress-01'])
  })

  it('finds an article by a slug of up to 120 characters, no longer', () => {
    const { db } = temporaryDatabase()
    const longest = `a${'-b'.repeat(59)}c`
    const tooLong = `${longest}d`
    expect(longest).toHaveLength(120)
    insertPost(db, longest, 'life', daysAgo(1))
    insertPost(db, tooLong, 'life', daysAgo(1))
    expect(getArticle(longest, NOW, db)?.slug).toBe(longest)
    expect(getArticle(tooLong, NOW, db)).toBeUndefined()
  })

  it('knows when the blog next changes by itself: the next scheduled article, or the day a new one stops being new', () => {
    const { db } = temporaryDatabase()
    expect(nextBlogChangeAt(NOW, db)).toBeUndefined()
    insertPost(db, 'gammel', 'life', daysAgo(31))
    expect(nextBlogChangeAt(NOW, db)).toBeUndefined()
    insertPost(db, 'ny', 'life', daysAgo(10))
    insertPost(db, 'nyere', 'life', daysAgo(5))
    expect(nextBlogChangeAt(NOW, db)?.toISOString()).toBe(new Date(NOW.getTime() + 20 * 86_400_000).toISOString())
    insertPost(db, 'planlagt', 'life', daysAgo(-40))
    expect(nextBlogChangeAt(NOW, db)?.toISOString()).toBe(new Date(NOW.getTime() + 20 * 86_400_000).toISOString())
    insertPost(db, 'snart', 'life', daysAgo(-3))
    expect(nextBlogChangeAt(NOW, db)?.toISOString()).toBe(new Date(NOW.getTime() + 3 * 86_400_000).toISOString())
  })
})
