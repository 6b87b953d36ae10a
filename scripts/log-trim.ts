/**
 * `npm run log:trim -- <file>`: deletes the lines of Caddy's log older than the privacy policy's
 * promise (content/privacy.ts, logRetentionDays). Run nightly by deploy/coach-site-log-trim.timer.
 */
import { privacy } from '#content/privacy'
import { trimLog } from './lib/log-trim'

const file = process.argv[2] ?? '/var/log/caddy/coach-site.log'
const { kept, removed } = trimLog(file, { days: privacy.logRetentionDays })
console.log(`${file}: ${removed} linjer ældre end ${privacy.logRetentionDays} dage slettet, ${kept} beholdt`)
