import handler, { createServerEntry } from '@tanstack/react-start/server-entry'
import { startBackgroundJobs } from '~/server/jobs.server'
import { writeConsoleAsJson } from '~/server/log.server'
import { fastReply, handleRequest, shutdown } from '~/server/http/request-pipeline.server'

// Every line a production server writes is JSON, the framework's own messages included.
if (process.env.NODE_ENV === 'production') writeConsoleAsJson()

// Mail retries and the retention purge run from the moment the server has loaded.
startBackgroundJobs()

export default createServerEntry({
  fetch: (request) => handleRequest(request, (req) => handler.fetch(req)),
})

/**
 * What the production server (server.ts) uses besides `fetch`: its fast path for static files
 * and cached pages,
 * and the shutdown it calls once in-flight requests are done. The one entry between the two.
 */
export const productionEntry = { fastReply, shutdown }
export type ProductionEntry = typeof productionEntry
