/**
 * Runs after `vite build`: writes .br and .gz beside every compressible file of the client build,
 * so the production server sends compressed bytes without compressing per request.
 */
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { extname, join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const COMPRESSIBLE = new Set(['.js', '.css', '.svg', '.json', '.txt', '.xml', '.webmanifest', '.html'])
let files = 0
let before = 0
let after = 0

function walk(folder: string) {
  for (const name of readdirSync(folder)) {
    const path = join(folder, name)
    if (statSync(path).isDirectory()) walk(path)
    else if (COMPRESSIBLE.has(extname(name))) compress(path)
  }
}

function compress(path: string) {
  const body = readFileSync(path)
  if (body.length < 1024) return
  const br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
  const gz = gzipSync(body, { level: 9 })
  writeFileSync(`${path}.br`, br)
  writeFileSync(`${path}.gz`, gz)
  files++
  before += body.length
  after += br.length
}

walk('dist/client')
console.log(`Komprimeret ${files} filer: ${(before / 1024).toFixed(0)} kB → ${(after / 1024).toFixed(0)} kB (brotli)`)
