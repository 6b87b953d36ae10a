import handler, { createServerEntry } from '@tanstack/react-start/server-entry'
import { fastReply, serveRequest, shutdown } from '~/server/http/request-pipeline.server'
import { startBackgroundJobs } from '~/server/jobs.server'
import { log, writeConsoleAsJson } from '~/server/log.server'
import { removeLeftoverTemporaryFiles } from '~/server/mail/mail-transport.server'

// Every line a production server writes is JSON, the framework's own messages included.
if (process.env.NODE_ENV === 'production') writeConsoleAsJson()

// Mail retries and the retention purge run from the moment the server has loaded.
startBackgroundJobs()
// What a killed process left half-written in the outbox goes before anything else is written.
void removeLeftoverTemporaryFiles().then((removed) => removed.length > 0 && log('info', 'leftover outbox files removed', { files: removed.length }))

/**
 * Every request Start answers comes in here: the production server (server.ts) passes the address
 * it read from the socket in the context; the development server passes none, and it is read here.
 */
export default createServerEntry({
  fetch: (request, options) => serveRequest(request, options?.context?.clientAddress, (context) => handler.fetch(request, { context })),
})

/**
 * What the production server (server.ts) uses besides `fetch`: its fast path for static files
 * and cached pages, and the shutdown it calls once in-flight requests are done.
 */
export const productionEntry = { fastReply, shutdown }
export type ProductionEntry = typeof productionEntry
