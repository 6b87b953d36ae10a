import { brotliCompressSync, brotliDecompressSync, constants as zlib, gunzipSync, gzipSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import type { MiddlewareOptions } from '~/server/http/client-address.server'
import { guardServerFunction, refuseBody } from '~/server/http/server-fn-middleware.server'
import { deserializes } from '~/server/http/server-fn-payload.server'

// The guard in front of every server function, driven with real Requests: what it refuses never
// reaches the function (`next`), what it passes comes back uncached, and large JSON compressed.

const KNOWN = '/_serverFn/kendt'
const known = new Set([KNOWN])
/** A payload as Start's client sends it (seroval JSON of `{ a: 1 }`), and an Error through Start's plugin. */
const PAYLOAD = '{"t":{"t":10,"i":0,"p":{"k":["a"],"v":[{"t":0,"s":1}]},"o":0},"f":127,"m":[]}'
const ERROR_PAYLOAD = '{"t":{"t":25,"i":0,"s":{"message":{"t":1,"s":"x"}},"c":"$TSR/Error"},"f":127,"m":[]}'

function call(path: string, init: RequestInit = {}, answer: () => Response = () => Response.json({ ok: true })) {
  let called = 0
  const request = new Request(`http://localhost${path}`, init)
  const options: MiddlewareOptions = {
    request,
    pathname: new URL(request.url).pathname,
    context: { clientAddress: '203.0.113.7', served: {} },
    next: async () => {
      called++
      return { response: answer() }
    },
  }
  return { response: guardServerFunction(options, known), called: () => called }
}

/** Without a type, the body goes as bytes: a string body would get text/plain from Request itself. */
const post = (body: string, type: string | undefined, extra: Record<string, string> = {}) => ({
  method: 'POST',
  body: type ? body : new TextEncoder().encode(body),
  headers: { ...(type ? { 'Content-Type': type } : {}), 'Content-Length': String(Buffer.byteLength(body)), ...extra },
})

async function expectRefusal(attempt: ReturnType<typeof call>, status: number, text: string) {
  const response = await attempt.response
  expect(response.status).toBe(status)
  expect(await response.text()).toBe(text)
  expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8')
  expect(response.headers.get('cache-control')).toBe('no-store')
  expect(attempt.called()).toBe(0)
}

describe('the server-function guard', () => {
  it('answers an address that is no server function of the site with 404, before anything else', async () => {
    await expectRefusal(call('/_serverFn/ukendt', { method: 'DELETE' }), 404, 'Adressen findes ikke.')
  })

  it('allows GET and POST only, and says so', async () => {
    for (const method of ['PUT', 'DELETE', 'PATCH', 'HEAD']) {
      const attempt = call(KNOWN, { method })
      await expectRefusal(attempt, 405, 'Metoden er ikke tilladt.')
      expect((await attempt.response).headers.get('allow'), method).toBe('GET, POST')
    }
  })

  it('refuses a body without a stated length (chunked) before reading it', async () => {
    const stream = new ReadableStream({
      start(controller) {
        controller.enqueue(new Uint8Array(70 * 1024))
        controller.close()
      },
    })
    const attempt = call(KNOWN, { method: 'POST', body: stream, headers: { 'Content-Type': 'application/json' }, duplex: 'half' } as RequestInit)
    await expectRefusal(attempt, 411, 'Forespørgslen skal angive sin længde.')
  })

  it('refuses a body over 64 KB by its stated length, and takes one of exactly 64 KB', async () => {
    await expectRefusal(call(KNOWN, post('x', 'application/json', { 'Content-Length': String(64 * 1024 + 1) })), 413, 'Forespørgslen er for stor (højst 64 KB).')
    const exact = `{"t":{"t":1,"s":"${'a'.repeat(64 * 1024 - 35)}"},"f":127,"m":[]}`
    expect(Buffer.byteLength(exact)).toBe(64 * 1024)
    const attempt = call(KNOWN, post(exact, 'application/json'))
    expect((await attempt.response).status).toBe(200)
    expect(attempt.called()).toBe(1)
  })

  it.each(['text/plain', 'application/jsonp', 'x-application/json', 'text/html; charset=utf-8', '', 'text/plain; x=application/x-www-form-urlencoded', 'text/plain; x=multipart/form-data', 'application/x-www-form-urlencodedx'])('refuses a body of type %j', async (type) => {
    await expectRefusal(call(KNOWN, post(PAYLOAD, type || undefined)), 415, 'Forespørgslen skal være en formular eller JSON.')
  })

  it('refuses a form it cannot read, and JSON that is not JSON or not a payload Start can read', async () => {
    await expectRefusal(call(KNOWN, post('--x\r\nvrøvl', 'multipart/form-data; boundary=y')), 400, 'Formularen kunne ikke læses.')
    await expectRefusal(call(KNOWN, post('{"t":', 'application/json')), 400, 'Forespørgslen er ikke gyldig JSON.')
    await expectRefusal(call(KNOWN, post('{}', 'application/json')), 400, 'Forespørgslen kunne ikke læses.')
  })

  it.each([
    ['application/json', PAYLOAD],
    ['Application/JSON; charset=utf-8', ERROR_PAYLOAD],
    ['application/x-www-form-urlencoded', 'navn=Anne&besked=Hej'],
    ['MULTIPART/FORM-DATA; boundary=y', '--y\r\nContent-Disposition: form-data; name="navn"\r\n\r\nAnne\r\n--y--\r\n'],
  ])('passes a readable %s body on, and leaves it for the function to read', async (type, body) => {
    let seen = ''
    const request = new Request(`http://localhost${KNOWN}`, post(body, type))
    const response = await guardServerFunction(
      {
        request,
        pathname: KNOWN,
        context: { clientAddress: '203.0.113.7', served: {} },
        next: async () => {
          seen = await request.text()
          return { response: new Response('ok') }
        },
      },
      known,
    )
    expect(response.status).toBe(200)
    expect(seen).toBe(body)
  })

  it('checks a GET’s payload query the same way; a GET without one passes', async () => {
    for (const payload of ['{"t":', '{}', '1']) {
      await expectRefusal(call(`${KNOWN}?payload=${encodeURIComponent(payload)}`), 400, 'Forespørgslen kunne ikke læses.')
    }
    for (const path of [`${KNOWN}?payload=${encodeURIComponent(PAYLOAD)}`, KNOWN, `${KNOWN}?payload=`]) {
      const attempt = call(path)
      expect((await attempt.response).status, path).toBe(200)
      expect(attempt.called()).toBe(1)
    }
  })

  it('makes every answer uncached, whatever the function said, keeping its status and text', async () => {
    const attempt = call(KNOWN, {}, () => new Response('Ikke fundet', { status: 404, statusText: 'Ikke her', headers: { 'Cache-Control': 'public, max-age=600', 'Content-Type': 'text/plain' } }))
    const response = await attempt.response
    expect([response.status, response.statusText, response.headers.get('cache-control')]).toEqual([404, 'Ikke her', 'no-store'])
    expect(await response.text()).toBe('Ikke fundet')
    expect(response.headers.get('vary')).toBeNull()
  })

  it('answers in Danish when Start gives no response (a function’s small finished result), and logs which function', async () => {
    const response = await call(KNOWN, {}, () => undefined as unknown as Response).response
    expect(response.status).toBe(500)
    expect(await response.text()).toBe('Der opstod en fejl på serveren. Prøv igen om lidt.')
  })

  it('answers a known function asked with the other method in Danish, not with Start’s English', async () => {
    const response = await call(KNOWN, {}, () => new Response('expected POST method. Got GET', { status: 405 })).response
    expect(response.status).toBe(405)
    expect(await response.text()).toBe('Metoden er ikke tilladt.')
    expect(response.headers.get('Allow')).toBe('GET, POST')
  })

  it('passes a server function’s outage (5xx) on as it is, uncached', async () => {
    const response = await call(KNOWN, {}, () => Response.json({ fejl: 'database' }, { status: 503 })).response
    expect(response.status).toBe(503)
    expect(await response.json()).toEqual({ fejl: 'database' })
    expect(response.headers.get('cache-control')).toBe('no-store')
  })

  it('compresses JSON from 1 KB on, as the client accepts it, and leaves smaller JSON plain', async () => {
    const big = { artikler: 'a'.repeat(1024 - 15) }
    expect(JSON.stringify(big).length).toBe(1024)
    const asked = async (acceptEncoding: string | undefined, body: unknown) => {
      const response = await call(KNOWN, { headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} }, () =>
        Response.json(body, { statusText: 'Fint', headers: { 'Content-Length': '99' } }),
      ).response
      return { response, bytes: Buffer.from(await response.arrayBuffer()) }
    }
    const br = await asked('gzip, br', big)
    expect(br.response.headers.get('content-encoding')).toBe('br')
    expect(br.response.headers.get('vary')).toBe('Accept-Encoding')
    expect(br.response.headers.get('content-length')).toBeNull()
    expect(br.response.statusText).toBe('Fint')
    expect(JSON.parse(brotliDecompressSync(br.bytes).toString())).toEqual(big)
    // Compressed per request, so at a quick setting (brotli 4, gzip 6), not the slowest.
    const json = Buffer.from(JSON.stringify(big))
    expect(br.bytes).toEqual(brotliCompressSync(json, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_SIZE_HINT]: json.length } }))

    const gzip = await asked('gzip', big)
    expect(gzip.response.headers.get('content-encoding')).toBe('gzip')
    expect(JSON.parse(gunzipSync(gzip.bytes).toString())).toEqual(big)
    expect(gzip.bytes).toEqual(gzipSync(json, { level: 6 }))

    const plain = await asked(undefined, big)
    expect(plain.response.headers.get('content-encoding')).toBeNull()
    expect(plain.response.headers.get('vary')).toBe('Accept-Encoding')
    expect(JSON.parse(plain.bytes.toString())).toEqual(big)

    const small = await asked('br', { artikler: 'a'.repeat(1024 - 16) })
    expect(small.response.headers.get('content-encoding')).toBeNull()
    expect(JSON.parse(small.bytes.toString())).toEqual({ artikler: 'a'.repeat(1024 - 16) })
  })

  it('compresses only JSON: a large answer of another type (even one naming JSON later) passes plain', async () => {
    const text = 'Holm Coaching. '.repeat(100)
    for (const type of ['text/plain; charset=utf-8', 'text/plain; profile=application/json']) {
      const response = await call(KNOWN, { headers: { 'Accept-Encoding': 'br, gzip' } }, () => new Response(text, { headers: { 'Content-Type': type } })).response
      expect([response.headers.get('content-encoding'), response.headers.get('vary'), response.headers.get('content-type')], type).toEqual([null, null, type])
      expect(await response.text()).toBe(text)
    }
  })

  it('leaves an answer alone that is compressed already or has no body', async () => {
    const compressed = await call(KNOWN, { headers: { 'Accept-Encoding': 'br' } }, () =>
      new Response('allerede', { headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' } }),
    ).response
    expect(compressed.headers.get('content-encoding')).toBe('gzip')
    expect(compressed.headers.get('vary')).toBeNull()
    expect(await compressed.text()).toBe('allerede')

    const empty = await call(KNOWN, { headers: { 'Accept-Encoding': 'br' } }, () => new Response(null, { status: 204, headers: { 'Content-Type': 'application/json' } })).response
    expect(empty.status).toBe(204)
    expect(empty.headers.get('vary')).toBeNull()
  })
})

describe('a body refused like a server function’s (shared with the form post)', () => {
  it('is undefined for a readable body', async () => {
    expect(await refuseBody(new Request('http://localhost/kontakt', post('navn=Anne', 'application/x-www-form-urlencoded')))).toBeUndefined()
  })

  it('may be larger only where the function allows it (the desk’s cover photo), and says the limit', async () => {
    const photoSized = () => new Request('http://localhost/x', post('billede=1', 'multipart/form-data; boundary=x', { 'Content-Length': String(5 * 1024 * 1024) }))
    const refused = (await refuseBody(photoSized()))!
    expect([refused.status, await refused.text()]).toEqual([413, 'Forespørgslen er for stor (højst 64 KB).'])
    const tooLarge = (await refuseBody(new Request('http://localhost/x', post('x', 'multipart/form-data; boundary=x', { 'Content-Length': String(17 * 1024 * 1024) })), 16 * 1024 * 1024))!
    expect([tooLarge.status, await tooLarge.text()]).toEqual([413, 'Forespørgslen er for stor (højst 16 MB).'])
  })
})

describe('a payload Start can read', () => {
  it('is one seroval reads with Start’s own plugins (an Error), and nothing else', () => {
    expect(deserializes(JSON.parse(PAYLOAD))).toBe(true)
    expect(deserializes(JSON.parse(ERROR_PAYLOAD))).toBe(true)
    expect(deserializes({})).toBe(false)
    expect(deserializes(null)).toBe(false)
  })
})
