import { afterEach, describe, expect, it, vi } from 'vitest'
import { socketAddressOf } from '~/server/http/client-address.server'
import { clientAddress, hopAddress, plainAddress, trustedProxies } from '~/server/http/http'

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

  it.each(['unknown', '_hidden', 'example.com', '', '203.0.113.7:', '2001:db8::1:443x', '203.0.113.7:80x', '203.0.113.7""', '""203.0.113.7', '[2001:db8::1]x', 'x[2001:db8::1]', '[2001:db8::1]:', '[]'])('skips the hop %j: it is no address', (hop) => {
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

  it('reads a mapped address in any case, and only a whole mapped IPv4 address', () => {
    expect(plainAddress('::FFFF:198.51.100.23')).toBe('198.51.100.23')
    expect(plainAddress('2001:DB8::A')).toBe('2001:db8::a')
    expect(plainAddress('1::ffff:198.51.100.23')).toBe('1::ffff:198.51.100.23')
    expect(plainAddress('::ffff:198.51.100.23x')).toBe('::ffff:198.51.100.23x')
  })

  it('counts only 127.x.x.x and ::1 as loopback', () => {
    expect(clientAddress('127.4.5.6', '203.0.113.7', 'loopback')).toBe('203.0.113.7')
    expect(clientAddress('::1', '203.0.113.7', 'loopback')).toBe('203.0.113.7')
    expect(clientAddress('::10', '203.0.113.7', 'loopback')).toBe('::10')
    expect(clientAddress('10.127.0.1', '203.0.113.7', 'loopback')).toBe('10.127.0.1')
  })

  it('names an unknown peer "unknown", and believes no header for it', () => {
    expect(clientAddress(undefined, '203.0.113.7', 'loopback')).toBe('unknown')
    expect(clientAddress('', '203.0.113.7', [])).toBe('unknown')
    expect(clientAddress('127.0.0.1', null, 'loopback')).toBe('127.0.0.1')
    expect(clientAddress('127.0.0.1', '', 'loopback')).toBe('127.0.0.1')
  })

  it('stops at the first hop that is not a trusted proxy, even when a trusted one stands left of it', () => {
    expect(clientAddress('10.0.0.1', '10.0.0.2, 198.51.100.9, 10.0.0.2', ['10.0.0.1', '10.0.0.2'])).toBe('198.51.100.9')
    // Every hop a trusted proxy: the leftmost is the best known.
    expect(clientAddress('10.0.0.1', '10.0.0.2, 10.0.0.1', ['10.0.0.1', '10.0.0.2'])).toBe('10.0.0.2')
  })
})

describe('TRUST_PROXY', () => {
  afterEach(() => {
    vi.unstubAllEnvs()
  })

  it.each([
    [undefined, []],
    ['', []],
    ['loopback', 'loopback'],
    [' loopback ', 'loopback'],
    ['10.0.0.1', ['10.0.0.1']],
    [' 10.0.0.1 , ::FFFF:10.0.0.2,, ', ['10.0.0.1', '::FFFF:10.0.0.2']],
    ['loopback, 10.0.0.1', ['loopback', '10.0.0.1']],
  ])('%j names the proxies %j', (value, proxies) => {
    expect(trustedProxies(value)).toEqual(proxies)
  })

  it('is read from the environment when no list is given: unset, a client’s header is ignored', () => {
    vi.stubEnv('TRUST_PROXY', undefined)
    expect(clientAddress('127.0.0.1', '203.0.113.7')).toBe('127.0.0.1')
    vi.stubEnv('TRUST_PROXY', 'loopback')
    expect(clientAddress('127.0.0.1', '203.0.113.7')).toBe('203.0.113.7')
    expect(clientAddress('198.51.100.9', '203.0.113.7')).toBe('198.51.100.9')
    vi.stubEnv('TRUST_PROXY', '10.0.0.1, ::ffff:10.0.0.2')
    expect(clientAddress('10.0.0.2', '203.0.113.7')).toBe('203.0.113.7')
    expect(clientAddress('127.0.0.1', '203.0.113.7')).toBe('127.0.0.1')
  })

  it('reads the development server’s request from its socket (srvx), or its ip, through the same rules', () => {
    vi.stubEnv('TRUST_PROXY', 'loopback')
    const request = (peer: { socket?: string; ip?: string }, forwardedFor?: string) =>
      Object.assign(new Request('http://localhost/om', { headers: forwardedFor ? { 'X-Forwarded-For': forwardedFor } : {} }), {
        ...(peer.socket ? { runtime: { node: { req: { socket: { remoteAddress: peer.socket } } } } } : {}),
        ...(peer.ip ? { ip: peer.ip } : {}),
      })
    expect(socketAddressOf(request({ socket: '198.51.100.9' }, '203.0.113.7'))).toBe('198.51.100.9')
    expect(socketAddressOf(request({ socket: '::ffff:127.0.0.1' }, '203.0.113.7'))).toBe('203.0.113.7')
    expect(socketAddressOf(request({ ip: '198.51.100.4' }))).toBe('198.51.100.4')
    expect(socketAddressOf(request({ socket: '198.51.100.9', ip: '198.51.100.4' }))).toBe('198.51.100.9')
    expect(socketAddressOf(request({}))).toBe('unknown')
  })
})
