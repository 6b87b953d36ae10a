import { render } from '@react-email/render'
import { and, eq } from 'drizzle-orm'
import { site } from '~/server/content/content.server'
import type { Db } from '#db/database'
import { outbox } from '#db/schema'
import { BookingEmail } from '~/emails/booking-email'
import { formatInstant } from '~/lib/booking/time'
import { readState, writeState } from '~/server/app-state.server'
import { openAvailability, rulesInForce } from '~/server/booking/availability.server'
import { bookableAvailability } from '~/server/booking/bookable.server'
import { busySourceStates } from '~/server/calendar/busy-sources.server'
import { deskUrl } from '~/server/links/links.server'
import { log } from '~/server/log.server'
import { coachAlertAddress, sender } from '~/server/mail/addresses.server'
import type { MailTransport } from '~/server/mail/mail-transport.server'
import { type NewEffect, queueEffects } from '~/server/outbox/outbox.server'
import type { Handler } from '~/server/outbox/worker.server'

/**
 * What the coach is told without asking: booking closed because of one of her calendars, a change
 * that could not be written into her calendar after ten attempts, and a broken booking.yaml. Each
 * problem gives one e-mail when it starts and one when it is over, queued in the outbox (kind
 * coach-alert) in the transaction that records it as open; the open problems are kept in the
 * database, so a restart or a second server process neither repeats nor forgets one. While any is
 * open, the desk shows it and /healthz says `degraded`.
 */

export type ProblemId = 'kalender-lukker-booking' | 'kalender-skrivning-opgivet' | 'booking-yaml-fejl'

/** A problem as it is now: its id and the facts the e-mail gives (her calendars' names, the file's lines). */
export type Problem = { id: ProblemId; facts: string[] }

type OpenProblems = Partial<Record<ProblemId, { since: string }>>

export const OPEN_PROBLEMS_KEY = 'coach-alerts:open'

/** The line the desk shows while a problem is open. */
export const problemTitles: Record<ProblemId, string> = {
  'kalender-lukker-booking': 'Bookingen er lukket, fordi en af dine kalendere ikke kan læses.',
  'kalender-skrivning-opgivet': 'En ændring kunne ikke skrives i din kalender.',
  'booking-yaml-fejl': 'Der er en fejl i dine bookingtider (content/booking.yaml).',
}

/** The problems as they are now, judged from what the database and the rules say. */
export function currentProblems(db: Db, now: Date): Problem[] {
  const problems: Problem[] = []
  const rules = rulesInForce(db)
  if (rules.errors.length > 0) {
    const lastGood = rules.availability !== undefined
    problems.push({
      id: 'booking-yaml-fejl',
      facts: [
        lastGood
          ? 'Siden bruger de sidste gyldige regler, indtil fejlen er rettet: dine seneste ændringer gælder ikke endnu.'
          : 'Filen har aldrig været gyldig, så bookingen er lukket, indtil fejlen er rettet.',
        ...rules.errors.map((error) => `Fejlen: ${error}`),
      ],
    })
  }
  const open = openAvailability(db)
  // A calendar not read yet (the server has just started) closes booking too, but is no problem of hers yet.
  const stale = open ? busySourceStates(db, open.calendarMaxAgeMinutes, now).filter((source) => source.stale && source.read) : []
  if (open && stale.length > 0 && !bookableAvailability(db, now)) {
    problems.push({
      id: 'kalender-lukker-booking',
      facts: stale.map(
        (source) => `${source.label}: ${source.goodAt ? `sidst læst ${formatInstant(new Date(source.goodAt))}` : 'aldrig læst'}${source.lastError ? ` (${source.lastError})` : ''}`,
      ),
    })
  }
  const failedWrites = db
    .select({ lastError: outbox.lastError })
    .from(outbox)
    .where(and(eq(outbox.kind, 'calendar-write'), eq(outbox.status, 'failed')))
    .all()
  if (failedWrites.length > 0) {
    const errors = [...new Set(failedWrites.map((write) => write.lastError ?? 'ukendt fejl'))]
    problems.push({ id: 'kalender-skrivning-opgivet', facts: [`${failedWrites.length} ${failedWrites.length === 1 ? 'ændring' : 'ændringer'} venter. Sidste fejl: ${errors.join('; ')}`] })
  }
  return problems
}

/** The open problems as the database keeps them. */
export function openProblems(db: Db): Array<{ id: ProblemId; since: string }> {
  const stored = readState(db, OPEN_PROBLEMS_KEY)
  const open = stored ? (JSON.parse(stored.value) as OpenProblems) : {}
  return Object.entries(open).map(([id, problem]) => ({ id: id as ProblemId, since: problem!.since }))
}

/** What one alert e-mail says, fixed when it is queued: a retry sends the same words. */
export type AlertFacts = { problem: ProblemId; phase: 'start' | 'slut'; since: string; subject: string; paragraphs: string[] }

function alertText(problem: Problem | { id: ProblemId; facts?: undefined }, phase: 'start' | 'slut', since: string, now: Date): Omit<AlertFacts, 'problem' | 'phase' | 'since'> {
  const from = formatInstant(new Date(since))
  const facts = problem.facts ?? []
  if (phase === 'slut') {
    const subject = {
      'kalender-lukker-booking': 'Bookingen er åben igen',
      'kalender-skrivning-opgivet': 'Din kalender er opdateret igen',
      'booking-yaml-fejl': 'Dine bookingtider er i orden igen',
    }[problem.id]
    const what = {
      'kalender-lukker-booking': `Dine kalendere kan læses igen, og de besøgende kan booke tider igen. Bookingen var lukket fra ${from} til ${formatInstant(now)}.`,
      'kalender-skrivning-opgivet': 'De ændringer, der ikke kunne skrives i din kalender, er nu skrevet (eller ikke længere nødvendige).',
      'booking-yaml-fejl': 'Fejlen i content/booking.yaml er rettet, og siden bruger nu dine bookingtider, som de står i filen.',
    }[problem.id]
    return { subject, paragraphs: [what, 'Du behøver ikke gøre mere.'] }
  }
  const subject = {
    'kalender-lukker-booking': 'Bookingen er lukket: en af dine kalendere kan ikke læses',
    'kalender-skrivning-opgivet': 'En booking kunne ikke skrives i din kalender',
    'booking-yaml-fejl': 'Fejl i dine bookingtider (booking.yaml)',
  }[problem.id]
  const what = {
    'kalender-lukker-booking': [
      `Siden har ikke kunnet læse din kalender længe nok (kalender_max_alder i content/booking.yaml), så fra ${from} tilbyder den ingen tider: en tid, du måske har fyldt, må ikke sælges to gange. De besøgende bliver henvist til kontaktformularen.`,
      ...facts,
      'Tjek, at kalenderens adresse stadig virker (se vejledningen, »Når noget går galt«). Bookingen åbner af sig selv, så snart kalenderen kan læses igen.',
    ],
    'kalender-skrivning-opgivet': [
      `Siden har prøvet ti gange at skrive en booking i din CalDAV-kalender uden held (fra ${from}). Bookingen står rigtigt på dit skrivebord, men din kalender kan vise en forkert tid eller mangle den.`,
      ...facts,
      'Når kalenderen virker igen, så tryk »Prøv igen nu« på dit skrivebord.',
    ],
    'booking-yaml-fejl': [`Siden kan ikke læse content/booking.yaml, som filen står nu (fra ${from}).`, ...facts, 'Ret linjen, og gem filen igen; npm run booking:tider viser, om den er i orden.'],
  }[problem.id]
  return { subject, paragraphs: [...what, 'Du får en e-mail mere, når det er i orden igen.'] }
}

const alertEffect = (problem: Problem | { id: ProblemId }, phase: 'start' | 'slut', since: string, now: Date): NewEffect => ({
  kind: 'coach-alert',
  idempotencyKey: `alarm-${problem.id}-${since}-${phase}`,
  payload: { problem: problem.id, phase, since, ...alertText(problem, phase, since, now) } satisfies AlertFacts,
})

/**
 * Compares the problems now with those recorded as open, and records and queues what changed: one
 * e-mail for a problem that started, one for a problem that is over. One immediate transaction, so
 * two processes checking at once queue each e-mail once.
 */
export function checkCoachAlerts(db: Db, now = new Date()) {
  const problems = currentProblems(db, now)
  return db.$client
    .transaction(() => {
      const stored = readState(db, OPEN_PROBLEMS_KEY)
      const open: OpenProblems = stored ? JSON.parse(stored.value) : {}
      const effects: NewEffect[] = []
      const started: ProblemId[] = []
      const ended: ProblemId[] = []
      for (const problem of problems) {
        if (open[problem.id]) continue
        const since = now.toISOString()
        open[problem.id] = { since }
        effects.push(alertEffect(problem, 'start', since, now))
        started.push(problem.id)
      }
      for (const id of Object.keys(open) as ProblemId[]) {
        if (problems.some((problem) => problem.id === id)) continue
        effects.push(alertEffect({ id }, 'slut', open[id]!.since, now))
        delete open[id]
        ended.push(id)
      }
      if (effects.length === 0) return { started, ended }
      queueEffects(db, effects, now)
      writeState(db, OPEN_PROBLEMS_KEY, JSON.stringify(open), now)
      for (const id of started) log('error', 'coach alerted: problem started', { problem: id })
      for (const id of ended) log('info', 'coach alerted: problem over', { problem: id })
      return { started, ended }
    })
    .immediate()
}

/** The alert e-mails, to the coach (COACH_EMAIL, else the address her copies go to). */
export function coachAlertHandler(transport: MailTransport): Handler {
  return {
    noun: 'coach alert',
    async run(row) {
      const facts = row.payload as AlertFacts
      const element = BookingEmail({
        preview: facts.subject,
        heading: facts.subject,
        paragraphs: facts.paragraphs,
        link: { label: 'Åbn dit skrivebord', href: deskUrl('/coach') },
        closing: ['Sendt fra din hjemmeside'],
      })
      const [html, text] = await Promise.all([render(element), render(element, { plainText: true })])
      await transport.send({ idempotencyKey: row.idempotencyKey, to: coachAlertAddress(), from: sender(), subject: `${facts.subject} – ${site.name}`, html, text })
      return { status: 'sent', deliveredBy: transport.name }
    },
  }
}
