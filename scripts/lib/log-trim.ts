/**
 * Caddy 2.6 starts a new log file by size only, so on a quiet site its current file would keep lines
 * older than the privacy policy's promise. This deletes those lines in place, every night
 * (deploy/coach-site-log-trim.timer). Caddy opens its file for appending, so it goes on writing at
 * the new end. A line Caddy appends in the moment between the last read and the truncation is lost;
 * for a log that only has to be short, that is the safe side.
 */
import { closeSync, fstatSync, ftruncateSync, openSync, readFileSync, readSync, writeSync } from 'node:fs'

const DAY_MS = 86_400_000

/** When a Caddy JSON line was written (its `ts`, seconds since 1970); undefined when it has none. */
function writtenAt(line: string): number | undefined {
  try {
    const ts = (JSON.parse(line) as { ts?: unknown }).ts
    return typeof ts === 'number' ? ts * 1000 : undefined
  } catch {
    return undefined
  }
}

/** Removes the lines older than `days` days from `file`; a line without a time is kept. Returns what it did. */
export function trimLog(file: string, { days, now = new Date() }: { days: number; now?: Date }) {
  const cutoff = now.getTime() - days * DAY_MS
  const read = readFileSync(file)
  const lines = read.toString('utf8').split('\n').filter(Boolean)
  const kept = lines.filter((line) => (writtenAt(line) ?? cutoff) >= cutoff)
  if (kept.length === lines.length) return { kept: kept.length, removed: 0 }

  const fd = openSync(file, 'r+')
  try {
    // What Caddy appended since the read above goes back in after the kept lines.
    const appended = Buffer.alloc(Math.max(0, fstatSync(fd).size - read.length))
    readSync(fd, appended, 0, appended.length, read.length)
    ftruncateSync(fd, 0)
    writeSync(fd, Buffer.concat([Buffer.from(kept.map((line) => `${line}\n`).join(''), 'utf8'), appended]), 0, undefined, 0)
  } finally {
    closeSync(fd)
  }
  return { kept: kept.length, removed: lines.length - kept.length }
}
