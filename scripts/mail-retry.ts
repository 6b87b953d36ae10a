/**
 * `npm run mail:retry`: sends the e-mails of every stored message that is still pending and due.
 * `npm run mail:retry -- --alle` ignores the backoff and tries every pending message now.
 */
import { closeDb } from '#db/connection'
import { retryPendingMessages } from '~/server/contact/contact.server'

const result = await retryPendingMessages({ force: process.argv.includes('--alle') })
console.log(`Forsøgt ${result.tried}, sendt ${result.delivered}, fejlet ${result.failed}`)
closeDb()
if (result.failed > 0) process.exitCode = 1
