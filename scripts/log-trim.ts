/**
 * `npm run log:trim -- <file>`: deletes the lines of Caddy's log older than the privacy policy's
 * promise (content/privatliv.yaml, slettes_efter → log_dage). Run nightly by deploy/coach-site-log-trim.timer.
 */
import { getPrivacy } from '~/server/content/content.server'
import { trimLog } from './lib/log-trim'

const file = process.argv[2] ?? '/var/log/caddy/coach-site.log'
const { kept, removed } = trimLog(file, { days: getPrivacy().logRetentionDays })
console.log(`${file}: ${removed} linjer ældre end ${getPrivacy().logRetentionDays} dage slettet, ${kept} beholdt`)
