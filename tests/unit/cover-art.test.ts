import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { art } from '../../scripts/lib/covers'
import { coverVariants } from '../../scripts/lib/drawn-images'

const WIDTH = 1200
const HEIGHT = 630
/** A cover as small raw pixels: enough to tell two compositions apart. */
const pixels = (slug: string, category: string, variant: number) =>
  sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">${art(slug, category, variant)}</svg>`))
    .resize(120, 63)
    .raw()
    .toBuffer()
const apart = (a: Buffer, b: Buffer) => a.reduce((sum, value, index) => sum + Math.abs(value - b[index]!), 0) / a.length

describe('the drawn covers', () => {
  // Side by side in the grid, neighbours of one category looked alike (down to 0.1 of 255 apart per pixel).
  it.each(['teenage', 'relationship', 'stress', 'life', 'career', 'insights', 'crisis', 'personal-development', 'kosttilskud', 'special-offers'])(
    '%s: the next article of a category gets a cover clearly apart, and an article always the same',
    async (category) => {
      const covers = await Promise.all(Array.from({ length: 8 }, (_, variant) => pixels('samme-slug', category, variant)))
      const neighbours = covers.slice(1).map((cover, index) => apart(covers[index]!, cover))
      expect(Math.min(...neighbours)).toBeGreaterThan(8)
      expect((await pixels('samme-slug', category, 3)).equals(covers[3]!)).toBe(true)
    },
  )

  it('numbers the articles of each category oldest first, so a new one takes the next place', () => {
    const article = (slug: string, category: string, publishedAt: string) => ({ slug, category, publishedAt, title: slug, imageUrl: `/images/blog/${slug}.webp` })
    const places = coverVariants([article('c', 'stress', '2024-03-01'), article('a', 'stress', '2024-01-01'), article('x', 'life', '2025-01-01'), article('b', 'stress', '2024-01-01')])
    expect(Object.fromEntries(places)).toEqual({ a: 0, b: 1, c: 2, x: 0 })
  })
})
