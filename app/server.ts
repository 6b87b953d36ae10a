import handler, { createServerEntry } from '@tanstack/react-start/server-entry'
import { startBackgroundJobs } from '~/server/jobs.server'
import { cachedPageReply } from '~/server/pages.server'
import { handleRequest, shutdown } from '~/server/request-pipeline.server'

// Hooks for the production server (server.ts at the root): its fast path for cached pages, and
// the shutdown it calls once in-flight requests are done.
Object.assign(globalThis, { __siteCachedPage: cachedPageReply, __siteShutdown: shutdown })

// Mail retries and the retention purge run from the moment the server has loaded.
startBackgroundJobs()

export default createServerEntry({
  fetch: (request) => handleRequest(request, (req) => handler.fetch(req)),
})
