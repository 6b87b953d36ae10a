/** `npm run contact:purge`: deletes contact messages older than the privacy policy's retention. */
import { site } from '~/server/content/content.server'
import { closeDb } from '#db/connection'
import { purgeOldMessages } from '~/server/contact/contact.server'

const removed = await purgeOldMessages()
console.log(`Slettet ${removed.messages} beskeder (henvendelser ældre end ${site.enquiryRetentionDays} dage, klienters ældre end ${site.contactRetentionDays}) og ${removed.outboxFiles} outbox-e-mails`)
closeDb()
