import handler, { createServerEntry } from '@tanstack/react-start/server-entry'
import { handleRequest, shutdown } from '~/server/request-pipeline.server'

// The production server (server.ts at the root) calls this once in-flight requests are done.
;(globalThis as { __siteShutdown?: () => void }).__siteShutdown = shutdown

export default createServerEntry({
  fetch: (request) => handleRequest(request, (req) => handler.fetch(req)),
})
