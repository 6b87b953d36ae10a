import { afterEach, describe, expect, it, vi } from 'vitest'
import { formPostsFromThisSite, serverFunctionsFromThisSite } from '~/lib/posts-from-this-site'

// Behind the documented proxy: the browser is on https://www.coach-eksempel.dk, the server sees http.
const PUBLIC = 'https://www.coach-eksempel.dk'
const passed = { response: new Response('videre') }
type Server = (context: { request: Request; handlerType: string; next: () => Promise<unknown> }) => Promise<unknown>
const serverOf = (middleware: unknown) => (middleware as { options: { server: Server } }).options.server

const post = (headers: Record<string, string>, url = 'http://www.coach-eksempel.dk/kontakt') => new Request(url, { method: 'POST', headers })
const answer = (middleware: unknown, request: Request, handlerType = 'serverFn') => serverOf(middleware)({ request, handlerType, next: async () => passed })

afterEach(() => {
  vi.unstubAllEnvs()
})

describe.each([
  ['a server function', serverFunctionsFromThisSite],
  ["/kontakt's plain form", formPostsFromThisSite],
])('who may post to %s', (_, middleware) => {
  it("lets the public origin through behind the https proxy, with or without Sec-Fetch-Site", async () => {
    vi.stubEnv('SITE_URL', `${PUBLIC}/`)
    expect(await answer(middleware, post({ Origin: PUBLIC }))).toBe(passed)
    expect(await answer(middleware, post({ Origin: PUBLIC, 'Sec-Fetch-Site': 'same-origin' }))).toBe(passed)
    expect(await answer(middleware, post({ 'Sec-Fetch-Site': 'same-origin' }))).toBe(passed)
    expect(await answer(middleware, post({ Referer: `${PUBLIC}/kontakt?status=ugyldig` }))).toBe(passed)
  })

  it('refuses every other origin, including the address the server itself sees, with a Danish 403 no cache keeps', async () => {
    vi.stubEnv('SITE_URL', PUBLIC)
    const refusals: Array<Record<string, string>> = [
      { Origin: 'http://www.coach-eksempel.dk' },
      { Origin: 'https://coach-eksempel.dk' },
      { Origin: 'https://www.coach-eksempel.dk.evil.example' },
      { Origin: 'null' },
      { Origin: '' },
      { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'same-origin' },
      { Origin: PUBLIC, 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site' },
      { Referer: 'https://www.coach-eksempel.dk.evil.example/kontakt' },
      {},
    ]
    for (const headers of refusals) {
      const refused = (await answer(middleware, post(headers))) as Response
      expect(refused.status, JSON.stringify(headers)).toBe(403)
      expect(refused.headers.get('content-type')).toBe('text/plain; charset=utf-8')
      expect(refused.headers.get('cache-control')).toBe('no-store')
      expect(await refused.text()).toBe('Formularen kan kun sendes fra siden selv.')
    }
  })

  it('takes the address the request came to when SITE_URL is not set (development)', async () => {
    vi.stubEnv('SITE_URL', '')
    expect(await answer(middleware, post({ Origin: 'http://localhost:3000' }, 'http://localhost:3000/kontakt'))).toBe(passed)
    expect(((await answer(middleware, post({ Origin: PUBLIC }, 'http://localhost:3000/kontakt'))) as Response).status).toBe(403)
  })
})

it("checks only server functions among Start's requests, and every post to the form's route", async () => {
  vi.stubEnv('SITE_URL', PUBLIC)
  const foreign = post({ Origin: 'https://evil.example' })
  expect(await answer(serverFunctionsFromThisSite, foreign, 'router')).toBe(passed)
  expect(((await answer(formPostsFromThisSite, foreign, 'router')) as Response).status).toBe(403)
})
