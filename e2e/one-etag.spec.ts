import { get } from 'node:http'
import { expect, test } from './helpers'
import { disposeServerInstance, SERVER_START_TIMEOUT_MS, type ServerInstance, startServerInstance } from './server-instance'

// With two workers each renders its own copy of a page; both copies must be the same bytes, or a
// browser revalidating against the other worker gets the whole page again instead of a 304.
let server: ServerInstance
test.beforeAll(async () => {
  test.setTimeout(SERVER_START_TIMEOUT_MS)
  server = await startServerInstance({ env: { WEB_CONCURRENCY: '2' } })
})
test.afterAll(async () => disposeServerInstance(server))

/** A request on a connection of its own, so node:cluster hands it to the next worker in turn. */
const ask = (path: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; etag: string }>((done, fail) =>
    get(`${server.url}${path}`, { agent: false, headers: { 'Accept-Encoding': 'br', ...headers } }, (response) => {
      response.resume().once('end', () => done({ status: response.statusCode!, etag: String(response.headers.etag) }))
    }).once('error', fail),
  )

test('one ETag per page whatever the worker, and a 304 from each of them', async () => {
  for (const path of ['/om', '/blog', '/blog/stress-er-ikke-svaghed']) {
    const answers = await Promise.all(Array.from({ length: 8 }, () => ask(path)))
    expect(answers.map(({ status }) => status), path).toEqual(Array(8).fill(200))
    const etags = new Set(answers.map(({ etag }) => etag))
    expect([...etags], path).toHaveLength(1)
    const revalidated = await Promise.all(Array.from({ length: 8 }, () => ask(path, { 'If-None-Match': [...etags][0]! })))
    expect(revalidated.map(({ status }) => status), path).toEqual(Array(8).fill(304))
  }
})
