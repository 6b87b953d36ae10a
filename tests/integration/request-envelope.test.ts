import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it, onTestFinished } from 'vitest'
import type { RequestContext } from '~/server/http/client-address.server'
import { serveRequest } from '~/server/http/request-pipeline.server'

// The envelope every answer leaves through, tested HTTP in, HTTP out: whatever the app answers
// (or throws), the visitor gets the security headers and, on failure, a Danish text without details.

const request = (path: string, init: RequestInit = {}) => new Request(`http://localhost${path}`, init)

function expectSecurityHeaders(response: Response) {
  expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  expect(response.headers.get('x-frame-options')).toBe('DENY')
  expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
  // Only the manage page of a booking sends it (http.ts says why the public answers do not).
  expect(response.headers.get('cross-origin-opener-policy')).toBeNull()
  expect(response.headers.get('permissions-policy')).toContain('camera=()')
  expect(response.headers.get('x-powered-by')).toBeNull()
}

describe('the request envelope', () => {
  it('adds the security headers to whatever the app answers, keeps those it set itself, and drops X-Powered-By', async () => {
    const response = await serveRequest(request('/om'), '203.0.113.7', () =>
      new Response('hej', { status: 418, headers: { 'X-Powered-By': 'noget', 'X-Frame-Options': 'SAMEORIGIN', 'Content-Type': 'text/plain' } }),
    )
    expect(response.status).toBe(418)
    expect(await response.text()).toBe('hej')
    expect(response.headers.get('x-powered-by')).toBeNull()
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('adds them to a redirect made with Response.redirect, whose headers cannot be changed in place', async () => {
    const response = await serveRequest(request('/OM'), '203.0.113.7', () => Response.redirect('http://localhost/om', 301))
    expect(response.status).toBe(301)
    expect(response.headers.get('location')).toBe('http://localhost/om')
    expectSecurityHeaders(response)
  })

  it('adds them to an answer fetched from elsewhere (immutable headers), dropping its X-Powered-By and keeping its status text', async () => {
    const upstream = createServer((_, res) => {
      res.writeHead(202, 'Modtaget', { 'X-Powered-By': 'Express', 'Content-Type': 'text/plain' })
      res.end('videre')
    })
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve))
    onTestFinished(() => new Promise<void>((resolve) => upstream.close(() => resolve())))
    const fetched = await fetch(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}/`)
    expect(() => fetched.headers.set('X-Test', '1')).toThrow()

    const response = await serveRequest(request('/om'), '203.0.113.7', () => fetched)
    expect([response.status, response.statusText, await response.text()]).toEqual([202, 'Modtaget', 'videre'])
    expect(response.headers.get('content-type')).toBe('text/plain')
    expectSecurityHeaders(response)
  })

  it('hands the app the visitor’s address it was given', async () => {
    let seen: RequestContext | undefined
    await serveRequest(request('/om'), '198.51.100.4', (context) => ((seen = context), new Response('ok')))
    expect(seen?.clientAddress).toBe('198.51.100.4')
  })

  it('answers a failure with 500 and a Danish text, no details, not stored, with the headers', async () => {
    const response = await serveRequest(request('/blog'), '203.0.113.7', () => {
      throw new Error('SQLITE_CANTOPEN: hemmelig sti /var/lib/site.db')
    })
    expect(response.status).toBe(500)
    expect(await response.text()).toBe('Der opstod en fejl på serveren. Prøv igen om lidt.')
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expectSecurityHeaders(response)
  })

  it('answers 499 when the visitor went away before the answer', async () => {
    const gone = new AbortController()
    gone.abort()
    const response = await serveRequest(request('/blog', { signal: gone.signal }), '203.0.113.7', () => {
      throw new DOMException('The operation was aborted.', 'AbortError')
    })
    expect(response.status).toBe(499)
  })

  it('answers and logs 499, not 500, when the visitor went away in the middle of the body', async () => {
    const gone = new AbortController()
    const abandoned = request('/kontakt', { method: 'POST', signal: gone.signal })
    // What Start does: the body read fails, and it answers with a 500 of its own.
    const response = await serveRequest(abandoned, '203.0.113.7', async () => {
      gone.abort(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }))
      return new Response('Internal Server Error', { status: 500 })
    })
    expect(response.status).toBe(499)
  })

  it('keeps //host addresses on this site: a redirect to the path, the app never asked', async () => {
    let asked = false
    for (const [path, location] of [
      ['//evil.example/om', '/evil.example/om'],
      ['///evil.example', '/evil.example'],
    ] as const) {
      const response = await serveRequest(request(path), '203.0.113.7', () => ((asked = true), new Response('app')))
      expect(response.status, path).toBe(301)
      expect(response.headers.get('location'), path).toBe(location)
      expectSecurityHeaders(response)
    }
    expect(asked).toBe(false)
  })
})
