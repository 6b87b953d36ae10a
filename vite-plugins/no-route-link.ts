import type { Plugin } from 'vite'

const ROUTE_MODULE = /[\\/]@tanstack[\\/]react-router[\\/]dist[\\/]esm[\\/]route\.js$/
const LINK_IMPORT = 'import { Link } from "./link.js";'

/**
 * Every route object of TanStack Router carries a `Route.Link` component, so the router's `Link`
 * (with its location building, preloading and intersection observer: 1.3 kB gzip) sat in the entry
 * script of every page, although the site renders no `Link`: its links are plain anchors that
 * app/lib/in-app-links.ts makes links of the app. In the client build `Route.Link` renders this
 * stand-in instead, which says what to do; `Link` imported from the router itself is untouched.
 * The build fails if the router's module no longer reads as expected (an update), rather than
 * silently keeping the `Link` in.
 */
export const noRouteLink = (): Plugin => ({
  name: 'no-route-link',
  applyToEnvironment: (environment) => environment.name === 'client',
  transform: {
    filter: { id: ROUTE_MODULE },
    handler(code, id) {
      if (!ROUTE_MODULE.test(id)) return
      if (!code.includes(LINK_IMPORT)) this.error(`${id} no longer imports Link as vite-plugins/no-route-link.ts expects: update the plugin`)
      const standIn = 'const Link = () => { throw new Error("Route.Link is left out of the client build (vite-plugins/no-route-link.ts): render an <a href>, as the site does everywhere") };'
      return { code: code.replace(LINK_IMPORT, standIn), map: null }
    },
  },
})
