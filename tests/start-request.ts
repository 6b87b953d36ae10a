import { createServerEntry, getResponseHeaders, getResponseStatus } from '@tanstack/react-start/server'
import { runWithStartContext } from '@tanstack/start-storage-context'

/**
 * Runs server code the way Start runs it for one request: `getRequest()` gives this request,
 * `currentClientAddress()` this address, and the status and headers a server function set
 * (setResponseStatus, setResponseHeader) come back beside the result. Only the request scope is
 * Start's; the code under test is real.
 */
export async function inStartRequest<T>(request: Request, clientAddress: string, run: () => Promise<T>): Promise<{ result: T; status: number; headers: Headers }> {
  let outcome: { result: T; status: number; headers: Headers } | undefined
  const entry = createServerEntry({
    fetch: () =>
      runWithStartContext({ request, startOptions: {}, contextAfterGlobalMiddlewares: { clientAddress, served: {} } } as never, async () => {
        const result = await run()
        const headers = new Headers()
        getResponseHeaders().forEach((value, name) => headers.append(name, value))
        outcome = { result, status: getResponseStatus(), headers }
        return new Response(null, { status: 204 })
      }),
  })
  await entry.fetch(request)
  if (!outcome) throw new Error('the request scope ended without an outcome')
  return outcome
}
