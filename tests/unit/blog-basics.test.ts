import { describe, expect, it } from 'vitest'
import { coverSources, newWindowStart, ogImageFor } from '~/lib/blog'
import { categories, categoryFilters, categoryLabels, isCategory } from '~/lib/categories'
import { formatDanishDate } from '~/lib/dates'

describe('Danish dates', () => {
  it('writes the long Danish month', () => {
    expect(formatDanishDate('2025-09-18T00:00:00.000Z')).toBe('18. september 2025')
  })

  it('uses Danish time, not the server zone: late UTC evening is the next day in Copenhagen', () => {
    expect(formatDanishDate('2025-12-31T23:30:00.000Z')).toBe('1. januar 2026')
  })
})

describe('categories', () => {
  it('has eleven filters, "all" first', () => {
    expect(categoryFilters).toHaveLength(11)
    expect(categoryFilters[0]).toBe('all')
    expect(categoryLabels.stress).toBe('Stress coaching')
    expect(categories).not.toContain('all')
  })

  it('refuses anything that is not a category', () => {
    expect(isCategory('stress')).toBe(true)
    for (const value of ['all', 'STRESS', '<script>', '', undefined, 42]) expect(isCategory(value)).toBe(false)
  })
})

describe('new-article window', () => {
  it('starts exactly 30 days before now', () => {
    expect(newWindowStart(new Date('2025-10-18T12:00:00.000Z')).toISOString()).toBe('2025-09-18T12:00:00.000Z')
  })
})

describe('cover images', () => {
  it('offers the 600 px variant of a generated cover and a JPEG for sharing', () => {
    expect(coverSources('/images/blog/saa-lev-dog.webp').srcSet).toBe('/images/blog/saa-lev-dog-600.webp 600w, /images/blog/saa-lev-dog.webp 1200w')
    expect(ogImageFor('/images/blog/saa-lev-dog.webp')).toBe('/images/blog/saa-lev-dog.jpg')
  })

  it('keeps the version the server named a cover with on all three files (they are drawn together)', () => {
    expect(coverSources('/images/blog/saa-lev-dog.webp?v=0a1b2c3d4e')).toEqual({
      src: '/images/blog/saa-lev-dog.webp?v=0a1b2c3d4e',
      srcSet: '/images/blog/saa-lev-dog-600.webp?v=0a1b2c3d4e 600w, /images/blog/saa-lev-dog.webp?v=0a1b2c3d4e 1200w',
    })
    expect(ogImageFor('/images/blog/saa-lev-dog.webp?v=0a1b2c3d4e')).toBe('/images/blog/saa-lev-dog.jpg?v=0a1b2c3d4e')
  })

  it('uses a cover the coach supplied as it is', () => {
    expect(coverSources('/billeder/min-foto.jpg').srcSet).toBeUndefined()
    expect(ogImageFor('/billeder/min-foto.jpg')).toBe('/billeder/min-foto.jpg')
  })
})

describe('which covers are generated', () => {
  it('treats only a site-relative /images/blog/<slug>.webp as generated', () => {
    for (const url of ['https://cdn.example/images/blog/ro.webp', '/images/blog/ro.webp.jpg', '/images/blog/ro.webp.webp', '/images/blog/ro.webpx', '/images/blog/Ro.webp', '/images/blog/.webp']) {
      expect(coverSources(url), url).toEqual({ src: url, srcSet: undefined })
      expect(ogImageFor(url), url).toBe(url)
    }
    expect(coverSources('/images/blog/ro-2.webp')).toEqual({ src: '/images/blog/ro-2.webp', srcSet: '/images/blog/ro-2-600.webp 600w, /images/blog/ro-2.webp 1200w' })
  })
})
