import { describe, expect, it } from 'vitest'
import { articleHref, blogHref, blogSearchQuery, parseBlogSearch } from '~/lib/blog-search'

describe('the blog index address', () => {
  it.each([
    [{ side: '2', kategori: 'stress' }, { side: 2, kategori: 'stress' }],
    [{ side: '99999' }, { side: 99999, kategori: undefined }],
    [{ side: '100000' }, { side: undefined, kategori: undefined }],
    [{ side: '1' }, { side: undefined, kategori: undefined }],
    [{ side: '2.5' }, { side: undefined, kategori: undefined }],
    [{ side: '-3' }, { side: undefined, kategori: undefined }],
    [{ side: 'to' }, { side: undefined, kategori: undefined }],
    [{ kategori: 'findes-ikke' }, { side: undefined, kategori: undefined }],
    [{ kategori: ['stress'] }, { side: undefined, kategori: undefined }],
  ])('reads %j as %j', (search, expected) => {
    expect(parseBlogSearch(search)).toEqual(expected)
  })

  it('writes the category before the page, and nothing for the first page of all articles', () => {
    expect(blogSearchQuery({ side: 3, kategori: 'stress' })).toBe('?kategori=stress&side=3')
    expect(blogSearchQuery({ kategori: 'life' })).toBe('?kategori=life')
    expect(blogSearchQuery({})).toBe('')
  })

  it('links the blog index and an article by their canonical addresses', () => {
    expect(blogHref({ kategori: 'stress', side: 2 })).toBe('/blog?kategori=stress&side=2')
    expect(blogHref({})).toBe('/blog')
    expect(articleHref('stress-er-ikke-svaghed')).toBe('/blog/stress-er-ikke-svaghed')
  })
})
