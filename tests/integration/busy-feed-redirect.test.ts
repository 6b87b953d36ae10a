import { type Server, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, expect, it, vi } from 'vitest'
import { refreshBusySources } from '~/server/calendar/busy-sources.server'
import { googleLikeFeed } from '../../scripts/lib/busy-feed-fixture'
import { type FeedServer, startFeedServer } from '../calendar-servers'
import { temporaryDatabase } from '../helpers'

// A busy feed is fetched where the coach's address points, and nowhere else: a redirect (to
// another host or port: an address inside her network, a service on the server itself) is not
// followed, as CalDAV follows none. The source fails with the answer's status instead.

let target: FeedServer
let redirector: Server
afterEach(async () => {
  vi.unstubAllEnvs()
  await target?.stop()
  await new Promise((resolve) => redirector?.close(resolve))
})

it('does not follow a feed that redirects to another port; the source fails with the status', async () => {
  target = await startFeedServer(googleLikeFeed())
  redirector = createServer((_request, response) => response.writeHead(302, { Location: target.url }).end())
  await new Promise<void>((resolve) => redirector.listen(0, '127.0.0.1', resolve))
  vi.stubEnv('BUSY_CALENDAR_URLS', `http://127.0.0.1:${(redirector.address() as AddressInfo).port}/calendar/basic.ics`)
  vi.stubEnv('CALDAV_URL', '')
  const { db } = temporaryDatabase()
  const [result] = await refreshBusySources({ db, now: new Date('2026-04-17T06:00:00Z'), windowMinutes: 28 * 1440 })
  expect(result).toMatchObject({ ok: false, error: 'svarede 302' })
  expect(target.requests).toEqual([])
})
