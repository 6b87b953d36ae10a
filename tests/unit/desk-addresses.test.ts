import { afterEach, describe, expect, it, vi } from 'vitest'
import { deskProblems, deskStatusText, isDeskStatus } from '~/lib/desk/desk-data'
import { deskPageRequest } from '~/lib/desk/desk-functions'
import { deskRouteOptions } from '~/routes/coach/-desk-route-options'
import { deskPageOf, deskSearch, searchText } from '~/lib/desk/desk-search'
import { pageTitle } from '~/lib/seo'
import { getSite } from '~/server/content/content.server'
import { crossSiteDeskArrival } from '~/server/desk/desk-arrival.server'
import { type DeskSession, deskDestination, formTokenMatches, formTokenOf, isDeskToken, sessionCookie, sessionTokenIn } from '~/server/desk/desk-auth.server'

// What the desk reads from an address, a form and a cookie: anything else than what it made itself
// leads to the overview or to nothing, never to another site or another page.

afterEach(() => {
  vi.unstubAllEnvs()
})

const TOKEN = 'A'.repeat(42) + '_'

describe('a desk address', () => {
  it('names a page and its key, and anything else is an unknown page', () => {
    expect(deskPageOf('booking/abcd1234', {})).toEqual({ page: 'booking', key: 'abcd1234' })
    expect(deskPageOf('besked/17', {})).toEqual({ page: 'besked', key: '17' })
    expect(deskPageOf(`link/${TOKEN}`, {})).toEqual({ page: 'link', key: TOKEN })
    expect(deskPageOf('person', { email: 'anne@eksempel.dk' })).toEqual({ page: 'person', key: 'anne@eksempel.dk' })
    expect(deskPageOf('person/anne@eksempel.dk', { email: 'anne@eksempel.dk' })).toEqual({ page: 'ukendt', key: '' })
    expect(deskPageOf('booking/abcd1234/mere', {})).toEqual({ page: 'ukendt', key: '' })
    expect(deskPageOf('indstillinger', {})).toEqual({ page: 'ukendt', key: '' })
    expect(deskPageOf('', {})).toEqual({ page: 'ukendt', key: '' })
  })

  it('names her closed days, her files and her articles, with a kept draft and the whole-text view', () => {
    expect(deskPageOf('lukket', {})).toEqual({ page: 'lukket', key: '' })
    expect(deskPageOf('lukket/2026-12-24', {})).toEqual({ page: 'ukendt', key: '' })
    expect(deskPageOf('indhold/oplysninger', { kladde: 'k1', som: 'tekst' })).toEqual({ page: 'indhold', key: 'oplysninger', draft: 'k1', whole: true })
    expect(deskPageOf('indhold', { kladde: '', som: 'felter' })).toEqual({ page: 'indhold', key: '', draft: undefined, whole: false })
    expect(deskPageOf('artikler/ny', { kladde: 'k2', som: 'tekst' })).toEqual({ page: 'artikler', key: 'ny', draft: 'k2' })
    expect(deskPageOf('artikler', {})).toEqual({ page: 'artikler', key: '', draft: undefined })
    // The loaders' input keeps a draft's id (at most 20 characters) and the whole-text view only when true.
    expect(deskPageRequest({ page: 'indhold', key: 'site', draft: 'd'.repeat(20), whole: true })).toEqual({ page: 'indhold', key: 'site', draft: 'd'.repeat(20), whole: true })
    expect(deskPageRequest({ page: 'artikler', key: '', draft: 'd'.repeat(21), whole: 'ja' })).toEqual({ page: 'artikler', key: '' })
    expect(deskPageRequest({ page: 'artikler', key: '', draft: 7, whole: false })).toEqual({ page: 'artikler', key: '' })
  })

  it('reads a text of at most 254 characters from its search, and the erasure step only as »ja«', () => {
    expect(searchText({ q: 'x'.repeat(254) }, 'q')).toHaveLength(254)
    expect(searchText({ q: 'x'.repeat(255) }, 'q')).toBe('')
    expect(searchText({ q: ['anne'] }, 'q')).toBe('')
    expect(deskSearch({ status: 'aflyst', slet: 'ja' })).toEqual({ status: 'aflyst', slet: true })
    expect(deskSearch({ slet: 'JA' })).toEqual({ status: undefined, slet: false })
  })

  it("is asked for with a known page and a key of at most 254 characters, or it is the overview's", () => {
    expect(deskPageRequest({ page: 'besked', key: '3' })).toEqual({ page: 'besked', key: '3' })
    expect(deskPageRequest({ page: 'admin', key: 'k'.repeat(254) })).toEqual({ page: 'oversigt', key: 'k'.repeat(254) })
    expect(deskPageRequest({ page: 'booking', key: 'k'.repeat(255) })).toEqual({ page: 'booking', key: '' })
    expect(deskPageRequest({ page: 'person', key: 42 })).toEqual({ page: 'person', key: '' })
    expect(deskPageRequest(undefined)).toEqual({ page: 'oversigt', key: '' })
  })

  it('after sign-in leads to a desk address only: no other site, no other page of the site', () => {
    for (const inside of ['/coach', '/coach/booking', '/coach/booking/abcd1234']) expect(deskDestination(inside)).toBe(inside)
    for (const outside of ['/coach/a/b/c', '/coachen', '//andet.example/coach', 'https://andet.example/coach', '/blog', '/coach/Booking', '/coach/booking?x=1', '', null, undefined]) {
      expect(deskDestination(outside)).toBe('/coach')
    }
  })
})

describe('tokens and the session cookie', () => {
  it('looks up only what looks like a token the desk made (43 URL-safe characters)', () => {
    expect(isDeskToken(TOKEN)).toBe(true)
    expect(isDeskToken(`${TOKEN}A`)).toBe(false)
    expect(isDeskToken(TOKEN.slice(1))).toBe(false)
    expect(isDeskToken(`${TOKEN.slice(1)}=`)).toBe(false)
    expect(isDeskToken(`x${TOKEN}`)).toBe(false)
  })

  it("accepts a form only with the session's own form token", () => {
    const session: DeskSession = { id: 1, token: TOKEN, slid: false }
    const other: DeskSession = { id: 2, token: 'B'.repeat(43), slid: false }
    expect(formTokenMatches(session, formTokenOf(session))).toBe(true)
    expect(formTokenMatches(session, formTokenOf(other))).toBe(false)
    expect(formTokenMatches(session, formTokenOf(session).slice(1))).toBe(false)
    expect(formTokenMatches(session, undefined)).toBe(false)
    expect(formTokenMatches(session, new Blob([formTokenOf(session)]))).toBe(false)
  })

  it('over plain http (npm run dev) is a cookie without Secure and __Host-, which a browser would refuse there', () => {
    vi.stubEnv('SITE_URL', 'http://192.168.1.20:3000')
    expect(sessionCookie(TOKEN)).toBe(`skrivebord=${TOKEN}; Path=/; Max-Age=2592000; HttpOnly; SameSite=Strict`)
    expect(sessionCookie(undefined)).toBe('skrivebord=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict')
    expect(sessionTokenIn(`theme=dark; skrivebord=${TOKEN}`)).toBe(TOKEN)
    expect(sessionTokenIn(`__Host-skrivebord=${TOKEN}`)).toBeUndefined()
  })

  it('is read from a Cookie header by its name only', () => {
    vi.stubEnv('SITE_URL', 'https://www.coach-eksempel.dk')
    expect(sessionTokenIn(`a=1;__Host-skrivebord=${TOKEN} ; b=2`)).toBe(TOKEN)
    expect(sessionTokenIn('__Host-skrivebord=ab=cd')).toBe('ab=cd')
    expect(sessionTokenIn(`skrivebord=${TOKEN}`)).toBeUndefined()
    expect(sessionTokenIn('')).toBeUndefined()
    expect(sessionTokenIn(null)).toBeUndefined()
  })
})

describe('a desk link opened from webmail (cross-site, so without the cookie)', () => {
  const arrival = (path: string, headers: Record<string, string>, method = 'GET') =>
    crossSiteDeskArrival(new Request(`https://www.coach-eksempel.dk${path}`, { method, headers }), new URL(path, 'https://x').pathname)
  const crossSite = { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' }

  it('reloads the same address from the site itself, so the browser sends the cookie', async () => {
    vi.stubEnv('SITE_URL', 'https://www.coach-eksempel.dk')
    const answer = arrival('/coach/booking/abcd1234?status=aflyst&slet=ja', crossSite)!
    expect(answer.status).toBe(200)
    expect(answer.headers.get('Content-Type')).toBe('text/html; charset=utf-8')
    expect(answer.headers.get('Cache-Control')).toBe('no-store, private')
    expect(answer.headers.get('X-Robots-Tag')).toBe('noindex, nofollow')
    const html = await answer.text()
    expect(html).toContain('<meta http-equiv="refresh" content="0">')
    expect(html).toContain('<a href="/coach/booking/abcd1234?status=aflyst&amp;slet=ja">Fortsæt til dit skrivebord</a>')
    expect(arrival('/coach', crossSite)).toBeDefined()
  })

  it('is not used for a navigation from the site, a form post, a cookie already sent, or another address', () => {
    vi.stubEnv('SITE_URL', 'https://www.coach-eksempel.dk')
    expect(arrival('/coach', { ...crossSite, 'sec-fetch-site': 'same-origin' })).toBeUndefined()
    expect(arrival('/coach', { ...crossSite, 'sec-fetch-mode': 'no-cors' })).toBeUndefined()
    expect(arrival('/coach', crossSite, 'POST')).toBeUndefined()
    expect(arrival('/coach', { ...crossSite, cookie: `__Host-skrivebord=${TOKEN}` })).toBeUndefined()
    expect(arrival('/coachen', crossSite)).toBeUndefined()
    expect(arrival('/blog/coach', crossSite)).toBeUndefined()
  })
})

describe('every desk page', () => {
  it('is never stored, never indexed, and read anew on every visit', () => {
    expect(deskRouteOptions.staleTime).toBe(0)
    expect(deskRouteOptions.headers()).toEqual({ 'Cache-Control': 'no-store, private' })
    expect(deskRouteOptions.head({ matches: [{ loaderData: getSite() }] })).toEqual({ meta: [{ title: pageTitle('Skrivebord', getSite()) }, { name: 'robots', content: 'noindex,nofollow' }] })
  })

  it('shows an outcome only when the desk gave it, and a refusal as an alert', () => {
    expect(isDeskStatus('aflyst')).toBe(true)
    for (const other of ['toString', 'ukendt', '', 3, undefined]) expect(isDeskStatus(other)).toBe(false)
    const refusals = ['for-mange', 'link-ugyldig', 'udloebet', 'ugyldig-tekst', 'ikke-ledig', 'taget', 'samme-tid', 'for-sent', 'allerede-aflyst', 'lukket', 'ikke-begyndt', 'fejl', 'ikke-gemt', 'aendret-imens', 'adresse-optaget', 'blog-fejl', 'billede-for-stort', 'billede-ukendt', 'billede-heic', 'billede-mangler', 'ugyldigt-beloeb', 'ingen-betaling', 'ugyldig-maaned', 'klip-mangler-grund', 'klip-ingen']
    expect([...deskProblems].sort()).toEqual(refusals.sort())
    for (const status of deskProblems) expect(deskStatusText[status]).toBeTruthy()
  })
})
