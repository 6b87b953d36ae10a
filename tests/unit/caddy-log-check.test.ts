import { describe, expect, it } from 'vitest'
import { keepsAtMostThirtyDays, privacyBreaches } from '../../scripts/lib/caddy-log-check'

/** One access line as Caddy writes it, with the request's fields changed. */
const line = (request: Record<string, unknown>) =>
  JSON.stringify({ level: 'info', logger: 'http.log.access', msg: 'handled request', request: { remote_ip: '127.0.0.0', remote_port: '44124', method: 'GET', host: '127.0.0.1:8080', uri: '/booking/', headers: { 'User-Agent': ['node'] }, ...request }, status: 200 })

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345'

describe('the check of Caddy’s log in npm run test:deploy', () => {
  it('passes a filtered log: masked addresses, the site’s own host, no secret', () => {
    const log = [line({}), line({ remote_ip: '2001:db8:85a3::', uri: '/blog' })].join('\n')
    expect(privacyBreaches(log, [TOKEN, '203.0.113.7'])).toEqual([])
  })

  it('finds a full address wherever it is: the remote address, a forwarding header (IPv4 and IPv6, with a port)', () => {
    expect(privacyBreaches(line({ remote_ip: '203.0.113.7' }), [])).toEqual(['full address 203.0.113.7'])
    expect(privacyBreaches(line({ headers: { 'X-Forwarded-For': ['2001:db8:85a3:4:5:8a2e:370:7334, 127.0.0.1'] } }), [])).toEqual([
      'full address 2001:db8:85a3:4:5:8a2e:370:7334',
      'full address 127.0.0.1',
    ])
    expect(privacyBreaches(line({ headers: { Forwarded: ['for="[2001:db8::7]:4711"'] } }), [])).toEqual(['full address 2001:db8::7'])
    expect(privacyBreaches(line({ headers: { 'X-Real-Ip': ['198.51.100.9:5000'] } }), [])).toEqual(['full address 198.51.100.9'])
  })

  it('finds a secret anywhere in the file, and a line it cannot read', () => {
    expect(privacyBreaches(line({ uri: `/booking/${TOKEN}?status=booket` }), [TOKEN])).toEqual(['secret in the log: AbCdEf…'])
    expect(privacyBreaches('203.0.113.7 - - "GET /booking/x"', [])).toEqual(['a line that is not JSON, so not filtered: 203.0.113.7 - - "GET /booking/x"'])
  })

  it('accepts a retention of 1 to 30 days for every file log, and nothing else', () => {
    expect(keepsAtMostThirtyDays([{ file: 'a.log', days: 30 }, { file: 'b.log', days: 7 }])).toBe(true)
    expect(keepsAtMostThirtyDays([{ file: 'a.log', days: 30 }, { file: 'b.log', days: 31 }])).toBe(false)
    expect(keepsAtMostThirtyDays([{ file: 'a.log', days: undefined }])).toBe(false)
    expect(keepsAtMostThirtyDays([])).toBe(false)
  })
})
