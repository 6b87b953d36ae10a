import { execFile, spawnSync } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { type ClientRequest, request as httpRequest } from 'node:http'
import { type Socket, connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import Database from 'better-sqlite3'
import { site } from './content.ts'
import { writeArticle } from './articles'
import { emailsFor, expect, test, uniqueEmail } from './helpers'
import { type ServerInstance, seedDatabase } from './server-instance'
import { contactFormActionIn } from '../scripts/lib/loopback-client'

// What the coach and whoever runs the server depend on beyond the pages: the access log, a clean
// shutdown, the backup and the deletion of old messages. Each runs against a production server of
// its own, so its database, outbox and log hold only what the test did.

const run = promisify(execFile)

/** An `npm run` command as the coach types it, against one server's database and outbox. */
const npmRun = (server: ServerInstance, script: string, ...args: string[]) =>
  run('npm', ['run', '--silent', script, ...(args.length ? ['--', ...args] : [])], {
    env: { ...process.env, DATABASE_URL: server.databaseFile, MAIL_OUTBOX_DIR: server.outbox },
  })

const contactForm = (email: string) =>
  new URLSearchParams({ firstName: 'Anne', lastName: 'Jensen', email, phone: '21 43 65 87', serviceType: 'stress-coaching', message: 'Hej, jeg vil gerne høre mere.' }).toString()

async function contactAction(server: ServerInstance) {
  return contactFormActionIn(await (await fetch(`${server.url}/kontakt`)).text())!
}

/**
 * A form post that the server has started on but cannot finish yet: it asks `Expect: 100-continue`,
 * so the server's "continue" proves the request is in its hands, and the body follows on `finish`.
 */
function heldPost(url: string, body: string) {
  const target = new URL(url)
  let outgoing!: ClientRequest
  const answered = new Promise<number>((resolve, reject) => {
    outgoing = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          'Content-Length': Buffer.byteLength(body),
          Origin: target.origin,
          'Sec-Fetch-Site': 'same-origin',
          Expect: '100-continue',
        },
      },
      (response) => {
        response.resume()
        response.on('end', () => resolve(response.statusCode ?? 0))
      },
    )
    outgoing.on('error', reject)
  })
  const started = new Promise<void>((resolve) => outgoing.once('continue', resolve))
  outgoing.flushHeaders()
  return { started, finish: () => (outgoing.end(body), answered) }
}

const storedEmails = (databaseFile: string) => {
  const db = new Database(databaseFile, { readonly: true })
  try {
    return (db.prepare('SELECT email FROM contact_messages ORDER BY id').all() as Array<{ email: string }>).map((row) => row.email)
  } finally {
    db.close()
  }
}

test('the server logs one JSON line per request with method, path and status; a 404 names the path asked for', async ({ launchServer }) => {
  const server = await launchServer()
  const start = server.logLines().length
  const get = (path: string, init: RequestInit = {}) => fetch(`${server.url}${path}`, { redirect: 'manual', ...init })
  const missing = `/findes-ikke-${Date.now()}`

  const page = await get('/om')
  await get('/om')
  await get('/om', { headers: { 'If-None-Match': page.headers.get('etag')! } })
  await get('/om', { method: 'HEAD' })
  await get(missing)
  await get('/OM')
  await get('/om', { method: 'POST', body: 'a=b' })
  await get('/healthz')

  const lines = server.logLines().slice(start)
  const requests = lines.filter((line) => typeof line.status === 'number')
  expect(requests.map(({ method, path, status }) => `${method} ${path} ${status}`)).toEqual([
    'GET /om 200',
    'GET /om 200',
    'GET /om 304',
    'HEAD /om 200',
    `GET ${missing} 404`,
    'GET /OM 301',
    'POST /om 405',
    'GET /healthz 200',
  ])
  expect(requests.find((line) => line.status === 404)).toMatchObject({ level: 'info', msg: 'page not found', path: missing })
  for (const line of requests) {
    expect(Date.parse(line.time as string), JSON.stringify(line)).not.toBeNaN()
    expect(line.ms, JSON.stringify(line)).toEqual(expect.any(Number))
    // The visitor's address only as a salted hash (privacy policy).
    expect(line.ip, JSON.stringify(line)).toMatch(/^[0-9a-f]{16,}$/)
  }
  expect(JSON.stringify(lines)).not.toContain('127.0.0.1')
})

test('on SIGTERM the server stops taking connections, finishes the requests in flight and exits with 0', async ({ launchServer }) => {
  const server = await launchServer()
  const action = `${server.url}${await contactAction(server)}`
  const emails = [uniqueEmail('sigterm-a'), uniqueEmail('sigterm-b')]
  const inFlight = emails.map((email) => heldPost(action, contactForm(email)))
  await Promise.all(inFlight.map((post) => post.started))

  server.process.kill('SIGTERM')
  await expect.poll(() => server.logLines().some((line) => line.msg === 'shutting down')).toBe(true)
  // A new visitor is soon turned away (the listener first takes the connections already made);
  // the two already inside are not.
  await expect.poll(() => fetch(`${server.url}/healthz`).then(() => 'answered', () => 'refused')).toBe('refused')
  expect(server.process.exitCode).toBeNull()

  expect(await Promise.all(inFlight.map((post) => post.finish()))).toEqual([303, 303])
  // 0, not the 1 of the server's own 10-second limit: the shutdown completed.
  expect(await server.exited).toBe(0)
  expect(storedEmails(server.databaseFile)).toEqual(emails)
})

test('SIGTERM during a burst: every request already sent is answered, none is reset', async ({ launchServer }) => {
  const server = await launchServer()
  const { port } = new URL(server.url)
  // 500 visitors on connections of their own, requests written: many not yet read by the server
  // when the signal comes (the previous shutdown reset 2 to 156 of them in three runs).
  const sockets = await Promise.all(
    Array.from({ length: 500 }, () => new Promise<Socket>((done, fail) => {
      const socket = connect(Number(port), '127.0.0.1', () => done(socket)).once('error', fail)
    })),
  )
  const answers = sockets.map(
    (socket) =>
      new Promise<string>((done) => {
        let text = ''
        socket.on('data', (chunk) => (text += chunk))
        socket.once('error', (error) => done(`error ${error.message}`))
        socket.once('close', () => done(text.split(' ')[1] ?? 'no answer'))
        socket.write('GET /om HTTP/1.1\r\nHost: localhost\r\n\r\n')
      }),
  )
  server.process.kill('SIGTERM')
  const statuses = await Promise.all(answers)
  expect(statuses.filter((status) => status !== '200')).toEqual([])
  expect(await server.exited).toBe(0)
})

test('a half-written e-mail a killed process left in the outbox is removed when the server starts', async ({ launchServer }) => {
  const leftover = `abc.json.${spawnSync(process.execPath, ['-e', '']).pid}.0f8a3c1e-7d2b-4c55-9e61-2f3a4b5c6d7e.tmp`
  const server = await launchServer({
    prepare: ({ outbox }) => {
      mkdirSync(outbox, { recursive: true })
      writeFileSync(join(outbox, leftover), '{"to":"anne@eksempel.dk","text":"Hej"}')
    },
  })
  await expect.poll(() => readdirSync(server.outbox)).toEqual([])
})

test('npm run db:backup makes a consistent copy of the live database that a server can run on', async ({ launchServer }) => {
  // A blog of two known articles, so the copy's count is written here.
  const content = mkdtempSync(join(tmpdir(), 'coach-content-'))
  writeArticle(content, { slug: 'ro-i-hverdagen', title: 'Ro i hverdagen', publishedAt: '2024-05-01' })
  writeArticle(content, { slug: 'smaa-pauser', title: 'Små pauser', publishedAt: '2024-04-01' })
  const server = await launchServer({ prepare: ({ databaseFile }) => seedDatabase(databaseFile, content) })
  rmSync(content, { recursive: true, force: true })
  const email = uniqueEmail('backup')
  const answer = await fetch(`${server.url}${await contactAction(server)}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.url, 'Sec-Fetch-Site': 'same-origin' },
    body: contactForm(email),
  })
  expect(answer.status).toBe(303)

  const backupDir = mkdtempSync(join(tmpdir(), 'coach-backup-'))
  try {
    const target = join(backupDir, 'kopi.db')
    // The server is running and the message sits in its write-ahead log: a plain file copy would miss it.
    const { stdout } = await npmRun(server, 'db:backup', target)
    expect(stdout).toContain(target)

    // The copy is one self-contained file: moved anywhere on its own, it has everything.
    const moved = join(backupDir, 'flyttet.db')
    copyFileSync(target, moved)
    const copy = new Database(moved, { readonly: true })
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok')
      expect((copy.prepare('SELECT count(*) AS posts FROM blog_posts').get() as { posts: number }).posts).toBe(2)
      expect(copy.prepare('SELECT email FROM contact_messages').all()).toEqual([{ email }])
    } finally {
      copy.close()
    }

    // Restoring is putting the copy in place: a server started on it shows the blog.
    const restored = await launchServer({ prepare: ({ databaseFile }) => copyFileSync(target, databaseFile) })
    const article = await fetch(`${restored.url}/blog/ro-i-hverdagen`)
    expect(article.status).toBe(200)
    expect(await article.text()).toContain('Ro i hverdagen')
  } finally {
    rmSync(backupDir, { recursive: true, force: true })
  }
})

test('npm run contact:purge deletes messages past their retention period with their outbox e-mails (an enquiry sooner than a client’s), and keeps the rest', async ({ launchServer }) => {
  const server = await launchServer()
  const action = `${server.url}${await contactAction(server)}`
  // An enquiry goes after the shorter period; a message whose sender became a client after the longer one.
  const ages = { old: site.enquiryRetentionDays + 10, kept: site.enquiryRetentionDays - 10, client: site.contactRetentionDays - 10, oldClient: site.contactRetentionDays + 10, today: 0 }
  const clients = ['client', 'oldClient']
  const senders = Object.fromEntries(Object.keys(ages).map((label) => [label, uniqueEmail(`purge-${label}`)])) as Record<keyof typeof ages, string>
  for (const email of Object.values(senders)) {
    const answer = await fetch(action, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.url, 'Sec-Fetch-Site': 'same-origin' },
      body: contactForm(email),
    })
    expect(answer.status).toBe(303)
    // The message to the coach and the receipt to the sender.
    await expect.poll(() => emailsFor(email, server.outbox).length).toBe(2)
  }

  // Back-date the messages and their e-mails as if they had arrived that many days ago.
  const db = new Database(server.databaseFile)
  try {
    for (const [label, days] of Object.entries(ages) as Array<[keyof typeof ages, number]>) {
      const then = new Date(Date.now() - days * 24 * 60 * 60 * 1000)
      db.prepare('UPDATE contact_messages SET created_at = ?, became_client_at = ? WHERE email = ?').run(then.toISOString(), clients.includes(label) ? then.toISOString() : null, senders[label])
      for (const { file } of emailsFor(senders[label], server.outbox)) utimesSync(file, then, then)
    }
  } finally {
    db.close()
  }

  await npmRun(server, 'contact:purge')

  expect(storedEmails(server.databaseFile)).toEqual([senders.kept, senders.client, senders.today])
  for (const gone of [senders.old, senders.oldClient]) expect(emailsFor(gone, server.outbox)).toHaveLength(0)
  for (const label of ['kept', 'client', 'today'] as const) {
    const files = emailsFor(senders[label], server.outbox)
    expect(files, label).toHaveLength(2)
    for (const { file } of files) expect(statSync(file).isFile()).toBe(true)
  }
})
