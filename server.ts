/**
 * The production server: `npm start` (Node 24 runs this TypeScript file directly). Static files
 * come from memory with long-lived caching and precompressed variants; everything else goes to
 * the built TanStack Start handler, whose pipeline adds the same security headers.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { extname, join, relative, resolve, sep } from 'node:path'
import { createHash } from 'node:crypto'
import { serve } from 'srvx'
import { applySecurityHeaders, newNonce } from './app/server/http-headers.ts'

process.env.NODE_ENV = 'production'
const clientDir = resolve('dist/client')
const { default: app } = (await import(resolve('dist/server/server.js'))) as {
  default: { fetch: (request: Request) => Response | Promise<Response> }
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

type StaticFile = { body: Uint8Array; br?: Uint8Array; gzip?: Uint8Array; type: string; etag: string; cacheControl: string }

/** Reads the (small) client build once: serving from memory is as fast as it gets. */
function loadStaticFiles(dir: string) {
  const files = new Map<string, StaticFile>()
  const walk = (folder: string) => {
    for (const name of readdirSync(folder)) {
      const path = join(folder, name)
      if (statSync(path).isDirectory()) walk(path)
      else if (!name.endsWith('.br') && !name.endsWith('.gz')) {
        const body = readFileSync(path)
        const urlPath = `/${relative(dir, path).split(sep).join('/')}`
        const optional = (suffix: string) => {
          try {
            return readFileSync(path + suffix)
          } catch {
            return undefined
          }
        }
        files.set(urlPath, {
          body,
          br: optional('.br'),
          gzip: optional('.gz'),
          type: contentTypes[extname(name)] ?? 'application/octet-stream',
          etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`,
          // Hashed build output never changes under its name; other files may be replaced.
          cacheControl: urlPath.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=86400, stale-while-revalidate=604800',
        })
      }
    }
  }
  walk(dir)
  return files
}

const staticFiles = loadStaticFiles(clientDir)

function serveStatic(request: Request, file: StaticFile) {
  const headers = new Headers({ 'Content-Type': file.type, 'Cache-Control': file.cacheControl, ETag: file.etag, Vary: 'Accept-Encoding' })
  applySecurityHeaders(headers, { nonce: newNonce() })
  if (request.headers.get('If-None-Match') === file.etag) return new Response(null, { status: 304, headers })
  const accept = request.headers.get('Accept-Encoding') ?? ''
  let body = file.body
  if (file.br && /\bbr\b/.test(accept)) {
    body = file.br
    headers.set('Content-Encoding', 'br')
  } else if (file.gzip && /\bgzip\b/.test(accept)) {
    body = file.gzip
    headers.set('Content-Encoding', 'gzip')
  }
  headers.set('Content-Length', String(body.byteLength))
  return new Response(request.method === 'HEAD' ? null : (body as unknown as BodyInit), { headers })
}

const server = serve({
  port: Number(process.env.PORT ?? 3000),
  hostname: process.env.HOST ?? '0.0.0.0',
  trustProxy: process.env.TRUST_PROXY === 'true',
  gracefulShutdown: false,
  silent: true,
  fetch(request) {
    if (request.method === 'GET' || request.method === 'HEAD') {
      const file = staticFiles.get(new URL(request.url).pathname)
      if (file) return serveStatic(request, file)
    }
    return app.fetch(request)
  },
})

await server.ready()
console.log(JSON.stringify({ time: new Date().toISOString(), level: 'info', msg: 'server listening', url: server.url }))

/** SIGTERM: stop accepting, let in-flight requests finish, then close the database. */
let stopping = false
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, async () => {
    if (stopping) return
    stopping = true
    console.log(JSON.stringify({ time: new Date().toISOString(), level: 'info', msg: 'shutting down', signal }))
    const force = setTimeout(() => process.exit(1), 10_000)
    force.unref()
    await server.close()
    ;(globalThis as { __siteShutdown?: () => void }).__siteShutdown?.()
    process.exit(0)
  })
}
