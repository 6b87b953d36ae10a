import { readFileSync, readdirSync, statSync } from 'node:fs'
import { extname, join, relative, resolve, sep } from 'node:path'
import { securityHeaders } from '~/server/http/http'
import { type Page, etagOf } from '~/server/http/page.server'
import { COVER_VERSION_LENGTH } from '~/server/images.server'

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

/** The portrait's variants carry their content hash in the name (scripts/lib/portrait.ts). */
const PORTRAIT_NAME = String.raw`portrait-\d+\.[0-9a-f]{10}\.(?:avif|webp)`
const HASHED_PORTRAIT = new RegExp(String.raw`^/images/${PORTRAIT_NAME}$`)
/** Images `npm run images` or `npm run db:seed` may write while the server runs; plain names only (no traversal). */
const PUBLIC_IMAGE = new RegExp(String.raw`^/images/(?:blog/[a-z0-9-]+\.(?:webp|jpg|avif)|${PORTRAIT_NAME})$`)
const COVER = /^\/images\/blog\/[a-z0-9-]+\.(?:webp|jpg)$/
/** Pages name a generated cover with the key it was drawn from, shortened as withCoverVersions does. */
const COVER_VERSION = new RegExp(String.raw`^\?v=[0-9a-f]{${COVER_VERSION_LENGTH}}$`)

/**
 * A file as a page of fixed bytes, with the brotli and gzip twins that the build made for it.
 * `immutable`: the address changes whenever the bytes do (a hashed name, a cover's `?v=`).
 */
function staticFile(path: string, urlPath: string, versioned = false): Page | undefined {
  const body = readOptional(path)
  if (!body) return undefined
  const br = readOptional(`${path}.br`)
  const gzip = readOptional(`${path}.gz`)
  return {
    status: 200,
    headers: {
      'content-type': contentTypes[extname(path)] ?? 'application/octet-stream',
      // Hashed build output, portrait variants and versioned covers never change under their
      // address; other files may be replaced.
      'cache-control':
        versioned || urlPath.startsWith('/assets/') || HASHED_PORTRAIT.test(urlPath) ? 'public, max-age=31536000, immutable' : 'public, max-age=86400, stale-while-revalidate=604800',
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
 * gets. Images that `npm run db:seed` or `npm run images` write into public/ while the server runs
 * (a new article's cover, a cover redrawn from a photo, a new portrait) are served from there,
 * without a rebuild or restart: for those names public/ is asked first, and a file is read again
 * when its size or modification time changed.
 */
export class StaticFiles {
  private files = new Map<string, Page>()
  private fromPublic = new Map<string, { page: Page; mtimeMs: number; size: number }>()

  constructor(
    private clientDir = resolve('dist/client'),
    // PUBLIC_DIR: where `npm run db:seed` wrote the covers, when not public/ (a test's own folder).
    private publicDir = resolve(process.env.PUBLIC_DIR ?? 'public'),
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

  /** `search`: the query as given (`?v=…` on a cover makes it immutable; any other is ignored). */
  get(path: string, search = ''): Page | undefined {
    const known = this.files.get(path)
    if (!PUBLIC_IMAGE.test(path)) return known
    const versioned = COVER.test(path) && COVER_VERSION.test(search)
    const key = versioned ? `${path}?v` : path
    const file = join(this.publicDir, path)
    let stat: { mtimeMs: number; size: number }
    try {
      stat = statSync(file)
    } catch {
      // Gone from public/ (a deleted article's cover): the build's copy, if any, still answers.
      this.fromPublic.delete(key)
      return known
    }
    const cached = this.fromPublic.get(key)
    if (cached && cached.mtimeMs === stat.mtimeMs && cached.size === stat.size) return cached.page
    const page = staticFile(file, path, versioned)
    if (!page) return known
    this.fromPublic.set(key, { page, mtimeMs: stat.mtimeMs, size: stat.size })
    return page
  }
}
