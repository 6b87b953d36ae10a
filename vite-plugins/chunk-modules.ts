import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, relative } from 'node:path'
import type { Plugin } from 'vite'

/** Where the client build says which source modules each of its scripts holds. */
export const CHUNK_MODULES_FILE = 'dist/client-chunk-modules.json'

/** Script file (as served, `/assets/…`) → the source modules in it, relative to the project, with their rendered length. */
export type ChunkModules = Record<string, Record<string, number>>

/**
 * Writes, for every script of the client build, the source modules bundled into it (a module the
 * bundler dropped entirely is left out). Tests read it to tell what a page's scripts are made of
 * without relying on chunk names, which follow whatever module the bundler names a chunk after.
 * It is written beside dist/client, not into it, so the server never serves it.
 */
export const chunkModules = (): Plugin => {
  let root = process.cwd()
  return {
    name: 'chunk-modules',
    applyToEnvironment: (environment) => environment.name === 'client',
    configResolved(config) {
      root = config.root
    },
    generateBundle(_options, bundle) {
      const map: ChunkModules = {}
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue
        const modules: Record<string, number> = {}
        for (const [id, module] of Object.entries(chunk.modules)) {
          if (module.renderedLength > 0) modules[relative(root, id.replace(/^\0/, ''))] = module.renderedLength
        }
        map[`/${chunk.fileName}`] = modules
      }
      const file = `${root}/${CHUNK_MODULES_FILE}`
      mkdirSync(dirname(file), { recursive: true })
      writeFileSync(file, `${JSON.stringify(map, null, 1)}\n`)
    },
  }
}
