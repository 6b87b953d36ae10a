import { lazyRouteComponent } from '@tanstack/react-router'

/**
 * The not-found and error pages, loaded only when a page is one of them: a visitor who never
 * meets them does not download them with every page.
 */
export const NotFound = lazyRouteComponent(() => import('~/components/not-found'), 'NotFound')
export const ErrorPage = lazyRouteComponent(() => import('~/components/error-page'), 'ErrorPage')
