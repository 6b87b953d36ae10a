import { createHash } from 'node:crypto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { hashIp, personKey, recipientHash, senderNetwork } from '~/server/limits/sender.server'
import { loadedAfresh } from '../helpers'

// The rate limits (contact and booking) count a sender by this network: an IPv4 address on its
// own, an IPv6 address by its /64, however the address is written.
describe('the sender’s network', () => {
  it.each([
    ['192.0.2.7', '192.0.2.7'],
    ['::ffff:192.0.2.7', '192.0.2.7'],
    ['::ffff:198.51.100.23', '198.51.100.23'],
    ['::FFFF:192.0.2.7', '192.0.2.7'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002:FFFF:0000:0000:0009', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:abcd:1:2:3', '2001:db8:1:2::/64'],
    ['2001:db8::', '2001:db8:0:0::/64'],
    ['2001:db8::5', '2001:db8:0:0::/64'],
    // '::' for a single group: the groups after it reach into the /64.
    ['2001:db8::1:2:3:4:5', '2001:db8:0:1::/64'],
    ['2001:db8:1:2:3:4:198.51.100.23', '2001:db8:1:2::/64'],
    ['::1', '0:0:0:0::/64'],
    ['::', '0:0:0:0::/64'],
    ['fe80::1:2:3:4', 'fe80:0:0:0::/64'],
    ['0000:00a0:0:0:1::', '0:a0:0:0::/64'],
    // Only the whole value is an IPv4-mapped address; one merely ending like it is IPv6.
    ['2001:db8::ffff:192.0.2.7', '2001:db8:0:0::/64'],
    ['::ffff:192.0.2.7%eth0', '0:0:0:0::/64'],
    // Not an address (the server only ever passes real ones), but no reason to fail.
    ['1:2:3:4:5:6:7:8:9', '1:2:3:4::/64'],
  ])('counts %s as %s', (address, network) => {
    expect(senderNetwork(address)).toBe(network)
  })

  it('hashes the network, not the address, and never shows the address', () => {
    expect(hashIp('2001:db8:1:2::1')).toBe(hashIp('2001:db8:1:2:ffff::9'))
    expect(hashIp('2001:db8:1:2::1')).not.toBe(hashIp('2001:db8:1:3::1'))
    expect(hashIp('192.0.2.7')).toBe(hashIp('::ffff:192.0.2.7'))
    expect(hashIp('192.0.2.7')).not.toBe(hashIp('192.0.2.8'))
    expect(hashIp('192.0.2.7')).toMatch(/^[0-9a-f]{32}$/)
  })
})

// One upcoming booking per person and the per-recipient caps count an address as one person:
// »a+2@x.dk« is »a@x.dk«, however it is typed, while two different people stay two.
describe('an address as one person', () => {
  it.each([
    ['mette@eksempel.dk', 'mette@eksempel.dk'],
    ['  Mette+Booking@Eksempel.DK ', 'mette@eksempel.dk'],
    ['mette+2@eksempel.dk', 'mette@eksempel.dk'],
    // A '+' first is the whole local part, not a tag: »+mette@…« and »+ole@…« are two people.
    ['+mette@eksempel.dk', '+mette@eksempel.dk'],
    // Not an address (the forms refuse it before), kept whole rather than cut.
    ['mette+2', 'mette+2'],
  ])('counts %s as %s', (address, person) => {
    expect(personKey(address)).toBe(person)
  })

  it('hashes the person, never shows the address, in the same shape as a sender’s hash', () => {
    expect(recipientHash('Mette+1@Eksempel.dk')).toBe(recipientHash('mette@eksempel.dk'))
    expect(recipientHash('mette@eksempel.dk')).not.toBe(recipientHash('ole@eksempel.dk'))
    expect(recipientHash('mette@eksempel.dk')).toMatch(/^[0-9a-f]{32}$/)
  })
})

// The salt is chosen when the module loads: each test below loads it afresh, as a new server
// process would, with IP_HASH_SALT set or not.
describe('the salt of the sender’s hash', () => {
  afterEach(() => {
    vi.unstubAllEnvs()
  })
  const freshHashIp = async () => (await loadedAfresh<typeof import('~/server/limits/sender.server')>('~/server/limits/sender.server')).hashIp
  const sha256 = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 32)

  it('is IP_HASH_SALT when set, so every worker and every restart counts a sender as the same one', async () => {
    vi.stubEnv('IP_HASH_SALT', 'delt-salt-til-begge-workers')
    const first = await freshHashIp()
    const second = await freshHashIp()
    expect(first('192.0.2.7')).toBe(sha256('delt-salt-til-begge-workers:192.0.2.7'))
    expect(second('192.0.2.7')).toBe(sha256('delt-salt-til-begge-workers:192.0.2.7'))
  })

  it('is random for each process without IP_HASH_SALT, never a salt anyone could know', async () => {
    vi.stubEnv('IP_HASH_SALT', undefined)
    const first = (await freshHashIp())('192.0.2.7')
    const second = (await freshHashIp())('192.0.2.7')
    expect(first).not.toBe(second)
    for (const known of ['undefined', '', 'null']) {
      expect([first, second]).not.toContain(sha256(`${known}:192.0.2.7`))
    }
  })
})
