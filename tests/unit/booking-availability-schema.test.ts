import { describe, expect, it } from 'vitest'
import { parseDocument } from 'yaml'
import { loadedAfresh } from '../helpers'

// content/booking.yaml as the schema reads it when a server starts: what each key accepts, what it
// is when the coach leaves it out, and the exact Danish message for each mistake. The schema, its
// messages and its tables are made when the module loads, so each test loads it anew (Stryker
// switches a change on after the test file's imports have run, see loadedAfresh).

const schemaModule = () => loadedAfresh<typeof import('~/lib/booking/availability-schema')>('~/lib/booking/availability-schema')

/** The file's text read as YAML and checked by a freshly loaded schema: the settings, or every message. */
async function read(text: string) {
  const { availabilityFileSchema, toAvailability } = await schemaModule()
  const result = availabilityFileSchema.safeParse(parseDocument(text).toJS() ?? {})
  return result.success ? { ok: true as const, availability: toAvailability(result.data) } : { ok: false as const, errors: result.error.issues.map((issue) => issue.message) }
}
const settingsOf = async (text: string) => {
  const result = await read(text)
  if (!result.ok) throw new Error(result.errors.join('\n'))
  return result.availability
}
const errorsOf = async (text: string) => {
  const result = await read(text)
  return result.ok ? [] : result.errors
}

const CLOSED_FIX = 'skriv en dato (2026-06-05), en periode (2026-07-06 til 2026-07-24) eller en del af en dag (2026-04-07 10.00-12.00)'

describe('a file that leaves everything out', () => {
  it('opens booking with the shipped defaults', async () => {
    expect(await settingsOf('')).toEqual({
      open: true,
      durationMinutes: 30,
      bufferMinutes: 0,
      noticeMinutes: 24 * 60,
      windowMinutes: 28 * 1440,
      cancelCutoffMinutes: 12 * 60,
      maxPerDay: undefined,
      calendarMaxAgeMinutes: 3 * 60,
      purgeAfterDays: 90,
      modes: ['telefon', 'video', 'fremmoede'],
      week: [[], [], [], [], [], [], []],
      holidaysClosed: true,
      closed: [],
      extra: {},
      sample: false,
    })
  })
})

describe('yes and no', () => {
  it('are ja, true and true for yes, and nej, false and false for no, for aaben and eksempel alike', async () => {
    for (const value of ['ja', '"true"', 'true']) {
      expect((await settingsOf(`aaben: ${value}\neksempel: ${value}\n`)).open, value).toBe(true)
      expect((await settingsOf(`eksempel: ${value}\n`)).sample, value).toBe(true)
    }
    for (const value of ['nej', '"false"', 'false']) {
      expect((await settingsOf(`aaben: ${value}\n`)).open, value).toBe(false)
      expect((await settingsOf(`eksempel: ${value}\n`)).sample, value).toBe(false)
    }
  })

  it('refuse any other word or a number, each with its own fix', async () => {
    for (const value of ['måske', '""', '1', '[ja]']) {
      expect(await errorsOf(`aaben: ${value}\n`), value).toEqual(['aaben: skriv ja (man kan booke) eller nej (kun kontaktformularen)'])
      expect(await errorsOf(`eksempel: ${value}\n`), value).toEqual(['eksempel: skriv ja (tiderne er et forslag) eller slet linjen'])
    }
  })
})

describe('the minutes of a conversation and the buffer', () => {
  it('accept whole minutes within their bounds', async () => {
    expect(await settingsOf('varighed: 10\nmellemrum: 0\n')).toMatchObject({ durationMinutes: 10, bufferMinutes: 0 })
    expect(await settingsOf('varighed: 240\nmellemrum: 240\n')).toMatchObject({ durationMinutes: 240, bufferMinutes: 240 })
  })

  it('name the key, the bound and an example in each refusal', async () => {
    expect(await errorsOf('varighed: tredive\n')).toEqual(['varighed skal være et tal, fx varighed: 30'])
    expect(await errorsOf('varighed: 30.5\n')).toEqual(['varighed skal være et helt antal minutter, fx varighed: 30'])
    expect(await errorsOf('varighed: 9\n')).toEqual(['varighed skal være mindst 10, fx varighed: 30'])
    expect(await errorsOf('varighed: 241\n')).toEqual(['varighed må højst være 240, fx varighed: 30'])
    expect(await errorsOf('mellemrum: et kvarter\n')).toEqual(['mellemrum skal være et tal, fx mellemrum: 15'])
    expect(await errorsOf('mellemrum: 7.5\n')).toEqual(['mellemrum skal være et helt antal minutter, fx mellemrum: 15'])
    expect(await errorsOf('mellemrum: -1\n')).toEqual(['mellemrum skal være mindst 0, fx mellemrum: 15'])
    expect(await errorsOf('mellemrum: 241\n')).toEqual(['mellemrum må højst være 240, fx mellemrum: 15'])
  })
})

describe('a duration', () => {
  it('is read in minutes, hours or days, each in the singular and the plural', async () => {
    const notice = async (value: string) => (await settingsOf(`tidligst: ${value}\n`)).noticeMinutes
    expect(await notice('1 minut')).toBe(1)
    expect(await notice('90 minutter')).toBe(90)
    expect(await notice('1 time')).toBe(60)
    expect(await notice('3 timer')).toBe(180)
    expect(await notice('1 dag')).toBe(1440)
    expect(await notice('2 dage')).toBe(2880)
    expect(await notice('2 DAGE')).toBe(2880)
  })

  it('is accepted up to each key’s largest value', async () => {
    expect(await settingsOf('tidligst: 30 dage\nsenest: 365 dage\nafbud_senest: 14 dage\nkalender_max_alder: 7 dage\n')).toMatchObject({
      noticeMinutes: 30 * 1440,
      windowMinutes: 365 * 1440,
      cancelCutoffMinutes: 14 * 1440,
      calendarMaxAgeMinutes: 7 * 1440,
    })
  })

  it('beyond it, or without a unit, is refused with the key and its own example: the limit when over it, the format when unreadable', async () => {
    const fix = (key: string, example: string) => `${key} skal skrives som et tal og en enhed (minutter, timer eller dage), fx ${key}: ${example}`
    const limit = (key: string, most: string, example: string) => `${key} må højst være ${most}, fx ${key}: ${example}`
    expect(await errorsOf('tidligst: 31 dage\n')).toEqual([limit('tidligst', '30 dage', '24 timer')])
    expect(await errorsOf('senest: 366 dage\n')).toEqual([limit('senest', '365 dage', '28 dage')])
    expect(await errorsOf('afbud_senest: 15 dage\n')).toEqual([limit('afbud_senest', '14 dage', '12 timer')])
    expect(await errorsOf('afbud_senest: 337 timer\n')).toEqual([limit('afbud_senest', '14 dage', '12 timer')])
    expect(await errorsOf('kalender_max_alder: 8 dage\n')).toEqual([limit('kalender_max_alder', '7 dage', '3 timer')])
    // A bare number is no text at all, and is refused with the same fix.
    expect(await errorsOf('kalender_max_alder: 3\n')).toEqual([fix('kalender_max_alder', '3 timer')])
    expect(await errorsOf('senest: 4 uger\n')).toEqual([fix('senest', '28 dage')])
  })
})

describe('the maximum per day and the days a booking is kept', () => {
  it('accept whole numbers from 1, and up to 3650 days', async () => {
    expect(await settingsOf('max_pr_dag: 1\nslet_efter_dage: 1\n')).toMatchObject({ maxPerDay: 1, purgeAfterDays: 1 })
    expect(await settingsOf('max_pr_dag: 12\nslet_efter_dage: 3650\n')).toMatchObject({ maxPerDay: 12, purgeAfterDays: 3650 })
  })

  it('say what is wrong with anything else', async () => {
    expect(await errorsOf('max_pr_dag: tre\n')).toEqual(['max_pr_dag skal være et tal, fx max_pr_dag: 3'])
    expect(await errorsOf('max_pr_dag: 2.5\n')).toEqual(['max_pr_dag skal være et helt tal, fx max_pr_dag: 3'])
    expect(await errorsOf('max_pr_dag: 0\n')).toEqual(['max_pr_dag skal være mindst 1, fx max_pr_dag: 3'])
    expect(await errorsOf('slet_efter_dage: halvfems\n')).toEqual(['slet_efter_dage skal være et tal, fx slet_efter_dage: 90'])
    expect(await errorsOf('slet_efter_dage: 90.5\n')).toEqual(['slet_efter_dage skal være et helt antal dage, fx slet_efter_dage: 90'])
    expect(await errorsOf('slet_efter_dage: 0\n')).toEqual(['slet_efter_dage skal være mindst 1, fx slet_efter_dage: 90'])
    expect(await errorsOf('slet_efter_dage: 3651\n')).toEqual(['slet_efter_dage må højst være 3650, fx slet_efter_dage: 90'])
  })
})

describe('the kinds of conversation', () => {
  it('are those the coach lists', async () => {
    expect((await settingsOf('former: [video]\n')).modes).toEqual(['video'])
    expect((await settingsOf('former: [fremmoede, telefon]\n')).modes).toEqual(['fremmoede', 'telefon'])
  })

  it('must be known kinds, in a list, at least one', async () => {
    expect(await errorsOf('former: [telefon, zoom]\n')).toEqual(['former: brug kun telefon, video og fremmoede, fx former: [telefon, video, fremmoede]'])
    expect(await errorsOf('former: telefon\n')).toEqual(['former: skriv samtaleformerne som en liste, fx former: [telefon, video, fremmoede]'])
    expect(await errorsOf('former: []\n')).toEqual(['former: skriv mindst én samtaleform, fx former: [telefon]'])
  })
})

describe('the week', () => {
  it('gives each weekday its times, in clock order, written as the site writes them or with a colon', async () => {
    expect((await settingsOf('uge:\n  mandag: ["14.30", 9.00, "10:00"]\n  søndag: ["18.00"]\n')).week).toEqual([['09:00', '10:00', '14:30'], [], [], [], [], [], ['18:00']])
  })

  it('names a time that is no time, a time that is neither text nor a number, and a day not written as a list', async () => {
    expect(await errorsOf('uge:\n  tirsdag: ["25.00"]\n')).toEqual(['uge: tirsdag: »25.00« er ikke et klokkeslæt – skriv fx "9.00" eller "14.30" (også "14:30" går)'])
    expect(await errorsOf('uge:\n  tirsdag: [true]\n')).toEqual(['uge: tirsdag: skriv klokkeslæt som "9.00" eller "14.30"'])
    expect(await errorsOf('uge:\n  tirsdag: "09:00"\n')).toEqual(['uge: tirsdag: skriv tiderne som en liste, fx ["09:00", "10:00"]'])
  })

  it('reads a time with spaces inside its quotes, and refuses two times written without a comma between them', async () => {
    expect((await settingsOf('uge:\n  mandag: [" 9.00 ", "14.30"]\n')).week[0]).toEqual(['09:00', '14:30'])
    // Read as 9.00 alone, the 10.00 she meant would silently be missing.
    expect(await errorsOf('uge:\n  mandag: ["9.00 10.00"]\n')).toEqual(['uge: mandag: »9.00 10.00« er ikke et klokkeslæt – skriv fx "9.00" eller "14.30" (også "14:30" går)'])
  })

  it('names a day that is no weekday, and a week not written as days under each other', async () => {
    expect(await errorsOf('uge:\n  Mandag: ["09:00"]\n')).toEqual(['uge: »Mandag« er ikke en ugedag – skriv ugedagene med små bogstaver: mandag, tirsdag, onsdag, torsdag, fredag, lørdag, søndag'])
    expect(await errorsOf('uge: mandag 09:00\n')).toEqual(['uge: skriv ugedagene under hinanden, fx mandag: ["09:00", "10:00"]'])
  })
})

describe('public holidays', () => {
  it('are closed by lukket and open by åben or aaben', async () => {
    expect((await settingsOf('helligdage: lukket\n')).holidaysClosed).toBe(true)
    expect((await settingsOf('helligdage: åben\n')).holidaysClosed).toBe(false)
    expect((await settingsOf('helligdage: aaben\n')).holidaysClosed).toBe(false)
  })

  it('accept no other word', async () => {
    expect(await errorsOf('helligdage: nej\n')).toEqual(['helligdage: skriv lukket (helligdage er lukkede) eller åben'])
  })
})

describe('closed days', () => {
  it('are a day, a period or part of a day, also a date YAML reads as a time stamp', async () => {
    expect((await settingsOf('lukket: [2026-06-05, 2026-07-06 til 2026-07-24, 2026-04-07 10.00-12.00, !!timestamp 2026-08-03]\n')).closed).toEqual([
      { from: '2026-06-05', to: '2026-06-05' },
      { from: '2026-07-06', to: '2026-07-24' },
      { from: '2026-04-07', to: '2026-04-07', fromTime: '10:00', toTime: '12:00' },
      { from: '2026-08-03', to: '2026-08-03' },
    ])
  })

  it('refuse part of a day on a date that does not exist, or with a time that is no time', async () => {
    for (const entry of ['2026-02-30 10:00-12:00', '2026-04-07 25:00-12:00', '2026-04-07 10:00-25:00']) {
      expect(await errorsOf(`lukket: ["${entry}"]\n`), entry).toEqual([`lukket: »${entry}« kan ikke læses – ${CLOSED_FIX}`])
    }
  })

  it('say how to write an entry that is neither text nor a date, and a list that is no list', async () => {
    expect(await errorsOf('lukket: [5]\n')).toEqual([`lukket: ${CLOSED_FIX}`])
    expect(await errorsOf('lukket: 2026-06-05\n')).toEqual(['lukket: skriv lukkede dage som en liste, fx lukket: [2026-06-05, 2026-07-06 til 2026-07-24]'])
  })
})

describe('extra times', () => {
  it('are added by date', async () => {
    expect((await settingsOf('ekstra: {2026-08-15: ["10.00", "11:00"]}\n')).extra).toEqual({ '2026-08-15': ['10:00', '11:00'] })
  })

  it('name the date, the time or the list that is wrong', async () => {
    expect(await errorsOf('ekstra: {2026-08-15: ["25.00"]}\n')).toEqual(['ekstra: »25.00« er ikke et klokkeslæt – skriv fx "9.00" eller "14.30" (også "14:30" går)'])
    expect(await errorsOf('ekstra: {2026-13-01: ["10:00"]}\n')).toEqual(['ekstra: skriv datoen som ÅÅÅÅ-MM-DD, fx 2026-08-15: ["10:00"]'])
    expect(await errorsOf('ekstra: 2026-08-15\n')).toEqual(['ekstra: skriv ekstra tider pr. dato, fx ekstra: {2026-08-15: ["10:00"]}'])
  })
})

describe('the file as a whole', () => {
  it('names every unknown key, and says that it must be keys and values', async () => {
    expect(await errorsOf('varighd: 30\nmellemrom: 5\n')).toEqual([
      '»varighd«, »mellemrom« kendes ikke – ret stavningen; nøglerne er aaben, varighed, mellemrum, tidligst, senest, afbud_senest, max_pr_dag, kalender_max_alder, slet_efter_dage, former, uge, helligdage, lukket, ekstra, eksempel',
    ])
    expect(await errorsOf('- mandag\n- tirsdag\n')).toEqual(['filen skal bestå af nøgler og værdier, fx varighed: 30'])
  })
})
