/**
 * The production server: `npm start` (Node 24 runs this TypeScript file directly). It serves bytes
 * and hands everything else to the framework, through the one entry the app bundle exports:
 *   - `productionEntry.fastReply`: static files and cached pages, straight from memory;
 *   - the bundle's `fetch` (srvx over the built TanStack Start handler): everything else.
 * The visitor's address is read here once, from the socket or the proxies named in TRUST_PROXY.
 * WEB_CONCURRENCY > 1 runs that many workers (node:cluster), one per core like nginx.
 * Under systemd socket activation it takes the listening socket systemd holds (listen-socket.ts).
 */
import cluster from 'node:cluster'
import { randomBytes } from 'node:crypto'
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http'
import net, { type Socket } from 'node:net'
import { resolve } from 'node:path'
import { toNodeHandler } from 'srvx/node'
import type { ProductionEntry } from './app/server.ts'
import { answerableUrl, clientAddress, trustedProxies } from './app/server/http/http.ts'
import { LISTEN_BACKLOG, describeListenTarget, listenTarget } from './app/server/http/listen-socket.ts'

process.env.NODE_ENV = 'production'
const workers = Math.max(1, Number(process.env.WEB_CONCURRENCY ?? 1) || 1)
const logLine = (level: string, msg: string, fields: Record<string, unknown> = {}) => {
  if (process.env.LOG_LEVEL !== 'silent') console.log(JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields }))
}

if (workers > 1 && cluster.isPrimary) {
  // All workers must hash addresses alike, or the rate limit would count a sender once per worker.
  process.env.IP_HASH_SALT ??= randomBytes(32).toString('base64')
  // On systemd's socket each worker takes its connections straight from the kernel's queue. The
  // default, a primary that accepts them and hands them round, resets those still waiting for a
  // busy worker when the last worker stops listening (at SIGTERM); the kernel's queue keeps them
  // for the next server instead. (Measured: 73 of 300 contact posts reset during a restart.)
  if ('fd' in listenTarget()) cluster.schedulingPolicy = cluster.SCHED_NONE
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
    default: { fetch: (request: Request, options: { context: { clientAddress: string } }) => Response | Promise<Response> }
    productionEntry: ProductionEntry
  }
  const { productionEntry } = bundle
  /** The address read from each socket's request, handed to Start in the request context. */
  const addresses = new WeakMap<IncomingMessage, string>()
  const appHandler = toNodeHandler((request) => {
    const req = (request as { runtime?: { node?: { req: IncomingMessage } } }).runtime!.node!.req
    return bundle.default.fetch(request, { context: { clientAddress: addresses.get(req)! } })
  }) as unknown as (req: IncomingMessage, res: ServerResponse) => void

  const header = (req: IncomingMessage, name: string) => {
    const value = req.headers[name]
    return Array.isArray(value) ? value.join(', ') : (value ?? null)
  }

  // Read once: the environment is fixed for the life of the process, and reading it costs per request.
  const trust = trustedProxies()
  const server = createServer((req, res) => {
    drain.onRequest(res)
    const address = clientAddress(req.socket.remoteAddress, header(req, 'x-forwarded-for'), trust)
    req.url = answerableUrl(req.url ?? '/')
    try {
      const reply = productionEntry.fastReply({ method: req.method ?? 'GET', url: req.url ?? '/', header: (name) => header(req, name), address })
      if (reply) {
        res.writeHead(reply.status, reply.headers)
        return res.end(reply.body)
      }
    } catch (error) {
      logLine('error', 'fast path failed; the framework answers', { error: String(error) })
    }
    addresses.set(req, address)
    appHandler(req, res)
  })

  // A worker's socket is opened by its primary, the process systemd started.
  const target = listenTarget(process.env, cluster.isWorker ? process.ppid : process.pid)
  server.listen(target, LISTEN_BACKLOG, () => {
    if (cluster.isPrimary || cluster.worker?.id === 1) logLine('info', 'server listening', { url: describeListenTarget(target), workers })
  })

  const drain = gracefulShutdown(server)
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      logLine('info', 'shutting down', { signal })
      drain.start(() => {
        productionEntry.shutdown()
        process.exit(0)
      })
    })
  }
}

/**
 * SIGTERM without losing a request: stop accepting new connections, answer every request that
 * has arrived (those already sent on an open connection included), and close each connection as
 * its last answer goes out, with `Connection: close` so the proxy does not reuse it. Node's own
 * `server.close()` would also close every connection without a request under way at that
 * instant, which includes connections whose request has been sent but not yet read: those
 * visitors would get a reset.
 */
function gracefulShutdown(server: Server) {
  const IDLE_GRACE_MS = 250
  const TICK_MS = 25
  /** The listener closes once no connection came in for this long, at most LISTEN_AT_MOST_MS on. */
  const ACCEPT_QUIET_MS = 100
  const LISTEN_AT_MOST_MS = 2_000
  /** Open connections; `_httpMessage` is the answer under way on one (Node's own bookkeeping). */
  const connections = new Set<Socket & { _httpMessage?: ServerResponse | null }>()
  let stopping = false
  let acceptedAt = 0
  server.on('connection', (socket: Socket) => {
    acceptedAt = performance.now()
    connections.add(socket)
    socket.once('close', () => connections.delete(socket))
  })
  return {
    /** Per request only a flag is read: nothing is tracked until the signal. */
    onRequest(res: ServerResponse) {
      if (stopping) res.shouldKeepAlive = false
    },
    start(done: () => void) {
      if (stopping) return
      stopping = true
      setTimeout(() => process.exit(1), 10_000).unref()
      // Answers not yet begun say Connection: close; Node then closes the connection after them.
      for (const socket of connections) {
        const res = socket._httpMessage
        if (res && !res.headersSent) res.shouldKeepAlive = false
      }
      // Whatever was sent is read as soon as the event loop gets to it; a busy loop (a burst being
      // answered) says nothing. So the loop must have run freely, every tick on time, before
      // anything counts as quiet:
      // - the listener closes once no connection came in for ACCEPT_QUIET_MS: connections the
      //   kernel has completed but Node not yet accepted would be reset by closing it earlier;
      //   the callback runs once every connection has closed;
      // - a connection is closed as idle after IDLE_GRACE_MS with nothing under way on it.
      const stoppedAt = performance.now()
      let quietSince = stoppedAt
      let lastTick = stoppedAt
      let listening = true
      const busySince = new WeakMap<Socket, number>()
      setInterval(() => {
        const now = performance.now()
        if (now - lastTick > TICK_MS * 1.5) quietSince = now
        lastTick = now
        if (listening && (now - Math.max(acceptedAt, quietSince) > ACCEPT_QUIET_MS || now - stoppedAt > LISTEN_AT_MOST_MS)) {
          listening = false
          net.Server.prototype.close.call(server, done)
        }
        for (const socket of connections) {
          // A connection first seen now (just accepted) gets its grace from now.
          if (socket._httpMessage || !busySince.has(socket)) busySince.set(socket, now)
          else if (now - Math.max(busySince.get(socket)!, quietSince) > IDLE_GRACE_MS) socket.end()
        }
      }, TICK_MS).unref()
    },
  }
}
