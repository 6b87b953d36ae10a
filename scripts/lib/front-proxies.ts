/**
 * The documented front on loopback, for `npm run test:deploy` and `npm run bench`: Varnish
 * (deploy/default.vcl, standing in for a CDN) → Caddy (deploy/Caddyfile's site block, as plain http
 * on a free port, trusting Varnish as it would trust a CDN) → the app on `appPort`. Needs Debian's
 * caddy and varnish; their logs go to `dir`.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { openSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { PRODUCTION_LOG_FILE } from './caddy-log-check.ts'
import { freePort } from './server-process.ts'

export type FrontProxies = { caddyPort: number; varnishPort: number; caddyLogFile: string; stop: () => Promise<void> }

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))

/** Waits until something answers at `url`, whatever the status. */
export async function waitForAnswer(url: string, what: string, dir: string) {
  for (const deadline = Date.now() + 60_000; Date.now() < deadline; await sleep(100)) {
    try {
      await fetch(url)
      return
    } catch {
      // not up yet
    }
  }
  throw new Error(`${what} did not start; its log is in ${dir}`)
}

/**
 * deploy/Caddyfile's global options (its log, written to `caddyLogFile`) and site block, served as
 * http on loopback; Varnish in front is the trusted CDN.
 */
function caddyfileForTest(appPort: number, caddyPort: number, caddyLogFile: string) {
  const production = readFileSync('deploy/Caddyfile', 'utf8')
  const options = /^\{\n([\s\S]*?)\n\}/m.exec(production)?.[1]
  const site = /^www\.coach-eksempel\.dk \{\n([\s\S]*?)\n\}/m.exec(production)?.[1]
  if (!options?.includes(PRODUCTION_LOG_FILE)) throw new Error(`deploy/Caddyfile's global options write no log to ${PRODUCTION_LOG_FILE}`)
  if (!site) throw new Error('deploy/Caddyfile has no www.coach-eksempel.dk block')
  const body = site.replace('reverse_proxy 127.0.0.1:3000 {', `reverse_proxy 127.0.0.1:${appPort} {\n\t\ttrusted_proxies 127.0.0.1/8`)
  return `{\n\tadmin off\n\tauto_https off\n${options.replace(PRODUCTION_LOG_FILE, caddyLogFile)}\n}\n\nhttp://127.0.0.1:${caddyPort} {\n${body}\n}\n`
}

export async function startFrontProxies(dir: string, appPort: number): Promise<FrontProxies> {
  const [caddyPort, varnishPort] = [await freePort(), await freePort()]
  const caddyLogFile = join(dir, 'caddy-site.log')
  const children: ChildProcess[] = []
  const start = (name: string, command: string, args: string[], env: Record<string, string> = {}) => {
    const log = openSync(join(dir, `${name}.log`), 'a')
    children.push(spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', log, log] }))
  }
  const stop = async () => {
    const running = children.filter((child) => child.exitCode === null && child.signalCode === null)
    for (const child of running) child.kill('SIGTERM')
    await Promise.race([Promise.all(running.map((child) => once(child, 'exit'))), sleep(2_000)])
    for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  }
  try {
    writeFileSync(join(dir, 'Caddyfile'), caddyfileForTest(appPort, caddyPort, caddyLogFile))
    start('caddy', 'caddy', ['run', '--config', join(dir, 'Caddyfile'), '--adapter', 'caddyfile'], { HOME: dir, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir })
    await waitForAnswer(`http://127.0.0.1:${caddyPort}/healthz`, 'Caddy', dir)
    writeFileSync(join(dir, 'default.vcl'), readFileSync('deploy/default.vcl', 'utf8').replace('.port = "8080";', `.port = "${caddyPort}";`))
    start('varnish', 'varnishd', ['-F', '-j', 'none', '-n', join(dir, 'varnish'), '-a', `127.0.0.1:${varnishPort}`, '-f', join(dir, 'default.vcl'), '-s', 'malloc,64m', '-p', 'http_gzip_support=off'])
    await waitForAnswer(`http://127.0.0.1:${varnishPort}/healthz`, 'Varnish', dir)
  } catch (error) {
    await stop()
    throw error
  }
  return { caddyPort, varnishPort, caddyLogFile, stop }
}
