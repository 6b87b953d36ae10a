/**
 * `npm run check:launch`: everything that must be replaced before the site goes live, in Danish,
 * with the file (or server setting) to change. Exits with 1 while anything remains.
 * Run it with the production environment (SITE_URL, RESEND_API_KEY, MAIL_FROM) set.
 */
import { currentLaunchPlaceholders, describeLaunchItems } from '~/server/launch-check.server'

const items = currentLaunchPlaceholders()
if (items.length === 0) {
  console.log('Klar til lancering: ingen pladsholdere tilbage.')
} else {
  console.log(`Før siden går i luften, skal ${items.length} ting erstattes:\n\n${describeLaunchItems(items)}`)
  process.exitCode = 1
}
