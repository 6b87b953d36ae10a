import { createMiddleware, createStart } from '@tanstack/react-start'
import { serverFunctionsFromThisSite } from '~/lib/posts-from-this-site'
import { serverHeadAdapter, serverHtmlAdapter } from '~/lib/server-html'
import type { MiddlewareOptions } from '~/server/http/client-address.server'

/**
 * What Start does with every request, in this order (app/server.ts wraps it with the visitor's
 * address, the security headers and the access log):
 *   1. server functions: known ones only, a readable body within the limit, answers never stored;
 *   2. CSRF: a server function is only called from a page of this site, by its public origin (listed
 *      here, since a list of our own replaces Start's default one);
 *   3. pages: one canonical address, then from the page cache or rendered once into fixed bytes.
 * The work is in server-only modules, loaded on the server only.
 */
// Start types a middleware's context and `next` from its own generics, not from the request
// context the entry passes: `ours` states what they are.
const ours = (options: { request: Request; pathname: string; context: unknown; next: unknown }) => options as MiddlewareOptions

const serverFunctions = createMiddleware().server(async ({ request, pathname, context, next, handlerType }) => {
  if (handlerType !== 'serverFn') return next()
  const [{ guardServerFunction }, { serverFunctionPaths, largeBodyLimits }] = await Promise.all([
    import('~/server/http/server-fn-middleware.server'),
    import('~/server/http/server-functions.server'),
  ])
  return guardServerFunction(ours({ request, pathname, context, next }), serverFunctionPaths, largeBodyLimits)
})

const pages = createMiddleware().server(async ({ request, pathname, context, next, handlerType }) => {
  if (handlerType !== 'router') return next()
  const { answerPage } = await import('~/server/http/page-middleware.server')
  return answerPage(ours({ request, pathname, context, next }))
})

export const startInstance = createStart(() => ({
  // Request middleware runs on the server only; the browser's build leaves it (and its code) out.
  requestMiddleware: import.meta.env.SSR ? [serverFunctions, serverFunctionsFromThisSite, pages] : [],
  // What the server rendered into the page (parts as HTML, the head's tags) travels once, in the page (app/lib/server-html.ts).
  serializationAdapters: [serverHtmlAdapter, serverHeadAdapter],
}))
