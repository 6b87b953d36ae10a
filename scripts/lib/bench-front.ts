/**
 * `npm run bench` (alone: `npm run bench -- front`): the cached article on the production path,
 * beside nginx on the very same bytes. Four ways to the one article, each asked as a browser asks
 * (Accept-Encoding: br, gzip) by the same load generator on loopback:
 *   - the app itself (its page cache, one worker per core);
 *   - Caddy → app (deploy/Caddyfile's site block: a site without a CDN);
 *   - Varnish → Caddy → app (deploy/default.vcl: a CDN's hit, the app not asked at all);
 *   - nginx with the article's HTML and the app's headers (gzip_static): the machine's limit.
 */
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { BROWSER, CONNECTIONS, DURATION_S, load } from './bench-load.ts'
import { headersToMirror, withNginx } from './bench-nginx.ts'
import { startFrontProxies } from './front-proxies.ts'
import { freePort, startServer } from './server-process.ts'
import { printTable } from './table.ts'

const ARTICLE = '/blog/stress-er-ikke-svaghed'

export async function frontBench(work: string) {
  const appPort = await freePort()
  const app = await startServer(appPort, { DATABASE_URL: join(work, 'front.db'), BACKGROUND_JOBS: 'off', TRUST_PROXY: 'loopback', WEB_CONCURRENCY: String(availableParallelism()) })
  const front = await startFrontProxies(work, appPort).catch(async (error: unknown) => {
    await app.stop()
    throw error
  })
  try {
    const html = await (await fetch(`${app.url}${ARTICLE}`)).text()
    const headers = await fetch(`${app.url}${ARTICLE}`).then(headersToMirror)
    await withNginx(work, { [ARTICLE]: Buffer.from(html) }, headers, async (nginx) => {
      const targets = [
        { vej: 'appen selv', base: app.url },
        { vej: 'Caddy → app', base: `http://127.0.0.1:${front.caddyPort}` },
        { vej: 'Varnish → Caddy → app', base: `http://127.0.0.1:${front.varnishPort}` },
        ...(nginx ? [{ vej: 'nginx, samme bytes', base: nginx.base }] : []),
      ]
      const rows: Array<Record<string, string | number>> = []
      for (const { vej, base } of targets) {
        // Twice first: the page cache and Varnish's hold the article after the first.
        for (let i = 0; i < 2; i++) await (await fetch(`${base}${ARTICLE}`, { headers: BROWSER })).arrayBuffer()
        const measured = await load(`${base}${ARTICLE}`, BROWSER)
        const answer = await fetch(`${base}${ARTICLE}`, { headers: BROWSER })
        const sameBytes = (await answer.text()) === html
        rows.push({
          vej,
          'req/s': measured.rps,
          'p50 ms': measured.p50,
          'p99 ms': measured.p99,
          kodning: answer.headers.get('content-encoding') ?? 'ingen',
          'samme HTML': sameBytes ? 'ja' : 'NEJ',
          'fra Varnish’ cache': answer.headers.get('x-varnish')?.includes(' ') ? `ja (Age ${answer.headers.get('age')})` : '–',
          fejl: measured.errors,
        })
      }
      const viaBoth = rows.find((row) => row.vej === 'Varnish → Caddy → app')!
      const ofNginx = rows.find((row) => row.vej === 'nginx, samme bytes')
      console.log(`Den cachede artikel (${ARTICLE}) ad produktionens vej, ${CONNECTIONS} forbindelser, ${DURATION_S} s pr. måling, appen med ${availableParallelism()} workers:`)
      printTable(rows)
      if (ofNginx) console.log(`Varnish → Caddy → app / nginx: ${(Number(viaBoth['req/s']) / Number(ofNginx['req/s'])).toFixed(2)}`)
      console.log()
    })
  } finally {
    await front.stop()
    await app.stop()
  }
}
