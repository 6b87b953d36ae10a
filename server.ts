/**
 * The production server: `npm start` (Node 24 runs this TypeScript file directly). It serves bytes
 * and hands everything else to the framework, through the one entry the app bundle exports:
 *   - `productionEntry.fastReply`: static files and cached pages, straight from memory;
 *   - the bundle's `fetch` (srvx over the built TanStack Start handler): everything else.
 * The visitor's address is read here once, from the socket or the proxies named in TRUST_PROXY.
 * WEB_CONCURRENCY > 1 runs that many workers (node:cluster), one per core like nginx.
 */
import cluster from 'node:cluster'
import { randomBytes } from 'node:crypto'
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http'
import { resolve } from 'node:path'
import { toNodeHandler } from 'srvx/node'
import type { ProductionEntry } from './app/server.ts'
import { clientAddress, isDecodablePath } from './app/server/http/http.ts'

process.env.NODE_ENV = 'production'
const workers = Math.max(1, Number(process.env.WEB_CONCURRENCY ?? 1) || 1)
const logLine = (level: string, msg: string, fields: Record<string, unknown> = {}) => {
  if (process.env.LOG_LEVEL !== 'silent') console.log(JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields }))
}

if (workers > 1 && cluster.isPrimary) {
  // All workers must hash addresses alike, or the rate limit would count a sender once per worker.
  process.env.IP_HASH_SALT ??= randomBytes(32).toString('base64')
  for (let i = 0; i < workers; i++) cluster.fork()
  let stopping = false
  cluster.on('exit', (worker, code) => {
    if (!stopping) {
      logLine('error', 'worker exited; starting another', { pid: worker.process.pid, code })
      cluster.fork()
    } else if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0)
  })
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      stopping = true
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal)
    })
  }
} else {
  await serve()
}

async function serve() {
  const bundle = (await import(resolve('dist/server/server.js'))) as {
    default: { fetch: (request: Request) => Response | Promise<Response> }
    productionEntry: ProductionEntry
  }
  const { productionEntry } = bundle
  const appHandler = toNodeHandler((request) => bundle.default.fetch(request)) as unknown as (req: IncomingMessage, res: ServerResponse) => void

  const header = (req: IncomingMessage, name: string) => {
    const value = req.headers[name]
    return Array.isArray(value) ? value.join(', ') : (value ?? null)
  }

  const server = createServer((req, res) => {
    const address = clientAddress(req.socket.remoteAddress, header(req, 'x-forwarded-for'))
    // The pipeline reads it from here (srvx hands it this very IncomingMessage).
    Object.assign(req, { clientAddress: address })
    // A path that cannot be decoded is answered with the not-found page, not a bare 400.
    if (!isDecodablePath((req.url ?? '/').split('?')[0]!)) req.url = '/ikke-fundet'
    try {
      const reply = productionEntry.fastReply({ method: req.method ?? 'GET', url: req.url ?? '/', header: (name) => header(req, name), address })
      if (reply) {
        res.writeHead(reply.status, reply.headers)
        return res.end(reply.body)
      }
    } catch (error) {
      logLine('error', 'fast path failed; the framework answers', { error: String(error) })
    }
    appHandler(req, res)
  })

  const port = Number(process.env.PORT ?? 3000)
  const host = process.env.HOST ?? '0.0.0.0'
  server.listen(port, host, () => {
    if (cluster.isPrimary || cluster.worker?.id === 1) logLine('info', 'server listening', { url: `http://${host}:${port}/`, workers })
  })

  /** SIGTERM: stop accepting, let in-flight requests finish, then close the database. */
  let stopping = false
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (stopping) return
      stopping = true
      logLine('info', 'shutting down', { signal })
      setTimeout(() => process.exit(1), 10_000).unref()
      server.close(() => {
        productionEntry.shutdown()
        process.exit(0)
      })
      // Keep-alive connections go as soon as their last request is answered, not at their timeout.
      setInterval(() => server.closeIdleConnections(), 100).unref()
      server.closeIdleConnections()
    })
  }
}
