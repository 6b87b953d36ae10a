/**
 * `npm run mail:retry`: what the site sends (e-mails to visitors and to the coach, the writes into
 * her calendar) waits in one outbox. This command sends nothing itself – the coach's shell has none
 * of the site's settings – it tells what waits, and with `-- --alle` it revives what gave up and
 * makes every waiting retry due now, for the running site to send within a minute. A reminder
 * still waits for its time.
 */
import { closeDb, getDb } from '#db/connection'
import { effectLabels, reviveEffects, unfinishedEffects } from '~/server/outbox/outbox.server'
import { quantity } from './lib/quantity.ts'
import { whoSends } from './lib/server-sends.ts'

const db = getDb()
const revive = process.argv.includes('--alle')
const revived = revive ? reviveEffects(db) : 0
const unfinished = unfinishedEffects(db)
const failed = unfinished.filter((effect) => effect.status === 'failed')
if (unfinished.length === 0) console.log('Intet venter på at blive sendt.')
else {
  for (const effect of unfinished) {
    const state = effect.status === 'failed' ? 'opgivet' : effect.status === 'sending' ? 'sendes nu' : effect.attempts > 0 ? 'prøves igen' : 'venter'
    const what = effectLabels[effect.kind]
    // Each line begins a sentence: »E-mail om en booking: venter«.
    console.log(`${what[0]!.toUpperCase()}${what.slice(1)}: ${state}${effect.attempts > 0 ? ` (${quantity(effect.attempts, 'forsøg', 'forsøg')}${effect.lastError ? `, sidste fejl: ${effect.lastError}` : ''})` : ''}`)
  }
  if (revive) console.log(`\n${quantity(revived, 'ting er', 'ting er')} sat til at blive prøvet igen nu. ${whoSends(db, revived === 1 ? 'Den' : 'De')}`)
  else if (failed.length > 0) console.log(`\n${quantity(failed.length, 'ting er', 'ting er')} opgivet. Kør npm run mail:retry -- --alle for at prøve ${failed.length === 1 ? 'den' : 'dem'} igen.`)
  else console.log(`\n${whoSends(db, 'Det, der venter,')}`)
}
closeDb()
if (!revive && failed.length > 0) process.exitCode = 1
