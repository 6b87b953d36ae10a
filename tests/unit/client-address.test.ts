import { describe, expect, it } from 'vitest'
import { clientAddress, hopAddress, plainAddress } from '~/server/http/http'

describe('the visitor’s address behind proxies', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['203.0.113.7:51000', '203.0.113.7'],
    ['2001:db8::1', '2001:db8::1'],
    ['[2001:db8::1]', '2001:db8::1'],
    ['[2001:db8::1]:443', '2001:db8::1'],
    ['"[2001:DB8::1]:443"', '2001:db8::1'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    [' 203.0.113.7 ', '203.0.113.7'],
  ])('reads the hop %s as %s', (hop, address) => {
    expect(hopAddress(hop)).toBe(address)
  })

  it.each(['unknown', '_hidden', 'example.com', '', '203.0.113.7:', '2001:db8::1:443x'])('skips the hop %j: it is no address', (hop) => {
    expect(hopAddress(hop)).toBeUndefined()
  })

  it('treats an IPv4-mapped peer (a dual-stack socket, HOST=::) as its IPv4 address, for trust too', () => {
    expect(plainAddress('::ffff:127.0.0.1')).toBe('127.0.0.1')
    expect(clientAddress('::ffff:127.0.0.1', '203.0.113.7', ['127.0.0.1'])).toBe('203.0.113.7')
    expect(clientAddress('127.0.0.1', '203.0.113.7', ['::ffff:127.0.0.1'])).toBe('203.0.113.7')
    expect(clientAddress('::ffff:127.0.0.1', '203.0.113.7', 'loopback')).toBe('203.0.113.7')
  })

  it('reads X-Forwarded-For right to left, past trusted proxies and hops that are no address', () => {
    expect(clientAddress('127.0.0.1', '198.51.100.9, 203.0.113.7:51000', 'loopback')).toBe('203.0.113.7')
    expect(clientAddress('127.0.0.1', '198.51.100.9, [2001:db8::1]:443', 'loopback')).toBe('2001:db8::1')
    expect(clientAddress('127.0.0.1', '198.51.100.9, unknown', 'loopback')).toBe('198.51.100.9')
    expect(clientAddress('127.0.0.1', '203.0.113.7, 127.0.0.1:8080, ::1', 'loopback')).toBe('203.0.113.7')
    expect(clientAddress('10.0.0.2', '203.0.113.7, 10.0.0.1', ['10.0.0.1', '10.0.0.2'])).toBe('203.0.113.7')
  })

  it('believes X-Forwarded-For only from a trusted proxy', () => {
    expect(clientAddress('198.51.100.9', '203.0.113.7', 'loopback')).toBe('198.51.100.9')
    expect(clientAddress('127.0.0.1', '203.0.113.7', [])).toBe('127.0.0.1')
    // Only hops the proxy could not vouch for: the proxy itself is what is known.
    expect(clientAddress('127.0.0.1', 'unknown', 'loopback')).toBe('127.0.0.1')
  })
})
