import type { Plugin } from 'vite'

const PRELOAD_HELPER = '\0vite/preload-helper.js'

/**
 * Vite wraps every lazy `import()` of the client in a helper that first adds a `<link>` per
 * dependency of the chunk to `<head>`. With `modulePreload: false` the only dependencies left are
 * a chunk's own CSS files, and no chunk has any (all of the site's CSS is `styles.css`, linked
 * in the document's head): every call passes an empty list, yet the helper (0.6 kB gzip) sat in
 * the entry script every page loads. This plugin puts a helper in its place that only imports.
 * Should a lazily loaded chunk ever get CSS of its own, the build fails here instead of leaving
 * that CSS unloaded.
 */
export const noPreloadHelper = (): Plugin => ({
  name: 'no-preload-helper',
  enforce: 'pre',
  applyToEnvironment: (environment) => environment.name === 'client',
  load(id) {
    if (id === PRELOAD_HELPER) return 'export const __vitePreload = (load) => load()'
  },
  generateBundle(_options, bundle) {
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== 'chunk' || chunk.isEntry) continue
      const css = [...(chunk.viteMetadata?.importedCss ?? [])]
      if (css.length > 0) this.error(`${chunk.fileName} imports CSS of its own (${css.join(', ')}), which the client's import helper no longer loads (vite-plugins/no-preload-helper.ts)`)
    }
  },
})
