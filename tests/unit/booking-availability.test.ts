import { describe, expect, it } from 'vitest'
import type { Availability } from '~/lib/booking/availability-schema'
import { bookingStatuses, isBookingStatus } from '~/lib/booking/booking-status'
import { type Taken, findOfferedSlot, firstFreeSlot, freeSlotsByDay, offeredSlots, parseSlotKey, slotKey, unavailability } from '~/lib/booking/slots'
import { availabilityLaunchItems, checkAvailabilityText } from '~/server/booking/availability.server'

const FILE = `# dansk tid
aaben: ja
varighed: 30
mellemrum: 15
tidligst: 24 timer
senest: 28 dage
afbud_senest: 12 timer
max_pr_dag: 3
slet_efter_dage: 90
former: [telefon, video, fremmoede]
uge:
  mandag:  ["09:00", "10:00", "11:00"]
  torsdag: ["16:00", "17:00"]
  fredag: ["10:00"]
helligdage: lukket
lukket: [2026-06-05, 2026-07-06 til 2026-07-24, 2026-04-13 10:00-12:00]
ekstra: {2026-08-15: ["10:00"]}
`

function availability(text = FILE): Availability {
  const result = checkAvailabilityText(text)
  if (!result.ok) throw new Error(result.errors.join('\n'))
  return result.availability
}

const errorsOf = (text: string) => {
  const result = checkAvailabilityText(text)
  return result.ok ? [] : result.errors
}

describe('the availability file', () => {
  it('reads the Danish keys into minutes and lists', () => {
    const settings = availability()
    expect(settings).toMatchObject({ open: true, durationMinutes: 30, bufferMinutes: 15, noticeMinutes: 1440, windowMinutes: 28 * 1440, cancelCutoffMinutes: 720, maxPerDay: 3, purgeAfterDays: 90 })
    expect(settings.week[0]).toEqual(['09:00', '10:00', '11:00'])
    expect(settings.week[3]).toEqual(['16:00', '17:00'])
    expect(settings.closed).toEqual([
      { from: '2026-06-05', to: '2026-06-05' },
      { from: '2026-07-06', to: '2026-07-24' },
      { from: '2026-04-13', to: '2026-04-13', fromTime: '10:00', toTime: '12:00' },
    ])
  })

  it('has defaults for what the coach leaves out', () => {
    const settings = availability('uge:\n  mandag: ["09:00"]\n')
    expect(settings).toMatchObject({ open: true, durationMinutes: 30, bufferMinutes: 0, noticeMinutes: 1440, windowMinutes: 28 * 1440, holidaysClosed: true, sample: false })
    expect(settings.modes).toEqual(['telefon', 'video', 'fremmoede'])
  })

  it('names the line and the fix of each mistake', () => {
    expect(errorsOf('aaben: ja\nvarighed: tredive\n')).toEqual(['linje 2: varighed skal være et tal, fx varighed: 30'])
    expect(errorsOf('aaben: ja\nvarighet: 30\n')[0]).toMatch(/^linje 1: »varighet« kendes ikke – ret stavningen/)
    expect(errorsOf('uge:\n  mandag: ["25.00"]\n')).toEqual(['linje 2: uge: mandag: »25.00« er ikke et klokkeslæt – skriv fx "9.00" eller "14.30" (også "14:30" går)'])
    expect(errorsOf('uge:\n  Mandag: ["09:00"]\n')[0]).toMatch(/^linje 2: uge: »Mandag« er ikke en ugedag/)
    expect(errorsOf('tidligst: 24\n')).toEqual(['linje 1: tidligst skal skrives som et tal og en enhed (minutter, timer eller dage), fx tidligst: 24 timer'])
    expect(errorsOf('lukket: [2026-07-24 til 2026-07-06]\n')).toEqual(['linje 1: lukket: »2026-07-24 til 2026-07-06« slutter før den begynder – skriv den tidligste dato først'])
    expect(errorsOf('former: [telefon, zoom]\n')[0]).toMatch(/^linje 1: former: brug kun telefon, video og fremmoede/)
    expect(errorsOf('aaben: ja\naaben: nej\n')[0]).toMatch(/^linje 2: .*en nøgle står to gange/)
    // A value over its limit is told the limit, not how to write a duration.
    expect(errorsOf('afbud_senest: 27 dage\n')).toEqual(['linje 1: afbud_senest må højst være 14 dage, fx afbud_senest: 12 timer'])
    expect(errorsOf('kalender_max_alder: 8 dage\n')).toEqual(['linje 1: kalender_max_alder må højst være 7 dage, fx kalender_max_alder: 3 timer'])
    expect(errorsOf('afbud_senest: 14 dage\n')).toEqual([])
    // An unclosed [ { or " is reported on its own line, not on the line where the parser noticed it.
    expect(errorsOf('varighed: 30\nuge:\n  mandag: ["09:00", "10:00"\n  tirsdag: ["13:00"]\n')[0]).toMatch(/^linje 3: filen kan ikke læses som YAML/)
    expect(errorsOf('varighed: 30\nmellemrum: "15\ntidligst: 24 timer\n')[0]).toMatch(/^linje 2: filen kan ikke læses som YAML/)
    expect(errorsOf('aaben: ja\nekstra: {2026-08-15: ["10:00"]\nvarighed: 30\n')[0]).toMatch(/^linje 2: filen kan ikke læses som YAML/)
  })

  it('refuses local times that the clock skips or repeats', () => {
    expect(errorsOf('uge:\n  søndag: ["02:30"]\n')[0]).toMatch(/^linje 2: uge: søndag 02:30 findes ikke/)
    expect(errorsOf('ekstra: {2026-03-29: ["02:30"]}\n')).toEqual(['linje 1: ekstra: 2026-03-29 kl. 02:30 findes ikke (uret springer en time frem) – vælg et andet klokkeslæt'])
    expect(errorsOf('ekstra: {2026-10-25: ["02:15"]}\n')).toEqual(['linje 1: ekstra: 2026-10-25 kl. 02:15 findes to gange (uret stilles en time tilbage) – vælg et andet klokkeslæt'])
  })
})

describe('the availability file’s messages', () => {
  it('names every unknown key, and says what the file and the week must look like', () => {
    expect(errorsOf('varighd: 30\nmellemrom: 5\n')).toEqual([
      'linje 1: »varighd«, »mellemrom« kendes ikke – ret stavningen; nøglerne er aaben, varighed, mellemrum, tidligst, senest, afbud_senest, max_pr_dag, kalender_max_alder, slet_efter_dage, former, uge, helligdage, lukket, ekstra, eksempel',
    ])
    expect(errorsOf('- mandag\n- tirsdag\n')).toEqual(['linje 1: filen skal bestå af nøgler og værdier, fx varighed: 30'])
    expect(errorsOf('uge:\n  Mandag: ["09:00"]\n  tirsdagg: ["10:00"]\n')).toEqual([
      'linje 2: uge: »Mandag«, »tirsdagg« er ikke en ugedag – skriv ugedagene med små bogstaver: mandag, tirsdag, onsdag, torsdag, fredag, lørdag, søndag',
    ])
    expect(errorsOf('aaben: ja\nuge: mandag 09:00\n')).toEqual(['linje 2: uge: skriv ugedagene under hinanden, fx mandag: ["09:00", "10:00"]'])
  })

  it('refuses Sunday times from 02:00 to 02:59 only, on the line of the Sunday', () => {
    const sunday = (time: string) => errorsOf(`uge:\n  mandag: ["09:00"]\n  søndag: ["${time}"]\n`)
    for (const time of ['01:59', '03:00', '03:30']) expect(sunday(time), time).toEqual([])
    expect(sunday('02:00')).toEqual(['linje 3: uge: søndag 02:00 findes ikke (eller findes to gange) de søndage, hvor der skiftes til og fra sommertid – vælg et klokkeslæt uden for 02:00–02:59'])
    expect(sunday('02:59')[0]).toMatch(/^linje 3: uge: søndag 02:59 findes ikke/)
  })

  it('names a date with a month or day that does not exist, instead of failing on it', () => {
    expect(errorsOf('lukket: [2026-13-01]\n')).toEqual(['linje 1: lukket: »2026-13-01« kan ikke læses – skriv en dato (2026-06-05), en periode (2026-07-06 til 2026-07-24) eller en del af en dag (2026-04-07 10.00-12.00)'])
    expect(errorsOf('lukket: [2026-02-30]\n')[0]).toMatch(/^linje 1: lukket: »2026-02-30« kan ikke læses/)
    expect(errorsOf('ekstra: {2026-13-01: ["10:00"]}\n')).toEqual(['linje 1: ekstra: skriv datoen som ÅÅÅÅ-MM-DD, fx 2026-08-15: ["10:00"]'])
  })

  it('refuses a duration beyond its bound, a part of a day that ends before it begins, and knows the booking statuses', () => {
    expect(errorsOf('senest: 400 dage\n')).toEqual(['linje 1: senest må højst være 365 dage, fx senest: 28 dage'])
    expect(errorsOf('lukket: [2026-04-07 12:00-10:00]\n')).toEqual(['linje 1: lukket: i »2026-04-07 12:00-10:00« skal det første klokkeslæt være før det sidste'])
    expect(bookingStatuses.filter(isBookingStatus)).toEqual([...bookingStatuses])
    for (const value of ['booked', '', undefined, 1]) expect(isBookingStatus(value), String(value)).toBe(false)
  })

  it('points at the date of an extra time the clock skips', () => {
    expect(errorsOf('ekstra:\n  2026-08-15: ["10:00"]\n  2026-03-29: ["02:30"]\n')).toEqual([
      'linje 3: ekstra: 2026-03-29 kl. 02:30 findes ikke (uret springer en time frem) – vælg et andet klokkeslæt',
    ])
  })
})

describe('what the availability file accepts, to the letter', () => {
  const CLOSED_FIX = 'skriv en dato (2026-06-05), en periode (2026-07-06 til 2026-07-24) eller en del af en dag (2026-04-07 10.00-12.00)'
  const closedOf = (entry: string) => availability(`lukket: ["${entry}"]\n`).closed

  it('reads only ja, nej, true and false as yes or no, and names the line of anything else', () => {
    expect(errorsOf('varighed: 30\naaben: måske\n')).toEqual(['linje 2: aaben: skriv ja (man kan booke) eller nej (kun kontaktformularen)'])
    expect(errorsOf('eksempel: måske\n')).toEqual(['linje 1: eksempel: skriv ja (tiderne er et forslag) eller slet linjen'])
  })

  it('reads a duration only as a number and a unit, with or without a space, and from 0', () => {
    expect(availability('tidligst: 24timer\n').noticeMinutes).toBe(1440)
    expect(availability('afbud_senest: 0 timer\n').cancelCutoffMinutes).toBe(0)
    expect(availability('tidligst: 0 minutter\n').noticeMinutes).toBe(0)
    expect(availability('tidligst: "24 timer "\n').noticeMinutes).toBe(1440)
    // Each duration's largest value is allowed, one minute more is not (afbud_senest: 14 dage).
    expect(availability('afbud_senest: 14 dage\n').cancelCutoffMinutes).toBe(20160)
    expect(errorsOf('afbud_senest: 20161 minutter\n')).toHaveLength(1)
    for (const value of ['ca. 24 timer', '-5 dage']) {
      expect(errorsOf(`tidligst: ${value}\n`), value).toEqual(['linje 1: tidligst skal skrives som et tal og en enhed (minutter, timer eller dage), fx tidligst: 24 timer'])
    }
    for (const value of ['2 dage og 4 timer', '2 dagene']) {
      expect(errorsOf(`senest: ${value}\n`), value).toEqual(['linje 1: senest skal skrives som et tal og en enhed (minutter, timer eller dage), fx senest: 28 dage'])
    }
  })

  it('reads a closed day written with spaces inside its quotes, a one-day period, and spaces inside a period or part of a day', () => {
    expect(closedOf(' 2026-06-05 ')).toEqual([{ from: '2026-06-05', to: '2026-06-05' }])
    // A date YAML is told to read as a time stamp comes as a date, and counts as that day.
    expect(availability('lukket: [!!timestamp 2026-06-05]\n').closed).toEqual([{ from: '2026-06-05', to: '2026-06-05' }])
    expect(closedOf('2026-07-06 til 2026-07-06')).toEqual([{ from: '2026-07-06', to: '2026-07-06' }])
    for (const entry of ['2026-07-06  til 2026-07-24', '2026-07-06 til  2026-07-24']) expect(closedOf(entry), entry).toEqual([{ from: '2026-07-06', to: '2026-07-24' }])
    for (const entry of ['2026-04-07 10:00 - 12:00', '2026-04-07 10:00 -12:00', '2026-04-07  10:00-12:00']) {
      expect(closedOf(entry), entry).toEqual([{ from: '2026-04-07', to: '2026-04-07', fromTime: '10:00', toTime: '12:00' }])
    }
  })

  it('reads a time as the site writes it (»14.30«, »9.00«) and as »14:30«, quoted or not', () => {
    const week = availability('uge:\n  mandag: ["9.00", "14.30", "14:45", 16.30, 9.05, "08.15"]\n').week[0]
    expect(week).toEqual(['08:15', '09:00', '09:05', '14:30', '14:45', '16:30'])
    expect(availability('ekstra: {2026-08-15: [10.00]}\n').extra).toEqual({ '2026-08-15': ['10:00'] })
    expect(closedOf('2026-04-07 10.00–12.30')).toEqual([{ from: '2026-04-07', to: '2026-04-07', fromTime: '10:00', toTime: '12:30' }])
    for (const value of ['"24.00"', '"14.3"', '"1430"', '"kl. 14.30"', '14.75']) {
      expect(errorsOf(`uge:\n  mandag: [${value}]\n`), value).toEqual([expect.stringMatching(/^linje 2: uge: mandag: ».*« er ikke et klokkeslæt – skriv fx "9\.00" eller "14\.30"/)])
    }
  })

  it('refuses a closed entry with other text before or after it, instead of reading part of it', () => {
    for (const entry of ['fra 2026-07-06 til 2026-07-24', '2026-07-06 til 2026-07-24 og 2026-08-03', 'kl. 2026-04-07 10:00-12:00', '2026-04-07 10:00-12:00 og 14:00-15:00']) {
      expect(errorsOf(`lukket: ["${entry}"]\n`), entry).toEqual([`linje 1: lukket: »${entry}« kan ikke læses – ${CLOSED_FIX}`])
    }
  })

  it('refuses a part of a day that ends when it begins', () => {
    expect(errorsOf('lukket: ["2026-04-07 10:00-10:00"]\n')).toEqual(['linje 1: lukket: i »2026-04-07 10:00-10:00« skal det første klokkeslæt være før det sidste'])
  })

  it('refuses an extra date that is only a year or a month, on its line, also when YAML reads it as a number', () => {
    const fix = 'ekstra: skriv datoen som ÅÅÅÅ-MM-DD, fx 2026-08-15: ["10:00"]'
    expect(errorsOf('aaben: ja\nekstra:\n  "2026-08": ["10:00"]\n')).toEqual([`linje 3: ${fix}`])
    expect(errorsOf('aaben: ja\nekstra:\n  2026: ["10:00"]\n')).toEqual([`linje 3: ${fix}`])
    expect(errorsOf('ekstra: 2026-08-15\n')).toEqual(['linje 1: ekstra: skriv ekstra tider pr. dato, fx ekstra: {2026-08-15: ["10:00"]}'])
  })

  it('names the line where the keys begin for a mistake of the whole file', () => {
    expect(errorsOf('# Bookingtider\n# dansk tid\nvarigted: 30\n')).toEqual([
      'linje 3: »varigted« kendes ikke – ret stavningen; nøglerne er aaben, varighed, mellemrum, tidligst, senest, afbud_senest, max_pr_dag, kalender_max_alder, slet_efter_dage, former, uge, helligdage, lukket, ekstra, eksempel',
    ])
  })
})

describe('free times', () => {
  const settings = availability()
  const at = (iso: string) => new Date(iso)
  const slot = (date: string, time: string) => findOfferedSlot(settings, date, time)!

  it('closes public holidays unless the file opens them, and keeps 1 May (former store bededag) open', () => {
    // Easter Monday 2026 (6 April) and Ascension Day (14 May) fall on a Monday and a Thursday.
    expect(offeredSlots(settings, '2026-04-06')).toEqual([])
    expect(offeredSlots(settings, '2026-05-14')).toEqual([])
    expect(offeredSlots(availability(`${FILE.replace('helligdage: lukket', 'helligdage: åben')}`), '2026-04-06')).toHaveLength(3)
    expect(offeredSlots(settings, '2026-05-01').map((free) => free.time)).toEqual(['10:00'])
  })

  it('closes days, periods and part of a day, and adds extra times', () => {
    expect(offeredSlots(settings, '2026-06-05')).toEqual([])
    expect(offeredSlots(settings, '2026-07-13')).toEqual([])
    expect(offeredSlots(settings, '2026-04-13').map((free) => free.time)).toEqual(['09:00'])
    expect(offeredSlots(settings, '2026-08-15').map((free) => [free.time, free.start.toISOString()])).toEqual([['10:00', '2026-08-15T08:00:00.000Z']])
  })

  it('enforces notice and window from a fixed clock', () => {
    const monday = slot('2026-04-20', '10:00') // 08:00Z
    expect(unavailability(settings, monday, [], at('2026-04-19T09:00:00Z'))).toBe('for-tidligt') // 23 h ahead
    expect(unavailability(settings, monday, [], at('2026-04-19T08:00:00Z'))).toBeUndefined() // exactly 24 h
    expect(unavailability(settings, monday, [], at('2026-03-22T07:59:00Z'))).toBe('for-sent') // 29 days ahead
    expect(unavailability(settings, monday, [], at('2026-03-23T08:00:00Z'))).toBeUndefined() // 28 days
  })

  it('keeps the buffer around every booking, whatever length it was booked with', () => {
    const now = at('2026-04-01T00:00:00Z')
    const booked: Taken[] = [{ startsAt: '2026-04-20T08:00:00.000Z', endsAt: '2026-04-20T08:30:00.000Z', localDate: '2026-04-20' }]
    const quarterPast = { ...slot('2026-04-20', '10:00'), time: '10:15', start: at('2026-04-20T08:15:00Z'), end: at('2026-04-20T08:45:00Z') }
    expect(unavailability(settings, quarterPast, booked, now)).toBe('taget')
    expect(unavailability(settings, slot('2026-04-20', '09:00'), booked, now)).toBeUndefined()
    const longer: Taken[] = [{ startsAt: '2026-04-20T07:00:00.000Z', endsAt: '2026-04-20T07:50:00.000Z', localDate: '2026-04-20' }]
    expect(unavailability(settings, slot('2026-04-20', '10:00'), longer, now)).toBe('taget') // 09:50 + 15 min > 10:00
  })

  it('stops at the maximum per day and lists the free times per day', () => {
    const now = at('2026-04-01T00:00:00Z')
    const three: Taken[] = ['06:00', '07:00', '12:00'].map((time) => ({ startsAt: `2026-04-20T${time}:00.000Z`, endsAt: `2026-04-20T${time.slice(0, 2)}:30:00.000Z`, localDate: '2026-04-20' }))
    expect(unavailability(settings, slot('2026-04-20', '11:00'), three, now)).toBe('dagen-fuld')
    const days = freeSlotsByDay(settings, [], now, '2026-04-20', '2026-04-24')
    expect(days.map((day) => [day.date, day.slots.map((free) => free.time)])).toEqual([
      ['2026-04-20', ['09:00', '10:00', '11:00']],
      ['2026-04-23', ['16:00', '17:00']],
      ['2026-04-24', ['10:00']],
    ])
  })
})

describe('the edges of the rules', () => {
  const at = (iso: string) => new Date(iso)
  const edges = availability(`uge:
  mandag: ["12:00", "09:00", "10:00", "11:59"]
mellemrum: 15
lukket: [2026-07-06 til 2026-07-24, 2026-04-13 10:00-12:00]
ekstra: {2026-04-20: ["09:00", "08:00"]}
max_pr_dag: 2
`)

  it('closes part of a day from its first time up to, not including, its last, and a period with both ends', () => {
    expect(offeredSlots(edges, '2026-04-13').map((free) => free.time)).toEqual(['09:00', '12:00'])
    expect(offeredSlots(edges, '2026-07-06')).toEqual([])
    expect(offeredSlots(edges, '2026-07-20')).toEqual([])
    expect(offeredSlots(edges, '2026-06-29').map((free) => free.time)).toEqual(['09:00', '10:00', '11:59', '12:00'])
    expect(offeredSlots(edges, '2026-07-27')).toHaveLength(4)
  })

  it('offers a time given twice once, in clock order, and nothing on a day without times', () => {
    expect(offeredSlots(edges, '2026-04-20').map((free) => free.time)).toEqual(['08:00', '09:00', '10:00', '11:59', '12:00'])
    expect(offeredSlots(edges, '2026-04-21')).toEqual([])
  })

  it('frees the time right after a booking’s buffer, and fills a day only at its maximum', () => {
    const now = at('2026-04-01T00:00:00Z')
    // 09:00–09:30 dansk tid is 07:00Z–07:30Z; with 15 minutes' buffer 09:45 is free, 09:44 is not.
    const booked: Taken[] = [{ startsAt: '2026-04-20T07:00:00.000Z', endsAt: '2026-04-20T07:30:00.000Z', localDate: '2026-04-20' }]
    const startingAt = (iso: string) => ({ date: '2026-04-20', time: 'x', start: at(iso), end: new Date(at(iso).getTime() + 30 * 60_000) })
    expect(unavailability(edges, startingAt('2026-04-20T07:45:00Z'), booked, now)).toBeUndefined()
    expect(unavailability(edges, startingAt('2026-04-20T07:44:00Z'), booked, now)).toBe('taget')
    // And before it: a slot ending 15 minutes before the booking starts is free.
    expect(unavailability(edges, startingAt('2026-04-20T06:15:00Z'), booked, now)).toBeUndefined()
    expect(unavailability(edges, startingAt('2026-04-20T06:16:00Z'), booked, now)).toBe('taget')
    const other: Taken = { startsAt: '2026-04-20T10:00:00.000Z', endsAt: '2026-04-20T10:30:00.000Z', localDate: '2026-04-20' }
    expect(unavailability(edges, findOfferedSlot(edges, '2026-04-20', '09:00')!, [other], now)).toBeUndefined()
    expect(unavailability(edges, findOfferedSlot(edges, '2026-04-20', '09:00')!, [other, { ...other, startsAt: '2026-04-20T11:00:00.000Z', endsAt: '2026-04-20T11:30:00.000Z' }], now)).toBe('dagen-fuld')
    // A booking of another day does not count towards this one.
    expect(unavailability(edges, findOfferedSlot(edges, '2026-04-20', '09:00')!, [other, { ...other, localDate: '2026-04-21' }], now)).toBeUndefined()
  })

  it('offers nothing while booking is closed, and finds no first free time then', () => {
    const closed = availability('aaben: nej\nuge:\n  mandag: ["09:00"]\n')
    expect(unavailability(closed, findOfferedSlot(closed, '2026-04-20', '09:00')!, [], at('2026-04-01T00:00:00Z'))).toBe('lukket')
    expect(firstFreeSlot(closed, [], at('2026-04-01T00:00:00Z'))).toBeUndefined()
    // Easter Monday (6 April) is closed; on 13 April only 10:00–12:00 is.
    expect(firstFreeSlot(edges, [], at('2026-04-01T00:00:00Z'))).toMatchObject({ date: '2026-04-13', time: '09:00' })
  })

  it('finds a first free time on the last date of the window, earlier in the day than now', () => {
    // Monday 20 April 10:00 dansk tid (08:00Z); the window of 2 days ends Wednesday 22 April 10:00, and only Wednesday 09:00 is offered.
    const wednesday = availability('senest: 2 dage\nuge:\n  onsdag: ["09:00"]\n')
    expect(firstFreeSlot(wednesday, [], at('2026-04-20T08:00:00Z'))).toMatchObject({ date: '2026-04-22', time: '09:00', start: at('2026-04-22T07:00:00Z') })
  })

  it('reads a time’s address only in its exact form', () => {
    expect(parseSlotKey('2026-04-20T10:00')).toEqual({ date: '2026-04-20', time: '10:00' })
    for (const key of ['x2026-04-20T10:00', '2026-04-20T10:00x', '2026-04-20 10:00', '2026-4-20T10:00', '2026-02-30T09:00', '2026-13-45T10:00', '2026-04-20T25:00', '2026-04-20T10:00T10:00']) {
      expect(parseSlotKey(key), key).toBeUndefined()
    }
    expect(slotKey({ date: '2026-04-20', time: '10:00' })).toBe('2026-04-20T10:00')
  })
})

describe('the launch check of the file', () => {
  it('names errors, the shipped sample and a retention that differs from the privacy policy', () => {
    expect(availabilityLaunchItems(checkAvailabilityText('varighed: tredive\n'), 90)).toEqual([
      { what: 'linje 1: varighed skal være et tal, fx varighed: 30 (siden bruger de sidste gyldige regler, indtil fejlen er rettet; har filen aldrig været gyldig, er booking lukket)', where: 'content/booking.yaml' },
    ])
    expect(availabilityLaunchItems(checkAvailabilityText('eksempel: ja\n'), 90).map((item) => item.what)).toEqual([
      'bookingtiderne er et eksempel (eksempel: ja) – skriv dine egne tider, lukkede dage og regler, og slet linjen »eksempel: ja«',
    ])
    expect(availabilityLaunchItems(checkAvailabilityText('slet_efter_dage: 60\n'), 90).map((item) => item.what)).toEqual([
      'slet_efter_dage er 60, men privatlivspolitikken lover 90 dage (bookinger_dage under slettes_efter i content/privatliv.yaml) – skriv det samme tal begge steder',
    ])
    expect(availabilityLaunchItems(checkAvailabilityText('slet_efter_dage: 60\n'), 60)).toEqual([])
  })
})
