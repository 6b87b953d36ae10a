import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import viteReact from '@vitejs/plugin-react'
import { type Plugin, defineConfig } from 'vite'
import { redactInTheBrowser } from './vite-plugins/redact-in-the-browser'

/**
 * The built site's browser code runs TanStack Redact, a React 19 compatible runtime much smaller
 * than react-dom: a page's first-load JavaScript is about 78 kB gzip instead of 131 kB (`npm run
 * bench`). The server keeps rendering pages and e-mails with React, whose HTML Redact hydrates
 * node for node; `npm run dev` keeps React too, with its warnings and fast refresh. `false` gives
 * the browser real React again; nothing else changes.
 */
const REDACT_IN_THE_BROWSER = true

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url))

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

export default defineConfig(({ command }) => {
  const withRedact = REDACT_IN_THE_BROWSER && command === 'build'
  return {
    server: { port: 3000 },
    define: { 'import.meta.env.HYDRATES_IN_ONE_TASK': JSON.stringify(withRedact) },
    resolve: {
      alias: {
        '~': fromRoot('./app'),
        '#content': fromRoot('./content'),
        '#db': fromRoot('./db'),
      },
    },
    plugins: [tailwindcss(), tanstackStart({ srcDirectory: 'app' }), viteReact(), withRedact && redactInTheBrowser(), whereItRuns()],
  }
})
