import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, rmSync } from 'node:fs'
import { type AddressInfo, createServer } from 'node:net'

/** Builds the production bundle once when it is missing (the scripts never rebuild on their own). */
export function ensureBuild() {
  if (!existsSync('dist/server/server.js')) execFileSync('npm', ['run', 'build'], { stdio: 'inherit' })
}

/** A port nothing listens on right now, so a script runs beside other servers and other runs. */
export async function freePort() {
  const probe = createServer().listen(0, '127.0.0.1')
  await once(probe, 'listening')
  const { port } = probe.address() as AddressInfo
  await new Promise((resolve) => probe.close(resolve))
  return port
}

export type RunningServer = { url: string; process: ChildProcess; stop: () => Promise<void>; kill: () => Promise<void> }

/**
 * Starts `node server.ts` (the production server) and waits until /healthz answers. `cwd` runs
 * another checkout's build (the benchmark's baseline).
 */
export async function startServer(port: number, env: Record<string, string>, { cwd }: { cwd?: string } = {}): Promise<RunningServer> {
  const child = spawn(process.execPath, ['server.ts'], {
    cwd,
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const url = `http://127.0.0.1:${port}`
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const deadline = Date.now() + 30_000
  for (;;) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) break
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`Serveren på port ${port} startede ikke`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  const signal = async (name: NodeJS.Signals) => {
    if (child.exitCode === null) child.kill(name)
    await exited
  }
  return { url, process: child, stop: () => signal('SIGTERM'), kill: () => signal('SIGKILL') }
}

/**
 * Runs a script's steps with a hard time limit (the scripts must stay bounded in CI) and always
 * removes its temporary folder, whatever happens.
 */
export async function boundedRun(label: string, workDir: string, steps: () => Promise<void>, minutes = 5) {
  const timeout = setTimeout(() => {
    console.error(`${label} tog over ${minutes} minutter og blev afbrudt.`)
    process.exit(1)
  }, minutes * 60_000)
  try {
    ensureBuild()
    await steps()
  } finally {
    clearTimeout(timeout)
    rmSync(workDir, { recursive: true, force: true })
  }
}
