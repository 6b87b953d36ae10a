/**
 * For `npm run test:deploy`: `systemctl restart coach-site` in the middle of visitors' traffic
 * through Varnish and Caddy. 300 contact messages (from 300 visitors, so no limit is reached; the
 * form as a browser without JavaScript posts it) and 600 GETs that reach the server, one every few
 * milliseconds, with the restart shortly after the first. Every one must be answered 2xx or 3xx,
 * and every message must be in the database exactly once: none lost, none stored twice by a proxy
 * replaying a post.
 */
import Database from 'better-sqlite3'

export const RESTART_POSTS = 300
export const RESTART_GETS = 600
const SPACING_MS = 4
const RESTART_AFTER_MS = 300

type Through = (path: string, init?: RequestInit, again?: boolean) => Promise<Response>

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))

export async function restartUnderLoad({ through, restart, databaseFile }: { through: Through; restart: () => Promise<void>; databaseFile: string }) {
  const messageText = (n: number) => `Sendt under en genstart, besked ${n}.`
  const contactPost = (n: number) =>
    through('/kontakt', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: 'https://www.coach-eksempel.dk',
        'Sec-Fetch-Site': 'same-origin',
        'X-Forwarded-For': `198.18.${(n + 1) >> 8}.${(n + 1) & 255}`,
      },
      body: new URLSearchParams({ firstName: 'Ida', lastName: 'Lund', email: `genstart${n}@eksempel.dk`, phone: '20 30 40 50', message: messageText(n), serviceType: '', address: '', website: '' }),
    }, false)
  // /healthz and the no-store /kontakt?status=sendt: neither is ever served from Varnish's cache.
  const get = (n: number) => through(n % 2 ? '/healthz' : '/kontakt?status=sendt', {}, false)

  const total = RESTART_POSTS + RESTART_GETS
  const requests = Array.from({ length: total }, (_, i) =>
    sleep(i * SPACING_MS)
      .then(() => (i % 3 === 0 ? contactPost(i / 3) : get(i)))
      .then(async (response) => {
        await response.arrayBuffer()
        return { post: i % 3 === 0, status: response.status }
      })
      .catch(() => ({ post: i % 3 === 0, status: 0 })),
  )
  await sleep(RESTART_AFTER_MS)
  await restart()
  const answers = await Promise.all(requests)

  const db = new Database(databaseFile, { readonly: true })
  const stored = db.prepare("SELECT message, count(*) AS times FROM contact_messages WHERE email LIKE 'genstart%' GROUP BY message").all() as Array<{ message: string; times: number }>
  db.close()
  const timesStored = new Map(stored.map(({ message, times }) => [message, times]))
  const counts = (post: boolean) => answers.filter((answer) => answer.post === post)
  const answered = (post: boolean) => counts(post).filter(({ status }) => status >= 200 && status < 400).length
  const others = answers.filter(({ status }) => status < 200 || status >= 400).map(({ post, status }) => `${post ? 'POST' : 'GET'} ${status || 'no answer'}`)
  const storedOnce = Array.from({ length: RESTART_POSTS }, (_, n) => timesStored.get(messageText(n)) ?? 0)
  const missing = storedOnce.filter((times) => times === 0).length
  const twice = storedOnce.filter((times) => times > 1).length
  return {
    kept: answered(true) === RESTART_POSTS && answered(false) === RESTART_GETS && missing === 0 && twice === 0,
    seen:
      `POST ${answered(true)} of ${RESTART_POSTS}, GET ${answered(false)} of ${RESTART_GETS} answered 2xx/3xx; ` +
      `messages stored once ${storedOnce.filter((times) => times === 1).length}, missing ${missing}, twice ${twice}` +
      (others.length ? `; others: ${[...new Set(others)].map((other) => `${others.filter((o) => o === other).length} × ${other}`).join(', ')}` : ''),
  }
}
