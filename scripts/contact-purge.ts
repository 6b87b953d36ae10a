/** `npm run contact:purge`: deletes contact messages older than the privacy policy's retention. */
import { site } from '~/server/content/content.server'
import { closeDb } from '#db/connection'
import { purgeOldMessages } from '~/server/contact/contact.server'

const removed = await purgeOldMessages()
console.log(`Slettet ${removed.messages} beskeder og ${removed.outboxFiles} outbox-e-mails ældre end ${site.contactRetentionDays} dage`)
closeDb()
