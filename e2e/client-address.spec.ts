import { expect, test } from './helpers'
import type { ServerInstance } from './server-instance'

// Servers of their own, started and stopped per test: slower than the shared server on a busy machine.
test.describe.configure({ timeout: 90_000 })

// Whose address a request counts as (for the contact limit and the log's address hash) depends on
// TRUST_PROXY. Every request here comes from 127.0.0.1; X-Forwarded-For is whatever a client, or a
// proxy, wrote. The log only shows a hash of the address, so the tests compare hashes: two requests
// count as one sender exactly when their hashes are equal.

/** The log's address hash of one request that sends this X-Forwarded-For (or none). */
async function addressHash(server: ServerInstance, forwardedFor?: string) {
  // A path of its own, so its log line is this request's.
  const path = `/afsender-${Math.random().toString(36).slice(2)}`
  const response = await fetch(`${server.url}${path}`, { headers: forwardedFor === undefined ? {} : { 'X-Forwarded-For': forwardedFor } })
  expect(response.status).toBe(404)
  await response.arrayBuffer()
  await expect.poll(() => server.logLines().filter((line) => line.path === path)).toHaveLength(1)
  const ip = server.logLines().find((line) => line.path === path)!.ip
  expect(ip).toMatch(/\w{8,}/)
  return ip as string
}

test('without TRUST_PROXY the peer is the visitor: X-Forwarded-For changes nothing', async ({ launchServer }) => {
  const server = await launchServer({ env: { TRUST_PROXY: '' } })
  const peer = await addressHash(server)
  expect(await addressHash(server, '203.0.113.7')).toBe(peer)
  expect(await addressHash(server, '198.51.100.1, 203.0.113.8')).toBe(peer)
})

test('TRUST_PROXY=loopback: the nearest address a loopback proxy passed on is the visitor, whatever a client wrote before it', async ({ launchServer }) => {
  const server = await launchServer({ env: { TRUST_PROXY: 'loopback' } })
  const peer = await addressHash(server)
  const visitor = await addressHash(server, '203.0.113.7')
  expect(visitor).not.toBe(peer)
  expect(await addressHash(server, '203.0.113.8')).not.toBe(visitor)
  // A client may write anything in front; the proxy appends the address it saw.
  expect(await addressHash(server, '198.51.100.1, 203.0.113.7')).toBe(visitor)
  // A chain of loopback proxies is skipped to the first outside address.
  expect(await addressHash(server, '203.0.113.7, 127.0.0.1')).toBe(visitor)
  // Something that is no address is no visitor: the peer stays the sender.
  expect(await addressHash(server, 'ikke-en-adresse')).toBe(peer)
})

test('TRUST_PROXY with explicit addresses: believed only from those peers', async ({ launchServer }) => {
  const trusting = await launchServer({ env: { TRUST_PROXY: '10.0.0.9, 127.0.0.1' } })
  const peer = await addressHash(trusting)
  const visitor = await addressHash(trusting, '203.0.113.7')
  expect(visitor).not.toBe(peer)
  expect(await addressHash(trusting, '198.51.100.1, 203.0.113.7, 10.0.0.9')).toBe(visitor)

  // Our peer (127.0.0.1) is not on this list: its header is a client's claim and is ignored.
  const other = await launchServer({ env: { TRUST_PROXY: '10.0.0.9' } })
  const otherPeer = await addressHash(other)
  expect(await addressHash(other, '203.0.113.7')).toBe(otherPeer)
  expect(await addressHash(other, '10.0.0.9')).toBe(otherPeer)
})
