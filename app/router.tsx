import { createRouter } from '@tanstack/react-router'
import { ErrorPage, NotFound } from '~/components/lazy-pages'
import { routeTree } from './routeTree.gen'

export function getRouter() {
  return createRouter({
    routeTree,
    // The blog only changes when the coach seeds it. Data that came inside the page (however long
    // a cache kept that page) stays fresh for the life of the page view: no loader runs again on load.
    defaultStaleTime: Number.POSITIVE_INFINITY,
    scrollRestoration: false,
    defaultNotFoundComponent: NotFound,
    // A page that fails shows the site's own Danish error page inside the frame, never the error's text.
    defaultErrorComponent: ErrorPage,
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof getRouter>
  }
}
