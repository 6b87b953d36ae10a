import { mkdtempSync, openSync, readFileSync, writeFileSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { trimLog } from '../../scripts/lib/log-trim'

const now = new Date('2026-12-06T03:40:00.000Z')
const line = (daysAgo: number, uri: string) => JSON.stringify({ level: 'info', ts: (now.getTime() - daysAgo * 86_400_000) / 1000, request: { uri } })

it('deletes the lines older than the promise in place, keeps the rest in order, and leaves a current file alone', () => {
  const file = join(mkdtempSync(join(tmpdir(), 'log-trim-')), 'coach-site.log')
  writeFileSync(file, [line(45, '/gammel'), line(31, '/lidt-for-gammel'), line(29.9, '/ny'), 'ikke json', line(0, '/i-dag')].join('\n') + '\n')

  expect(trimLog(file, { days: 30, now })).toEqual({ kept: 3, removed: 2 })
  expect(readFileSync(file, 'utf8')).toBe([line(29.9, '/ny'), 'ikke json', line(0, '/i-dag')].join('\n') + '\n')
  expect(trimLog(file, { days: 30, now })).toEqual({ kept: 3, removed: 0 })
})

it('leaves a writer that appends (as Caddy does) writing at the new end', () => {
  const file = join(mkdtempSync(join(tmpdir(), 'log-trim-')), 'coach-site.log')
  writeFileSync(file, `${line(40, '/gammel')}\n${line(1, '/ny')}\n`)
  const caddy = openSync(file, 'a')
  trimLog(file, { days: 30, now })
  writeSync(caddy, `${line(0, '/efter')}\n`)
  expect(readFileSync(file, 'utf8').split('\n').filter(Boolean).map((entry) => JSON.parse(entry).request.uri)).toEqual(['/ny', '/efter'])
})
