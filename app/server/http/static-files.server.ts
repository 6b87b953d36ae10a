import { readFileSync, readdirSync, statSync } from 'node:fs'
import { extname, join, relative, resolve, sep } from 'node:path'
import { securityHeaders } from '~/server/http/http'
import { type Page, etagOf } from '~/server/http/page.server'

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

function readOptional(path: string) {
  try {
    return readFileSync(path)
  } catch {
    return undefined
  }
}

/** A file as a page of fixed bytes, with the brotli and gzip twins that the build made for it. */
function staticFile(path: string, urlPath: string): Page | undefined {
  const body = readOptional(path)
  if (!body) return undefined
  const br = readOptional(`${path}.br`)
  const gzip = readOptional(`${path}.gz`)
  return {
    status: 200,
    headers: {
      'content-type': contentTypes[extname(path)] ?? 'application/octet-stream',
      // Hashed build output never changes under its name; other files may be replaced.
      'cache-control': urlPath.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=86400, stale-while-revalidate=604800',
      ...(br || gzip ? { vary: 'Accept-Encoding' } : {}),
      ...securityHeaders(),
    },
    representations: {
      identity: { body, etag: etagOf(body, 'identity') },
      ...(br ? { br: { body: br, etag: etagOf(body, 'br') } } : {}),
      ...(gzip ? { gzip: { body: gzip, etag: etagOf(body, 'gzip') } } : {}),
    },
    bytes: body.length + (br?.length ?? 0) + (gzip?.length ?? 0),
  }
}

/**
 * The client build, read into memory once (it is small): serving from memory is as fast as it
 * gets. Covers made by `npm run db:seed` or `npm run images` after the build are read from
 * public/ on first request, so a new article's image works without a rebuild; only plain image
 * names qualify (no traversal).
 */
export class StaticFiles {
  private files = new Map<string, Page>()

  constructor(
    private clientDir = resolve('dist/client'),
    private publicDir = resolve('public'),
  ) {
    const walk = (folder: string) => {
      for (const name of readdirSync(folder)) {
        const path = join(folder, name)
        if (statSync(path).isDirectory()) walk(path)
        else if (!name.endsWith('.br') && !name.endsWith('.gz')) {
          const urlPath = `/${relative(this.clientDir, path).split(sep).join('/')}`
          const file = staticFile(path, urlPath)
          if (file) this.files.set(urlPath, file)
        }
      }
    }
    walk(this.clientDir)
  }

  get(path: string): Page | undefined {
    const known = this.files.get(path)
    if (known || !/^\/images\/blog\/[a-z0-9-]+\.(webp|jpg|avif)$/.test(path)) return known
    const late = staticFile(join(this.publicDir, path), path)
    if (late) this.files.set(path, late)
    return late
  }
}
