import { type IncomingHttpHeaders, request as httpRequest } from 'node:http'

export type RawAnswer = { status: number; headers: IncomingHttpHeaders; body: string }

/**
 * One HTTP request exactly as written: the path is sent as it is (fetch and Playwright would
 * normalize `//host` or `\`), and a body given as several chunks goes out with
 * `Transfer-Encoding: chunked`, without a Content-Length. A server may answer before it has read
 * the whole body and close the connection: the answer counts, a write that fails after it does not.
 */
export function rawRequest(base: string, path: string, { method = 'GET', headers = {}, chunks }: { method?: string; headers?: Record<string, string>; chunks?: Buffer[] } = {}) {
  const target = new URL(base)
  return new Promise<RawAnswer>((resolve, reject) => {
    const outgoing = httpRequest({ host: target.hostname, port: target.port, path, method, headers }, (response) => {
      const parts: Buffer[] = []
      response.on('data', (part: Buffer) => parts.push(part))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(parts).toString('utf8') }))
      response.on('error', reject)
    })
    outgoing.on('error', (error) => {
      // EPIPE or a reset while the rest of the body was still going out: the answer decides.
      if (!outgoing.writableFinished && 'code' in error && (error.code === 'EPIPE' || error.code === 'ECONNRESET')) return
      reject(error)
    })
    for (const chunk of chunks ?? []) outgoing.write(chunk)
    outgoing.end()
  })
}
