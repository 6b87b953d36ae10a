/**
 * The off-site backup's one door to restic (Debian's package). The repository (SFTP, S3-compatible,
 * rclone, a local folder), its password and the storage's own keys come from restic's own variables
 * (RESTIC_REPOSITORY, RESTIC_PASSWORD or RESTIC_PASSWORD_FILE, AWS_ACCESS_KEY_ID …), which only the
 * timer's environment file holds; nothing here prints them (a repository address can carry a user
 * and a password).
 */
import { execFileSync } from 'node:child_process'

/** Every snapshot of this site carries the tag, so a repository shared with other backups is safe. */
export const RESTIC_TAG = 'coach-site'
/** The file's name inside a snapshot. */
export const SNAPSHOT_FILE = 'site.db'

/** What is missing for restic to run, in Danish; undefined when the settings are there. */
export function resticSettingsMissing(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (!env.RESTIC_REPOSITORY && !env.RESTIC_REPOSITORY_FILE) return 'RESTIC_REPOSITORY er ikke sat: skriv, hvor kopien skal ligge (fx sftp:backup@eksempel.dk:/coach-site), i /etc/coach-site-backup.env'
  if (!env.RESTIC_PASSWORD && !env.RESTIC_PASSWORD_FILE && !env.RESTIC_PASSWORD_COMMAND) return 'RESTIC_PASSWORD_FILE (eller RESTIC_PASSWORD) er ikke sat: kopien krypteres med den, og uden den kan den ikke læses igen'
  return undefined
}

export class ResticError extends Error {}

/** The repository's address can carry a user and a password: a message names it only as »repositoriet«. */
function withoutRepository(text: string) {
  const repository = process.env.RESTIC_REPOSITORY
  return repository ? text.split(repository).join('repositoriet') : text
}

/** Runs restic with `args`; its output, or a ResticError with the last line restic wrote (never the settings). */
export function restic(args: string[], input?: Buffer): Buffer {
  try {
    return execFileSync('restic', ['--no-cache', '--quiet', ...args], { input, maxBuffer: 1024 ** 3, stdio: ['pipe', 'pipe', 'pipe'] })
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: Buffer }
    if (failure.code === 'ENOENT') throw new ResticError('restic er ikke installeret på serveren (apt install restic)')
    const lines = (failure.stderr?.toString('utf8') ?? failure.message).split('\n').map((line) => line.trim()).filter(Boolean)
    const said = lines.find((line) => line.startsWith('Fatal:')) ?? lines[0] ?? 'ingen forklaring'
    throw new ResticError(`restic ${args[0]} fejlede: ${withoutRepository(said)}`)
  }
}

/** Creates the repository the first time; an existing one is left as it is. */
export function ensureRepository() {
  try {
    restic(['cat', 'config'])
  } catch {
    restic(['init'])
  }
}

/** The newest snapshot of this site: its id and time; undefined when there is none. */
export function newestSnapshot(): { id: string; time: string } | undefined {
  const snapshots = JSON.parse(restic(['snapshots', '--tag', RESTIC_TAG, '--json']).toString('utf8') || '[]') as Array<{ id: string; time: string }>
  return snapshots.sort((a, b) => a.time.localeCompare(b.time)).at(-1)
}
