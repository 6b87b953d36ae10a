/**
 * The production server: `npm start` (Node 24 runs this TypeScript file directly). Static files and
 * cached pages are answered straight from memory; everything else goes through srvx to the built
 * TanStack Start handler, whose pipeline adds the same security headers.
 */
import { createHash } from 'node:crypto'
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http'
import { extname, join, relative, resolve, sep } from 'node:path'
import { toNodeHandler } from 'srvx/node'
import { isDecodablePath, newNonce, securityHeaders } from './app/server/http.ts'
import type { PageReply } from './app/server/pages.server.ts'

process.env.NODE_ENV = 'production'
const { default: app } = (await import(resolve('dist/server/server.js'))) as {
  default: { fetch: (request: Request) => Response | Promise<Response> }
}
const hooks = globalThis as {
  __siteCachedPage?: (method: string, href: string, header: (name: string) => string | null, ip: string) => PageReply | undefined
  __siteShutdown?: () => void
}

const contentTypes: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
}

type StaticFile = { body: Buffer; br?: Buffer; gzip?: Buffer; headers: Record<string, string> }

/** Reads the (small) client build once: serving from memory is as fast as it gets. */
function loadStaticFiles(dir: string) {
  const files = new Map<string, StaticFile>()
  const optional = (path: string) => {
    try {
      return readFileSync(path)
    } catch {
      return undefined
    }
  }
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name)
      if (statSync(path).isDirectory()) {
        walk(path)
        continue
      }
      if (name.endsWith('.br') || name.endsWith('.gz')) continue
      const body = readFileSync(path)
      const urlPath = `/${relative(dir, path).split(sep).join('/')}`
      files.set(urlPath, {
        body,
        br: optional(`${path}.br`),
        gzip: optional(`${path}.gz`),
        headers: {
          'content-type': contentTypes[extname(name)] ?? 'application/octet-stream',
          // Hashed build output never changes under its name; other files may be replaced.
          'cache-control': urlPath.startsWith('/assets/')
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=86400, stale-while-revalidate=604800',
          etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`,
          vary: 'Accept-Encoding',
        },
      })
    }
  }
  walk(dir)
  return files
}

const staticFiles = loadStaticFiles(resolve('dist/client'))

/**
 * Covers made by `npm run images` after the build are served from public/ on first request, so a
 * new article's image works without a rebuild. Only plain image names qualify (no traversal).
 */
const publicDir = resolve('public')
function lateImage(path: string): StaticFile | undefined {
  if (!/^\/images\/blog\/[a-z0-9-]+\.(webp|jpg)$/.test(path)) return undefined
  const body = (() => {
    try {
      return readFileSync(join(publicDir, path))
    } catch {
      return undefined
    }
  })()
  if (!body) return undefined
  const file: StaticFile = {
    body,
    headers: {
      'content-type': contentTypes[extname(path)]!,
      'cache-control': 'public, max-age=86400, stale-while-revalidate=604800',
      etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`,
    },
  }
  staticFiles.set(path, file)
  return file
}
const header = (req: IncomingMessage, name: string) => {
  const value = req.headers[name]
  return Array.isArray(value) ? value.join(', ') : (value ?? null)
}

/** Writes a body given as chunks in one go (corked), so a page is never copied into one buffer. */
function send(req: IncomingMessage, res: ServerResponse, status: number, headers: Record<string, string>, chunks: Buffer[]) {
  let length = 0
  for (const chunk of chunks) length += chunk.byteLength
  res.writeHead(status, { ...headers, 'content-length': String(length) })
  if (req.method === 'HEAD') return res.end()
  res.cork()
  for (const chunk of chunks) res.write(chunk)
  res.end()
  res.uncork()
}

function serveStatic(req: IncomingMessage, res: ServerResponse, file: StaticFile) {
  const headers: Record<string, string> = { ...file.headers }
  for (const [name, value] of securityHeaders({ nonce: newNonce() })) headers[name.toLowerCase()] = value
  if (header(req, 'if-none-match') === file.headers.etag) return send(req, res, 304, headers, [])
  const accept = header(req, 'accept-encoding') ?? ''
  if (file.br && /\bbr\b/.test(accept)) return send(req, res, 200, { ...headers, 'content-encoding': 'br' }, [file.br])
  if (file.gzip && /\bgzip\b/.test(accept)) return send(req, res, 200, { ...headers, 'content-encoding': 'gzip' }, [file.gzip])
  return send(req, res, 200, headers, [file.body])
}

/**
 * TRUST_PROXY names the reverse proxies whose X-Forwarded-For is believed: "loopback" or a
 * comma-separated list of their addresses. Unset, the socket's peer is the visitor.
 */
const trustProxy = process.env.TRUST_PROXY === 'loopback' ? 'loopback' : process.env.TRUST_PROXY?.split(',').map((ip) => ip.trim()).filter(Boolean)
// srvx types its handler for HTTP/1 and HTTP/2 alike; this server speaks HTTP/1.
const appHandler = toNodeHandler((request) => app.fetch(request), { trustProxy: trustProxy ?? false }) as unknown as (
  req: IncomingMessage,
  res: ServerResponse,
) => void

const server = createServer((req, res) => {
  // A path that cannot be decoded is answered with the not-found page, not a bare 400.
  if (!isDecodablePath((req.url ?? '/').split('?')[0]!)) req.url = '/ikke-fundet'
  if (req.method === 'GET' || req.method === 'HEAD') {
    const path = (req.url ?? '/').split('?')[0]!
    const file = staticFiles.get(path) ?? lateImage(path)
    if (file) return serveStatic(req, res, file)
    // Cached pages skip the framework: this is what keeps throughput near a static file server.
    // Should anything go wrong there, the full pipeline answers instead.
    try {
      const ip = req.socket.remoteAddress ?? 'unknown'
      const page = hooks.__siteCachedPage?.(req.method, `http://localhost${req.url ?? '/'}`, (name) => header(req, name), ip)
      if (page) return send(req, res, page.status, page.headers, page.body)
    } catch (error) {
      console.error(JSON.stringify({ time: new Date().toISOString(), level: 'error', msg: 'fast path failed', error: String(error) }))
    }
  }
  return appHandler(req, res)
})

const port = Number(process.env.PORT ?? 3000)
const host = process.env.HOST ?? '0.0.0.0'
server.listen(port, host, () => {
  console.log(JSON.stringify({ time: new Date().toISOString(), level: 'info', msg: 'server listening', url: `http://${host}:${port}/` }))
})

/** SIGTERM: stop accepting, let in-flight requests finish, then close the database. */
let stopping = false
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return
    stopping = true
    console.log(JSON.stringify({ time: new Date().toISOString(), level: 'info', msg: 'shutting down', signal }))
    setTimeout(() => process.exit(1), 10_000).unref()
    server.close(() => {
      hooks.__siteShutdown?.()
      process.exit(0)
    })
    server.closeIdleConnections()
  })
}
