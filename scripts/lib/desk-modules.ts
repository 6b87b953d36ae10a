import { readFileSync } from 'node:fs'
import { CHUNK_MODULES_FILE, type ChunkModules } from '../../vite-plugins/chunk-modules.ts'

/**
 * The desk's code, by source module: its components and its browser-side logic, and whatever the
 * router's code splitting takes out of a /coach route file (its loader and component, with all
 * they import). Server modules never reach the client build.
 */
const DESK_CODE = /^app\/(components|lib)\/desk\/|^app\/routes\/coach\/.*\?tsr-split=/

/**
 * What stays of a /coach route file in the route tree, which every page loads: its path, head and
 * headers (a route's head cannot be split off) and the lazy references to its chunks. The router
 * needs it to know the address; anything of the desk it imported would show up as DESK_CODE.
 */
const DESK_ROUTE_REGISTRATION = /^app\/routes\/coach\/[^?]*(\?tsr-shared=\d+)?$/

/** How much the registration may take, in characters of the bundle before minifying (1,127 on 6 December 2026). */
export const DESK_REGISTRATION_LIMIT = 1500

/** The client build's map of script → source modules, written by vite-plugins/chunk-modules.ts. */
export const readChunkModules = (): ChunkModules => JSON.parse(readFileSync(CHUNK_MODULES_FILE, 'utf8')) as ChunkModules

export type DeskShare = { deskCode: string[]; registration: number; unknownScripts: string[] }

/** What of the desk the given scripts (addresses on the site, `/assets/…`) hold. */
export function deskShareOf(scripts: string[], chunks: ChunkModules): DeskShare {
  const share: DeskShare = { deskCode: [], registration: 0, unknownScripts: [] }
  for (const script of scripts) {
    const modules = chunks[script]
    if (!modules) {
      share.unknownScripts.push(script)
      continue
    }
    for (const [module, length] of Object.entries(modules)) {
      if (DESK_CODE.test(module)) share.deskCode.push(`${module} (in ${script})`)
      else if (DESK_ROUTE_REGISTRATION.test(module)) share.registration += length
    }
  }
  return share
}
