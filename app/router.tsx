import { QueryClient } from '@tanstack/react-query'
import { createRouter } from '@tanstack/react-router'
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query'
import { NotFound } from '~/components/not-found'
import { cspNoncePlaceholder } from '~/lib/csp'
import { routeTree } from './routeTree.gen'

export function getRouter() {
  const queryClient = new QueryClient({
    // The blog only changes when the coach seeds it; a minute of freshness saves round trips.
    defaultOptions: { queries: { staleTime: 60_000 } },
  })
  const router = createRouter({
    routeTree,
    context: { queryClient },
    defaultPreload: 'intent',
    scrollRestoration: false,
    defaultNotFoundComponent: NotFound,
    ssr: { nonce: cspNoncePlaceholder() },
  })
  setupRouterSsrQueryIntegration({ router, queryClient })
  return router
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof getRouter>
  }
}
