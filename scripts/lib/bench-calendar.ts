import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { openDatabase } from '#db/database'
import { freeSlotsByDay } from '~/lib/booking/slots'
import { addDays } from '~/lib/booking/time'
import { checkAvailabilityText } from '~/server/booking/availability.server'
import { takenBetween } from '~/server/booking/bookings.server'
import { busyBetween, refreshBusySources } from '~/server/calendar/busy-sources.server'
import { googleLikeFeed, seriesHistoryFeed } from './busy-feed-fixture.ts'
import { startServer } from './server-process.ts'
import { printTable } from './table.ts'
import { startFeedServer } from '../../tests/calendar-servers.ts'

/**
 * The coach's calendar in the benchmark: reading the 2,000-event feed and a feed of 200 weekly series
 * since 2016 (in the background, in a worker thread), two weeks of free times computed with the busy
 * times (on every booking page; goal under 20 ms), and a booking page answered by the production
 * server while the feed hangs and while the series feed is read every second.
 */

const RULES = `varighed: 30
mellemrum: 15
tidligst: 24 timer
senest: 28 dage
uge:
  mandag: ["09:00", "10:00", "11:00", "13:00", "14:00"]
  tirsdag: ["09:00", "10:00", "11:00", "13:00", "14:00"]
  onsdag: ["09:00", "10:00", "11:00", "13:00", "14:00"]
  torsdag: ["09:00", "10:00", "11:00", "15:00", "16:00", "17:30"]
  fredag: ["09:00", "10:00", "11:00"]
`

const percentile = (values: number[], share: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * share))]!

export async function calendarBench(work: string, port: number) {
  const feed = await startFeedServer(googleLikeFeed(2000))
  const dbFile = join(work, 'calendar.db')
  const db = openDatabase(dbFile)
  const sources = [{ kind: 'ics' as const, url: feed.url, key: 'bench', label: 'bench' }]
  const now = new Date('2026-04-17T06:00:00Z')
  const timedReads = async () => {
    const times: number[] = []
    for (let i = 0; i < 5; i++) {
      db.$client.prepare('DELETE FROM busy_sources').run()
      const started = performance.now()
      const [result] = await refreshBusySources({ db, now, windowMinutes: 28 * 1440, sources })
      if (!result?.ok) throw new Error(`feedet kunne ikke læses: ${result?.error}`)
      times.push(performance.now() - started)
    }
    return times
  }
  feed.setFeed(seriesHistoryFeed(200))
  const seriesReads = await timedReads()
  feed.setFeed(googleLikeFeed(2000))
  const reads = await timedReads()
  const checked = checkAvailabilityText(RULES)
  if (!checked.ok) throw new Error(checked.errors.join('\n'))
  const availability = checked.availability
  const [from, to] = ['2026-04-20', addDays('2026-04-20', 13)]
  const computes: number[] = []
  let slots = 0
  for (let i = 0; i < 200; i++) {
    const started = performance.now()
    const days = freeSlotsByDay(availability, takenBetween(db, from, to), now, from, to, busyBetween(db, from, to, sources))
    computes.push(performance.now() - started)
    slots = days.reduce((sum, day) => sum + day.slots.length, 0)
  }
  db.$client.close()

  // The production server, its feed hanging from the start: the page is answered from what is stored.
  feed.mode = 'hang'
  const rulesFile = join(work, 'calendar-booking.yaml')
  writeFileSync(rulesFile, RULES)
  const server = await startServer(port, { DATABASE_URL: dbFile, BOOKING_FILE: rulesFile, BUSY_CALENDAR_URLS: feed.url, BUSY_REFRESH_SECONDS: '1' })
  await new Promise((resolve) => setTimeout(resolve, 1500))
  const pageTimes: number[] = []
  const statuses = new Set<number>()
  for (let i = 0; i < 20; i++) {
    const started = performance.now()
    const response = await fetch(`${server.url}/book-samtale`)
    await response.arrayBuffer()
    pageTimes.push(performance.now() - started)
    statuses.add(response.status)
  }
  await server.kill()

  // The same page while the 200 series are read every second (a feed whose copy is always read again).
  feed.setFeed(seriesHistoryFeed(200))
  feed.mode = 'ok'
  const busyServer = await startServer(port, { DATABASE_URL: dbFile, BOOKING_FILE: rulesFile, BUSY_CALENDAR_URLS: feed.url, BUSY_REFRESH_SECONDS: '1' })
  const readsBefore = feed.requests.length
  const duringReads: number[] = []
  for (const until = performance.now() + 6000; performance.now() < until; ) {
    const started = performance.now()
    await (await fetch(`${busyServer.url}/book-samtale`)).arrayBuffer()
    duringReads.push(performance.now() - started)
  }
  const refreshes = feed.requests.length - readsBefore
  await busyServer.kill()
  await feed.stop()

  console.log('Kalenderen (2.000 begivenheder i feedet):')
  printTable([
    { hvad: 'læse og udfolde feedet (baggrundsjob, egen tråd)', median: `${percentile(reads, 0.5).toFixed(1)} ms`, p95: `${percentile(reads, 0.95).toFixed(1)} ms`, mål: '–' },
    { hvad: 'læse 200 ugentlige serier siden 2016 (egen tråd)', median: `${percentile(seriesReads, 0.5).toFixed(1)} ms`, p95: `${percentile(seriesReads, 0.95).toFixed(1)} ms`, mål: '–' },
    { hvad: `to ugers ledige tider med optagede tider (${slots} tider)`, median: `${percentile(computes, 0.5).toFixed(2)} ms`, p95: `${percentile(computes, 0.95).toFixed(2)} ms`, mål: `under 20 ms: ${percentile(computes, 0.95) < 20 ? 'nået' : 'IKKE nået'}` },
    { hvad: `/book-samtale, mens feedet hænger (svar: ${[...statuses].join(', ')})`, median: `${percentile(pageTimes, 0.5).toFixed(1)} ms`, p95: `${percentile(pageTimes, 0.95).toFixed(1)} ms`, mål: statuses.size === 1 && statuses.has(200) ? 'besvaret' : 'IKKE besvaret' },
    {
      hvad: `/book-samtale, mens de 200 serier læses hvert sekund (${refreshes} læsninger, ${duringReads.length} svar)`,
      median: `${percentile(duringReads, 0.5).toFixed(1)} ms`,
      p95: `${percentile(duringReads, 0.95).toFixed(1)} ms`,
      mål: `under 100 ms: ${percentile(duringReads, 0.95) < 100 ? 'nået' : 'IKKE nået'} (længste ${Math.max(...duringReads).toFixed(0)} ms)`,
    },
  ])
  console.log()
}
