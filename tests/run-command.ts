import { join } from 'node:path'
import { format } from 'node:util'
import { vi } from 'vitest'
import { closeDb } from '#db/connection'

export type CommandResult = { status: number; stdout: string; stderr: string }

/** What `process.exit` throws while a command runs here, so the test's process goes on. */
class CommandExit extends Error {
  constructor(readonly status: number) {
    super(`exit ${status}`)
  }
}

let runs = 0

/**
 * Runs one of the coach's commands (`scripts/<script>.ts`) inside the test's process, as `npm run`
 * would run it: its arguments in process.argv, the given environment, what it prints and its exit
 * status captured, no terminal to ask in. Starting each as a tsx process cost about two seconds;
 * the wiring (package.json, tsx, a real exit code) is proven by one spawned run per command.
 * Commands run one at a time: they share the process's argv, console and database handle.
 */
export async function runCommand(script: string, args: string[], env: Record<string, string | undefined>): Promise<CommandResult> {
  const saved = { argv: process.argv, exitCode: process.exitCode, env: Object.fromEntries(Object.keys(env).map((key) => [key, process.env[key]])) }
  const stdout: string[] = []
  const stderr: string[] = []
  const logs = vi.spyOn(console, 'log').mockImplementation((...parts) => void stdout.push(`${format(...parts)}\n`))
  const errors = vi.spyOn(console, 'error').mockImplementation((...parts) => void stderr.push(`${format(...parts)}\n`))
  const exit = vi.spyOn(process, 'exit').mockImplementation((code) => {
    throw new CommandExit(Number(code ?? process.exitCode ?? 0))
  })
  const file = join(process.cwd(), 'scripts', `${script}.ts`)
  process.argv = [process.execPath, file, ...args]
  process.exitCode = undefined
  setEnvironment(env)
  closeDb() // the command opens the database its DATABASE_URL names
  try {
    // A query of its own makes every run a fresh module, so the command's top-level code runs again.
    await import(/* @vite-ignore */ `${file}?run=${++runs}`)
    return { status: Number(process.exitCode ?? 0), stdout: stdout.join(''), stderr: stderr.join('') }
  } catch (error) {
    if (!(error instanceof CommandExit)) throw error
    return { status: error.status, stdout: stdout.join(''), stderr: stderr.join('') }
  } finally {
    closeDb()
    logs.mockRestore()
    errors.mockRestore()
    exit.mockRestore()
    process.argv = saved.argv
    process.exitCode = saved.exitCode
    setEnvironment(saved.env)
  }
}

function setEnvironment(env: Record<string, string | undefined>) {
  for (const [key, value] of Object.entries(env)) {
    if (value === undefined) delete process.env[key]
    else process.env[key] = value
  }
}
