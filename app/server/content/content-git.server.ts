import { execFile, execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import type { Db } from '#db/database'
import { type NewEffect, queueEffects } from '~/server/outbox/outbox.server'
import type { Handler } from '~/server/outbox/worker.server'

/**
 * Her saves as commits: when the content folder is in a git work tree, each save from the desk is
 * committed there (her name as author, a Danish message) and, when CONTENT_GIT_REMOTE names a
 * remote, pushed through the outbox (retried like an e-mail). git is run with fixed arguments,
 * never through a shell; the only file name passed is one of the loader's fixed names.
 */

const run = promisify(execFile)
const git = (dir: string, args: string[]) => run('git', ['-C', dir, ...args], { timeout: 30_000, env: { ...process.env, GIT_TERMINAL_PROMPT: '0' } })

/** The same, for a page or check:launch that cannot wait: one short process. */
export function inGitWorkTreeNow(dir: string) {
  try {
    return execFileSync('git', ['-C', dir, 'rev-parse', '--is-inside-work-tree'], { timeout: 5000, stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim() === 'true'
  } catch {
    return false
  }
}

/** Whether the folder is in a git work tree (false also when git is not installed). */
export async function inGitWorkTree(dir: string) {
  try {
    const { stdout } = await git(dir, ['rev-parse', '--is-inside-work-tree'])
    return stdout.trim() === 'true'
  } catch {
    return false
  }
}

export type Author = { name: string; email: string }

/**
 * Commits files of the folder (relative names: a save, or a move with its old and new name, or a
 * removal); the commit id, or undefined when the folder is not in git or nothing changed. Her name
 * is the author and the committer (the server's git may know no one).
 */
export async function commitContentFile(dir: string, files: string | string[], message: string, author: Author): Promise<string | undefined> {
  if (!(await inGitWorkTree(dir))) return undefined
  const names = typeof files === 'string' ? [files] : files
  // git refuses a name that is neither on disk nor in the repository (a draft that never was one).
  const { stdout: tracked } = await git(dir, ['ls-files', '--', ...names])
  const known = names.filter((name) => existsSync(join(dir, name)) || tracked.split('\n').some((line) => line.trim() !== '' && join(dir, line.trim()) === join(dir, name)))
  if (known.length === 0) return undefined
  await git(dir, ['add', '-A', '--', ...known])
  const { stdout: staged } = await git(dir, ['diff', '--cached', '--name-only', '--', ...known])
  if (!staged.trim()) return undefined
  const identity = ['-c', `user.name=${author.name}`, '-c', `user.email=${author.email}`]
  await run('git', ['-C', dir, ...identity, 'commit', '--quiet', '--no-verify', `--author=${author.name} <${author.email}>`, '-m', message, '--', ...known], { timeout: 30_000 })
  const { stdout } = await git(dir, ['rev-parse', 'HEAD'])
  return stdout.trim()
}

/** A push of the folder's branch to CONTENT_GIT_REMOTE, after a commit (one effect per commit). */
export function queueContentPush(db: Db, dir: string, commit: string, now: Date, remote = process.env.CONTENT_GIT_REMOTE) {
  if (!remote) return
  const effect: NewEffect = { kind: 'content-push', idempotencyKey: `content-push-${commit}`, payload: { dir, commit } }
  queueEffects(db, [effect], now)
}

/** The outbox's handler: pushes HEAD to the remote; a later push carries the earlier commits too. */
export function contentPushHandler(remote = process.env.CONTENT_GIT_REMOTE): Handler {
  return {
    noun: 'content push',
    async run(row) {
      if (!remote) return { status: 'skipped', reason: 'no CONTENT_GIT_REMOTE' }
      const dir = String(row.payload.dir)
      await git(dir, ['push', '--quiet', remote, 'HEAD'])
      return { status: 'sent', deliveredBy: 'git' }
    },
    // A remote's address may carry a password: say only that the push failed and git's first line, without URLs.
    describeError: (error) => `git push failed: ${String((error as { stderr?: string }).stderr ?? error).split('\n')[0]!.replace(/\w+:\/\/\S+/g, '<remote>')}`,
  }
}
