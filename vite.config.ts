import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import viteReact from '@vitejs/plugin-react'
import { type Plugin, defineConfig } from 'vite'
import { answerableUrl } from './app/server/http/http.ts'
import { chunkModules } from './vite-plugins/chunk-modules.ts'
import { noPreloadHelper } from './vite-plugins/no-preload-helper.ts'
import { noRouteLink } from './vite-plugins/no-route-link.ts'

/**
 * Each route's loader gets a chunk of its own besides its component: a loader runs in the browser
 * only on a client-side navigation (the page as sent carries its data), so the server-function
 * client it calls (and its serializer) stays off the first load of every page. A route's pending
 * component goes with its component: the router loads both when it loads the route, and one file
 * is smaller than two (/blog, 0.2 kB).
 */
const SPLIT_ROUTES = [['loader'], ['component', 'pendingComponent'], ['errorComponent'], ['notFoundComponent']] as const satisfies string[][]

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

/**
 * `/%` gets the Danish not-found page, as from the production server (server.ts does the same):
 * this runs first (`enforce: 'pre'`), before the middleware that would answer a bare 400.
 */
const undecodablePathNotFound = (): Plugin => ({
  name: 'undecodable-path-not-found',
  enforce: 'pre',
  configureServer(server) {
    server.middlewares.use((req, _res, next) => {
      const url = answerableUrl(req.url ?? '/')
      // Start's dev middleware answers the original address: that one is replaced too.
      if (url !== req.url) req.url = req.originalUrl = url
      next()
    })
  },
})

export default defineConfig({
  server: { port: 3000 },
  // PUBLIC_DIR: a test's own folder of images, as the production server and the scripts use it.
  publicDir: process.env.PUBLIC_DIR ?? 'public',
  resolve: {
    alias: {
      '~': fromRoot('./app'),
      '#content': fromRoot('./content'),
      '#db': fromRoot('./db'),
      // The router's store asks for the shim that backports useSyncExternalStore to React 17;
      // React 19 has it built in, which the plain entry uses.
      'use-sync-external-store/shim/with-selector': 'use-sync-external-store/with-selector',
    },
  },
  environments: {
    client: {
      build: {
        // No <link rel="modulepreload"> for a lazily loaded chunk's imports: Vite's helper adds one
        // to <head> per import while the page hydrates, each a request started on the main thread
        // (about 40 ms of script on the home page here, 0.8 kB of helper). The chunks are small and
        // come from the same server; a link a visitor points at is loaded ahead anyway
        // (app/lib/in-app-links.ts).
        modulePreload: false,
        rolldownOptions: {
          output: {
            codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
            // V8's explicit compile hint on the entry (React, the router and the app's shared
            // code, nearly all of it run while the page hydrates): its functions are compiled while
            // the file streams in, on a background thread, instead of on the page's main thread the
            // first time each is called. About half of the main thread's compiling moved away
            // (README, Performance); the small route chunks gained nothing measurable from it.
            postBanner: (chunk) => (chunk.isEntry ? '//# allFunctionsCalledOnLoad' : ''),
          },
        },
      },
    },
  },
  plugins: [tailwindcss(), tanstackStart({ srcDirectory: 'app', router: { codeSplittingOptions: { defaultBehavior: SPLIT_ROUTES } } }), viteReact(), whereItRuns(), undecodablePathNotFound(), chunkModules(), noPreloadHelper(), noRouteLink()],
})
