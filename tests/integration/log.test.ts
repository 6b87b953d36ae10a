import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

// The server's log, loaded afresh with LOG_LEVEL set (the tests otherwise run with it silent),
// read from the two streams it writes to. The clock is faked, so every line's time is known.

type Log = typeof import('~/server/log.server')
type Line = Record<string, unknown>
const NOW = new Date('2026-04-10T09:00:00.000Z')
let written: Array<{ stream: 'stdout' | 'stderr'; line: Line }>

async function load(level = 'info'): Promise<Log> {
  vi.stubEnv('LOG_LEVEL', level)
  vi.resetModules()
  return import('~/server/log.server')
}

beforeEach(() => {
  written = []
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(NOW)
  for (const stream of ['stdout', 'stderr'] as const) {
    vi.spyOn(process[stream], 'write').mockImplementation((chunk: unknown) => {
      expect(String(chunk).endsWith('\n')).toBe(true)
      written.push({ stream, line: JSON.parse(String(chunk)) as Line })
      return true
    })
  }
})
afterEach(() => {
  vi.restoreAllMocks()
  vi.useRealTimers()
  vi.unstubAllEnvs()
  vi.resetModules()
})

describe('the log', () => {
  it('writes one JSON line per call, information to stdout and problems to stderr', async () => {
    const { log } = await load()
    log('debug', 'a', { n: 1 })
    log('info', 'b')
    log('warn', 'c', { id: 'x' })
    log('error', 'd', { level: 'ignored?' })
    expect(written).toEqual([
      { stream: 'stdout', line: { time: '2026-04-10T09:00:00.000Z', level: 'debug', msg: 'a', n: 1 } },
      { stream: 'stdout', line: { time: '2026-04-10T09:00:00.000Z', level: 'info', msg: 'b' } },
      { stream: 'stderr', line: { time: '2026-04-10T09:00:00.000Z', level: 'warn', msg: 'c', id: 'x' } },
      { stream: 'stderr', line: { time: '2026-04-10T09:00:00.000Z', level: 'ignored?', msg: 'd' } },
    ])
  })

  it('writes nothing with LOG_LEVEL=silent', async () => {
    const { log, logRequest, loggingEnabled } = await load('silent')
    expect(loggingEnabled).toBe(false)
    log('error', 'stille')
    logRequest({ method: 'GET', path: '/', status: 500, ms: 1, address: '203.0.113.7' })
    expect(written).toEqual([])
  })

  it("writes to LOG_FILE instead, as the coach's commands set it, so their output holds no JSON", async () => {
    const folder = mkdtempSync(join(tmpdir(), 'coach-log-'))
    try {
      const file = join(folder, 'ny-mappe', 'logs', 'kommandoer.log')
      vi.stubEnv('LOG_FILE', file)
      const { log } = await load()
      log('info', 'mail sent', { id: 1 })
      log('error', 'mail failed', { id: 2 })
      expect(written).toEqual([])
      expect(readFileSync(file, 'utf8').trimEnd().split('\n').map((line) => JSON.parse(line))).toEqual([
        { time: '2026-04-10T09:00:00.000Z', level: 'info', msg: 'mail sent', id: 1 },
        { time: '2026-04-10T09:00:00.000Z', level: 'error', msg: 'mail failed', id: 2 },
      ])
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
  })

  it('gives an error as its name, message and the first five lines of where it came from', async () => {
    const { errorFields } = await load()
    const error = new TypeError('gik galt')
    error.stack = ['TypeError: gik galt', '    at a (a.ts:1:1)', '  at b (b.ts:2:2)', 'at c', 'at d', 'at e', 'at f', 'at g'].join('\n')
    expect(errorFields(error)).toEqual({ error: 'TypeError: gik galt', stack: ['at a (a.ts:1:1)', 'at b (b.ts:2:2)', 'at c', 'at d', 'at e'] })
    const bare = new Error('uden stak')
    bare.stack = undefined
    expect(errorFields(bare)).toEqual({ error: 'Error: uden stak', stack: undefined })
    expect(errorFields('tekst')).toEqual({ error: 'tekst' })
    expect(errorFields(undefined)).toEqual({ error: 'undefined' })
  })
})

describe('the access log', () => {
  const request = { method: 'GET', path: '/om', status: 200, ms: 12.5, address: '203.0.113.7' }

  it('writes a request as information, with its time rounded and the address only hashed', async () => {
    const { logRequest } = await load()
    // The hash is salted per process: the one the freshly loaded log uses.
    const { hashIp } = await import('~/server/limits/sender.server')
    logRequest(request)
    logRequest({ ...request, cache: 'hit', ms: 0.4 })
    expect(written).toEqual([
      { stream: 'stdout', line: { time: NOW.toISOString(), level: 'info', msg: 'request', method: 'GET', path: '/om', status: 200, ms: 13, ip: hashIp('203.0.113.7') } },
      { stream: 'stdout', line: { time: NOW.toISOString(), level: 'info', msg: 'request', method: 'GET', path: '/om', status: 200, ms: 0, ip: hashIp('203.0.113.7'), cache: 'hit' } },
    ])
    expect(JSON.stringify(written)).not.toContain('203.0.113.7')
  })

  it('names a page not found, logs a server error as an error, and a visitor who left as information', async () => {
    const { logRequest } = await load()
    logRequest({ ...request, status: 404 })
    logRequest({ ...request, status: 499 })
    logRequest({ ...request, status: 500 })
    logRequest({ ...request, status: 503, outcome: 'aborted' })
    expect(written.map(({ stream, line }) => [stream, line.level, line.msg, line.status])).toEqual([
      ['stdout', 'info', 'page not found', 404],
      ['stdout', 'info', 'request', 499],
      ['stderr', 'error', 'request', 500],
      ['stdout', 'info', 'request aborted by client', 503],
    ])
  })

  it('shortens what a client chose (method and path) and never writes a manage link', async () => {
    const { logRequest } = await load()
    logRequest({ ...request, method: 'PROPFINDXYZ-ABC', path: `/${'a'.repeat(400)}` })
    logRequest({ ...request, path: '/booking/AbCdEfGhIjKlMnOpQrStUvWxYz012345?status=flyttet' })
    expect(written[0]!.line.method).toBe('PROPFINDXY')
    expect(written[0]!.line.path).toBe(`/${'a'.repeat(299)}`)
    expect(written[1]!.line.path).toBe('/booking/[link]?status=flyttet')
  })
})

describe('the console in production', () => {
  const methods = ['log', 'info', 'warn', 'error'] as const
  let seen: Array<[string, unknown[]]>
  let originals: Record<(typeof methods)[number], (...args: unknown[]) => void>

  beforeEach(() => {
    seen = []
    originals = { log: console.log, info: console.info, warn: console.warn, error: console.error }
    for (const method of methods) console[method] = (...args: unknown[]) => seen.push([method, args])
  })
  afterEach(() => Object.assign(console, originals))

  it('becomes one JSON line per call, at the level of the method', async () => {
    const { writeConsoleAsJson } = await load()
    writeConsoleAsJson()
    console.log('lytter på %s', 'port 3000')
    console.info('klar')
    console.warn('advarsel', 42)
    console.error('')
    expect(seen).toEqual([
      ['log', [JSON.stringify({ time: NOW.toISOString(), level: 'info', msg: 'lytter på port 3000' })]],
      ['info', [JSON.stringify({ time: NOW.toISOString(), level: 'info', msg: 'klar' })]],
      ['warn', [JSON.stringify({ time: NOW.toISOString(), level: 'warn', msg: 'advarsel 42' })]],
      ['error', [JSON.stringify({ time: NOW.toISOString(), level: 'error', msg: 'error' })]],
    ])
  })

  it('passes a line that is already JSON through as it is, and only that', async () => {
    const { writeConsoleAsJson } = await load()
    writeConsoleAsJson()
    console.log('{"level":"info"}')
    console.log('{"a":1}', 'mere')
    console.log('[1]')
    expect(seen.map(([, args]) => args)).toEqual([['{"level":"info"}'], [JSON.stringify({ time: NOW.toISOString(), level: 'info', msg: '{"a":1} mere' })], [JSON.stringify({ time: NOW.toISOString(), level: 'info', msg: '[1]' })]])
  })

  it("leaves out Node's error for a visitor who left in the middle of a body (the request's line says 499), and only that", async () => {
    const { writeConsoleAsJson } = await load()
    writeConsoleAsJson()
    console.error('gået', Object.assign(new Error('aborted'), { code: 'ECONNRESET' }))
    console.error('brudt rør', Object.assign(new Error('aborted'), { code: 'EPIPE' }))
    console.error('nulstillet', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }))
    console.error(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }))
    const kept = seen.map(([, args]) => JSON.parse(String(args[0])) as Line)
    expect(kept.map(({ msg, error }) => [msg, error])).toEqual([
      ['brudt rør', 'Error: aborted'],
      ['nulstillet', 'Error: read ECONNRESET'],
    ])
  })

  it('writes an error with its cause, and cuts a long message at 2,000 characters', async () => {
    const { writeConsoleAsJson } = await load()
    writeConsoleAsJson()
    const error = new RangeError('for stor')
    error.stack = 'RangeError: for stor\n    at x (x.ts:1:1)'
    console.error('Fejl i anmodning:', error)
    console.warn('x'.repeat(2500))
    const [first, second] = seen.map(([, args]) => JSON.parse(String(args[0])) as Line)
    expect(first).toEqual({ time: NOW.toISOString(), level: 'error', msg: 'Fejl i anmodning:', error: 'RangeError: for stor', stack: ['at x (x.ts:1:1)'] })
    expect(second!.msg).toBe('x'.repeat(2000))
  })

  it('writes a lone error or object given to the console as a JSON line too, instead of throwing', async () => {
    const { writeConsoleAsJson } = await load()
    writeConsoleAsJson()
    const error = new Error('x')
    error.stack = 'Error: x\n    at y (y.ts:2:3)'
    console.error(error)
    console.log({ port: 3000 })
    expect(seen).toEqual([
      ['error', [JSON.stringify({ time: NOW.toISOString(), level: 'error', msg: 'error', error: 'Error: x', stack: ['at y (y.ts:2:3)'] })]],
      ['log', [JSON.stringify({ time: NOW.toISOString(), level: 'info', msg: '{ port: 3000 }' })]],
    ])
  })
})
