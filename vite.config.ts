import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import { redact } from '@tanstack/redact/vite'
import viteReact from '@vitejs/plugin-react'
import { type Plugin, type UserConfig, defineConfig } from 'vite'

/**
 * The browser runs TanStack Redact, a React 19 compatible runtime about a fifth the size of
 * react-dom: it keeps every page's first-load JavaScript under 100 kB. The server keeps rendering
 * pages and e-mails with React, whose HTML Redact hydrates node for node. `false` gives the
 * browser real React again.
 */
const REDACT_IN_THE_BROWSER = true

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url))

/**
 * TanStack Redact in place of React in the browser and on the server: the same components in a
 * quarter of the JavaScript (first load ≈ 78 kB instead of ≈ 130 kB gzip). Set to false for real
 * React; nothing else changes.
 */
const USE_REDACT = true

/** `npm run dev` says in one line where it runs and where its data is. */
const whereItRuns = (): Plugin => ({
  name: 'where-it-runs',
  configureServer(server) {
    server.httpServer?.once('listening', () => {
      const address = server.httpServer?.address()
      const port = typeof address === 'object' && address ? address.port : server.config.server.port
      const database = process.env.DATABASE_URL ?? 'data/site.db'
      const outbox = process.env.MAIL_OUTBOX_DIR ?? 'data/outbox'
      server.config.logger.info(`  Udvikling: http://localhost:${port}/ · database ${database} · udbakke (e-mails) ${outbox}`)
    })
  },
})

/**
 * Redact's plugin swaps React in both the browser and the server build; this keeps its aliases to
 * the browser build (the `client` environment), so the server goes on importing React itself.
 */
function inTheBrowserOnly(plugins: Plugin[]): Plugin[] {
  return plugins.map((plugin) => {
    const config = plugin.config as ((...args: unknown[]) => UserConfig) | undefined
    return {
      ...plugin,
      applyToEnvironment: (environment) => environment.name === 'client',
      config: config && ((...args: unknown[]) => ({ environments: { client: config(...args).environments?.client ?? {} } })),
    }
  })
}

/**
 * For three seconds after hydrating, Redact ignores window.scrollTo when the visitor has just
 * scrolled (it protects a fresh scroll from a router restoring an old one). This site restores no
 * scroll, and the guard would leave a page opened from the footer scrolled down, so it goes. The
 * build fails if Redact no longer calls it the way this expects.
 */
const withoutHydrationScrollGuard = (): Plugin => ({
  name: 'redact-without-hydration-scroll-guard',
  applyToEnvironment: (environment) => environment.name === 'client',
  transform(code, id) {
    if (!/@tanstack[\\/]redact[\\/]dist[\\/]dom[\\/]features[\\/]hydration[\\/]full\.js$/.test(id)) return
    const call = '\n  installHydrationScrollGuard();\n'
    if (!code.includes(call)) this.error('Redact hydrates differently than vite.config.ts expects: check its scroll guard')
    return code.replace(call, '\n')
  },
})

export default defineConfig({
  server: { port: 3000 },
  resolve: {
    alias: {
      '~': fromRoot('./app'),
      '#content': fromRoot('./content'),
      '#db': fromRoot('./db'),
    },
  },
  plugins: [tailwindcss(), tanstackStart({ srcDirectory: 'app' }), viteReact(), REDACT_IN_THE_BROWSER && [inTheBrowserOnly(redact()), withoutHydrationScrollGuard()], whereItRuns()],
})
