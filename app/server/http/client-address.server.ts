import { getGlobalStartContext } from '@tanstack/react-start'
import { clientAddress } from '~/server/http/http'

/**
 * What travels with a request through Start (`handler.fetch(request, { context })`), set once at
 * the entry: the visitor's address, and what the pipeline learned for the access log.
 */
export type RequestContext = {
  clientAddress: string
  /** Filled in by the page middleware: whether the page came from the page cache. */
  served: { cache?: 'hit' | 'miss' }
}

declare module '@tanstack/react-router' {
  interface Register {
    server: { requestContext: RequestContext }
  }
}

/** What app/start.ts hands each request middleware of ours. */
export type MiddlewareOptions = { request: Request; pathname: string; context: RequestContext; next: () => Promise<{ response: Response }> }

/** srvx's request: the Node request it came in as. */
type NodeBackedRequest = Request & { runtime?: { node?: { req: { socket: { remoteAddress?: string } } } }; ip?: string }

/**
 * The address of a request the production server has not read (the development server): from
 * its socket, or the trusted proxies of TRUST_PROXY, as server.ts does.
 */
export function socketAddressOf(request: Request): string {
  const nodeBacked = request as NodeBackedRequest
  return clientAddress(nodeBacked.runtime?.node?.req.socket.remoteAddress ?? nodeBacked.ip, request.headers.get('X-Forwarded-For'))
}

/** The visitor's address, inside Start (a server function, a middleware). */
export function currentClientAddress(): string {
  return (getGlobalStartContext() as unknown as RequestContext).clientAddress
}
