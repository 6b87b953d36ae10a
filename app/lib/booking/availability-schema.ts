import { z } from 'zod'
import { fromLocalAll, isLocalDate, readClockTime, weekdays } from '~/lib/booking/time'

/**
 * content/booking.yaml as the coach writes it (Danish keys, Danish values), checked and turned into
 * the plain settings the booking code uses. Every message says what is wrong and how to write it.
 */

export const bookingModes = ['telefon', 'video', 'fremmoede'] as const
export type BookingMode = (typeof bookingModes)[number]

const yes = ['ja', 'true', true]
const no = ['nej', 'false', false]
const yesNo = (fix: string) =>
  // The fix for any other value too (a number, a list), not zod's own English words.
  z.union([z.boolean(), z.string()], fix).refine((value) => yes.includes(value) || no.includes(value), fix).transform((value) => yes.includes(value))

const minutes = (key: string, min: number, max: number, example: number) =>
  z.number(`${key} skal være et tal, fx ${key}: ${example}`).int(`${key} skal være et helt antal minutter, fx ${key}: ${example}`).min(min, `${key} skal være mindst ${min}, fx ${key}: ${example}`).max(max, `${key} må højst være ${max}, fx ${key}: ${example}`)

const UNITS: Record<string, number> = { minut: 1, minutter: 1, time: 60, timer: 60, dag: 1440, dage: 1440 }
/** '24 timer', '2 dage', '90 minutter' → minutes. */
const duration = (key: string, example: string, maxMinutes: number) => {
  const fix = `${key} skal skrives som et tal og en enhed (minutter, timer eller dage), fx ${key}: ${example}`
  return z
    .string(fix)
    .transform((value, context) => {
      const match = /^\s*(\d+)\s*(minut|minutter|time|timer|dag|dage)\s*$/i.exec(value)
      if (!match) {
        context.addIssue({ code: 'custom', message: fix })
        return z.NEVER
      }
      const total = Number(match[1]) * UNITS[match[2]!.toLowerCase()]!
      if (total > maxMinutes) {
        // Well written, but more than the rule allows: say how much is allowed, not how to write it.
        context.addIssue({ code: 'custom', message: `${key} må højst være ${inWords(maxMinutes)}, fx ${key}: ${example}` })
        return z.NEVER
      }
      return total
    })
}

/** 20160 → '14 dage', 1440 → '1 dag', 90 → '90 minutter': the largest whole unit. */
const inWords = (minutes: number) =>
  minutes % 1440 === 0 ? `${minutes / 1440} ${minutes === 1440 ? 'dag' : 'dage'}` : minutes % 60 === 0 ? `${minutes / 60} ${minutes === 60 ? 'time' : 'timer'}` : `${minutes} minutter`

const timeText = (where: string) =>
  z.union([z.string(), z.number()], `${where}: skriv klokkeslæt som "9.00" eller "14.30"`).transform((value, context) => {
    const time = readClockTime(value)
    if (time === undefined) {
      context.addIssue({ code: 'custom', message: `${where}: »${value}« er ikke et klokkeslæt – skriv fx "9.00" eller "14.30" (også "14:30" går)` })
      return z.NEVER
    }
    return time
  })

const times = (where: string) => z.array(timeText(where), `${where}: skriv tiderne som en liste, fx ["09:00", "10:00"]`)

/** A day off, a period off ('2026-07-06 til 2026-07-24') or part of a day ('2026-04-07 10:00-12:00'). */
export type ClosedPeriod = { from: string; to: string; fromTime?: string; toTime?: string }

const CLOSED_FIX = 'skriv en dato (2026-06-05), en periode (2026-07-06 til 2026-07-24) eller en del af en dag (2026-04-07 10.00-12.00)'
const closedEntry = z.union([z.string(), z.date()], `lukket: ${CLOSED_FIX}`).transform((raw, context): ClosedPeriod => {
  const value = raw instanceof Date ? raw.toISOString().slice(0, 10) : raw.trim()
  const single = /^(\d{4}-\d{2}-\d{2})$/.exec(value)
  const range = /^(\d{4}-\d{2}-\d{2})\s+til\s+(\d{4}-\d{2}-\d{2})$/.exec(value)
  const part = /^(\d{4}-\d{2}-\d{2})\s+(\d{1,2}[.:]\d{2})\s*[-–]\s*(\d{1,2}[.:]\d{2})$/.exec(value)
  const fail = (message: string) => {
    context.addIssue({ code: 'custom', message })
    return z.NEVER
  }
  if (single && isLocalDate(single[1]!)) return { from: single[1]!, to: single[1]! }
  if (range && isLocalDate(range[1]!) && isLocalDate(range[2]!)) {
    return range[1]! <= range[2]! ? { from: range[1]!, to: range[2]! } : fail(`lukket: »${value}« slutter før den begynder – skriv den tidligste dato først`)
  }
  const [fromTime, toTime] = [readClockTime(part?.[2] ?? ''), readClockTime(part?.[3] ?? '')]
  if (part && isLocalDate(part[1]!) && fromTime && toTime) {
    return fromTime < toTime ? { from: part[1]!, to: part[1]!, fromTime, toTime } : fail(`lukket: i »${value}« skal det første klokkeslæt være før det sidste`)
  }
  return fail(`lukket: »${value}« kan ikke læses – ${CLOSED_FIX}`)
})

const weekdayKeys = Object.fromEntries(weekdays.map((day) => [day, times(`uge: ${day}`).optional()])) as Record<(typeof weekdays)[number], z.ZodOptional<ReturnType<typeof times>>>

export const availabilityFileSchema = z
  .strictObject(
    {
      aaben: yesNo('aaben: skriv ja (man kan booke) eller nej (kun kontaktformularen)').default(true),
      varighed: minutes('varighed', 10, 240, 30).default(30),
      mellemrum: minutes('mellemrum', 0, 240, 15).default(0),
      tidligst: duration('tidligst', '24 timer', 30 * 1440).default(24 * 60),
      senest: duration('senest', '28 dage', 365 * 1440).default(28 * 1440),
      afbud_senest: duration('afbud_senest', '12 timer', 14 * 1440).default(12 * 60),
      max_pr_dag: z.number('max_pr_dag skal være et tal, fx max_pr_dag: 3').int('max_pr_dag skal være et helt tal, fx max_pr_dag: 3').min(1, 'max_pr_dag skal være mindst 1, fx max_pr_dag: 3').optional(),
      kalender_max_alder: duration('kalender_max_alder', '3 timer', 7 * 1440).default(3 * 60),
      slet_efter_dage: z.number('slet_efter_dage skal være et tal, fx slet_efter_dage: 90').int('slet_efter_dage skal være et helt antal dage, fx slet_efter_dage: 90').min(1, 'slet_efter_dage skal være mindst 1, fx slet_efter_dage: 90').max(3650, 'slet_efter_dage må højst være 3650, fx slet_efter_dage: 90').default(90),
      former: z
        .array(z.enum(bookingModes, `former: brug kun telefon, video og fremmoede, fx former: [telefon, video, fremmoede]`), 'former: skriv samtaleformerne som en liste, fx former: [telefon, video, fremmoede]')
        .min(1, 'former: skriv mindst én samtaleform, fx former: [telefon]')
        .default([...bookingModes]),
      uge: z.strictObject(weekdayKeys, { error: (issue) => (issue.code === 'unrecognized_keys' ? `uge: ${issue.keys.map((key: string) => `»${key}«`).join(', ')} er ikke en ugedag – skriv ugedagene med små bogstaver: ${weekdays.join(', ')}` : 'uge: skriv ugedagene under hinanden, fx mandag: ["09:00", "10:00"]') }).default({}),
      helligdage: z.enum(['lukket', 'åben', 'aaben'], 'helligdage: skriv lukket (helligdage er lukkede) eller åben').default('lukket'),
      lukket: z.array(closedEntry, `lukket: skriv lukkede dage som en liste, fx lukket: [2026-06-05, 2026-07-06 til 2026-07-24]`).default([]),
      ekstra: z
        .record(z.string().refine(isLocalDate), times('ekstra'), {
          // zod names a refused key with the record's own message (invalid_key), not the key's.
          error: (issue) => (issue.code === 'invalid_key' ? 'ekstra: skriv datoen som ÅÅÅÅ-MM-DD, fx 2026-08-15: ["10:00"]' : 'ekstra: skriv ekstra tider pr. dato, fx ekstra: {2026-08-15: ["10:00"]}'),
        })
        .default({}),
      /** The shipped file says `eksempel: ja` until the coach has made the times their own. */
      eksempel: yesNo('eksempel: skriv ja (tiderne er et forslag) eller slet linjen').default(false),
    },
    {
      error: (issue) =>
        issue.code === 'unrecognized_keys'
          ? `${issue.keys.map((key: string) => `»${key}«`).join(', ')} kendes ikke – ret stavningen; nøglerne er aaben, varighed, mellemrum, tidligst, senest, afbud_senest, max_pr_dag, kalender_max_alder, slet_efter_dage, former, uge, helligdage, lukket, ekstra, eksempel`
          : 'filen skal bestå af nøgler og værdier, fx varighed: 30',
    },
  )
  .superRefine((file, context) => {
    // Times the Danish clock skips or repeats (the night of a daylight-saving change) cannot be booked unambiguously.
    for (const time of file.uge.søndag ?? []) {
      if (time >= '02:00' && time < '03:00') context.addIssue({ code: 'custom', path: ['uge', 'søndag'], message: `uge: søndag ${time} findes ikke (eller findes to gange) de søndage, hvor der skiftes til og fra sommertid – vælg et klokkeslæt uden for 02:00–02:59` })
    }
    for (const [date, list] of Object.entries(file.ekstra)) {
      for (const time of list) {
        const count = fromLocalAll(date, time).length
        if (count !== 1) context.addIssue({ code: 'custom', path: ['ekstra', date], message: `ekstra: ${date} kl. ${time} ${count === 0 ? 'findes ikke (uret springer en time frem)' : 'findes to gange (uret stilles en time tilbage)'} – vælg et andet klokkeslæt` })
      }
    }
  })

type FileSettings = z.output<typeof availabilityFileSchema>

/** The checked settings, in minutes and plain lists. */
export type Availability = {
  open: boolean
  durationMinutes: number
  bufferMinutes: number
  noticeMinutes: number
  windowMinutes: number
  cancelCutoffMinutes: number
  maxPerDay: number | undefined
  /** How old the last good copy of the coach's calendars may be before booking offers no times. */
  calendarMaxAgeMinutes: number
  purgeAfterDays: number
  modes: BookingMode[]
  /** Start times per weekday, Monday first. */
  week: string[][]
  holidaysClosed: boolean
  closed: ClosedPeriod[]
  extra: Record<string, string[]>
  sample: boolean
}

export function toAvailability(file: FileSettings): Availability {
  return {
    open: file.aaben,
    durationMinutes: file.varighed,
    bufferMinutes: file.mellemrum,
    noticeMinutes: file.tidligst,
    windowMinutes: file.senest,
    cancelCutoffMinutes: file.afbud_senest,
    maxPerDay: file.max_pr_dag,
    calendarMaxAgeMinutes: file.kalender_max_alder,
    purgeAfterDays: file.slet_efter_dage,
    modes: [...new Set(file.former)],
    week: weekdays.map((day) => [...new Set(file.uge[day] ?? [])].sort()),
    holidaysClosed: file.helligdage === 'lukket',
    closed: file.lukket,
    extra: file.ekstra,
    sample: file.eksempel,
  }
}
