import { clientAddress } from '~/server/http/http'

type ServerRequest = Request & {
  /** srvx's request: the Node request it came in as, with the address server.ts read from it. */
  runtime?: { node?: { req: { socket: { remoteAddress?: string }; clientAddress?: string } } }
  ip?: string
  /** Where TanStack Start's getRequestIP() looks first. */
  context?: { clientAddress?: string }
}

/**
 * The visitor's address is read once, at the entry, from the socket (or the trusted proxies of
 * TRUST_PROXY), and then travels with the request: every request the pipeline builds from another
 * (a body that was read, a page rendered for HEAD) carries it on.
 */
export function withClientAddress(request: Request, address: string): Request {
  const serverRequest = request as ServerRequest
  serverRequest.context = { ...serverRequest.context, clientAddress: address }
  return request
}

/**
 * The address given at the entry: by the production server (server.ts), or read from the socket
 * here the first time a request is seen (the development server).
 */
export function clientAddressOf(request: Request): string {
  const serverRequest = request as ServerRequest
  const known = serverRequest.context?.clientAddress ?? serverRequest.runtime?.node?.req.clientAddress
  if (known) return known
  const peer = serverRequest.runtime?.node?.req.socket.remoteAddress ?? serverRequest.ip
  const address = clientAddress(peer, request.headers.get('X-Forwarded-For'))
  withClientAddress(request, address)
  return address
}
