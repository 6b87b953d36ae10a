import { describe, expect, it, onTestFinished, vi } from 'vitest'
import { answerableUrl, isDecodablePath } from '~/server/http/http'

describe('an address whose path cannot be decoded', () => {
  it.each([
    ['/%', '/ikke-fundet'],
    ['/%zz', '/ikke-fundet'],
    ['/blog/%E0%A4%A', '/ikke-fundet'],
    ['/%?side=2', '/ikke-fundet'],
    // The query is not part of the path: an escape there is the page's business.
    ['/blog?kategori=%', '/blog?kategori=%'],
    ['/om', '/om'],
    ['/%6Fm', '/%6Fm'],
    ['/blog?side=2', '/blog?side=2'],
  ])('%s is answered as %s', (url, expected) => {
    expect(answerableUrl(url)).toBe(expected)
  })

  it.each([
    ['http://evil.example/om', '/ikke-fundet'],
    ['https://evil.example/om?side=2', '/ikke-fundet'],
    ['http://www.coach-eksempel.dk.evil.example/om', '/ikke-fundet'],
    ['ftp://www.coach-eksempel.dk/om', '/ikke-fundet'],
    // Only http and https themselves, not a scheme that ends in one of them.
    ['xhttp://www.coach-eksempel.dk/om', '/ikke-fundet'],
    ['*', '/ikke-fundet'],
    ['www.coach-eksempel.dk:443', '/ikke-fundet'],
    // Its own host in absolute form is the page, checked as any other target.
    ['https://www.coach-eksempel.dk/om?side=2', '/om?side=2'],
    ['http://www.coach-eksempel.dk/om', '/om'],
    ['http://www.coach-eksempel.dk/%', '/ikke-fundet'],
  ])('the absolute-form target %s is answered as %s', (url, expected) => {
    expect(answerableUrl(url, 'www.coach-eksempel.dk')).toBe(expected)
  })

  it("takes the site's own host from SITE_URL, localhost:3000 without it, and no host from a SITE_URL that is no address", () => {
    onTestFinished(() => void vi.unstubAllEnvs())
    vi.stubEnv('SITE_URL', 'https://www.coach-eksempel.dk')
    expect(answerableUrl('https://www.coach-eksempel.dk/om')).toBe('/om')
    expect(answerableUrl('http://localhost:3000/om')).toBe('/ikke-fundet')
    vi.stubEnv('SITE_URL', undefined)
    expect(answerableUrl('http://localhost:3000/om')).toBe('/om')
    expect(answerableUrl('https://www.coach-eksempel.dk/om')).toBe('/ikke-fundet')
    // A SITE_URL without its scheme names no host: every absolute-form target is no page, and the
    // server goes on answering (the call is outside its request handler's try).
    vi.stubEnv('SITE_URL', 'www.coach-eksempel.dk')
    expect(answerableUrl('http://www.coach-eksempel.dk/om')).toBe('/ikke-fundet')
  })

  it('is told apart from a decodable one', () => {
    expect(isDecodablePath('/%')).toBe(false)
    expect(isDecodablePath('/%C3%A6')).toBe(true)
    expect(isDecodablePath('/plain')).toBe(true)
  })
})
