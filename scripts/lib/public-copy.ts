/**
 * A test that seeds articles of its own gets a public folder of its own: the seed writes covers into
 * PUBLIC_DIR and rewrites images.lock.json beside it, and neither may land in the project's
 * public/ (where a test's covers would be committed with the coach's own).
 */
import { cpSync } from 'node:fs'
import { join } from 'node:path'

/** Copies public/ and images.lock.json into `dir`; returns the PUBLIC_DIR to give the seed and the server. */
export function ownPublicFolder(dir: string) {
  const publicDir = join(dir, 'public')
  cpSync('public', publicDir, { recursive: true })
  cpSync('images.lock.json', join(dir, 'images.lock.json'))
  return publicDir
}
