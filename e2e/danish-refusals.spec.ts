import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from './helpers'

// Every refusal a visitor or a script can get from the site, tried on the built server: each is a
// short Danish sentence, never the framework's English ("Forbidden", "Method Not Allowed", a
// serialized error). The 404 page and the refused contact form are HTML pages of their own
// (site.spec.ts, front-desk.spec.ts).
const ENGLISH = /\b(forbidden|not found|method|allowed|error|invalid|bad request|payload|cannot|undefined|length required|unsupported)\b/i

/** The address Start's compiler gave a server function, read from the build the suite serves. */
function serverFunctionAddress(name: string) {
  const assets = join('dist', 'server', 'assets')
  for (const file of readdirSync(assets)) {
    const id = new RegExp(`id: "([a-f0-9]{64})",\\s*name: "${name}"`).exec(readFileSync(join(assets, file), 'utf8'))?.[1]
    if (id) return `/_serverFn/${id}`
  }
  throw new Error(`${name} is not in the build`)
}

test('every refusal, from pages, the plain form and the server functions, is in Danish', async ({ request }) => {
  const contactAction = serverFunctionAddress('sendContactMessage')
  const articleFunction = serverFunctionAddress('fetchArticle')
  const site = { Origin: new URL(test.info().project.use.baseURL!).origin, 'Sec-Fetch-Site': 'same-origin' }
  const formBody = 'firstName=Bo&lastName=Holm&email=bo%40eksempel.dk&message=Hej'
  const tries: Array<[string, number, () => ReturnType<typeof request.get>]> = [
    ['DELETE /om', 405, () => request.delete('/om')],
    ['POST /om', 405, () => request.post('/om', { headers: site, form: { a: '1' } })],
    ['OPTIONS /', 405, () => request.fetch('/', { method: 'OPTIONS' })],
    ['POST /healthz', 405, () => request.post('/healthz')],
    ['PUT /kontakt', 405, () => request.put('/kontakt', { headers: site, form: { a: '1' } })],
    ['POST /kontakt from another site', 403, () => request.post('/kontakt', { headers: { Origin: 'https://ond.example' }, form: { a: '1' } })],
    ['POST /kontakt as text', 415, () => request.post('/kontakt', { headers: { ...site, 'Content-Type': 'text/plain' }, data: formBody })],
    ['POST /kontakt over 64 KB', 413, () => request.post('/kontakt', { headers: site, form: { message: 'a'.repeat(70_000) } })],
    ['GET /_serverFn/<unknown>', 404, () => request.get('/_serverFn/findes-ikke')],
    ['PUT the contact action', 405, () => request.put(contactAction, { headers: site, form: { a: '1' } })],
    ['POST the contact action from another site', 403, () => request.post(contactAction, { headers: { Origin: 'https://ond.example' }, form: { a: '1' } })],
    ['POST the contact action as text', 415, () => request.post(contactAction, { headers: { ...site, 'Content-Type': 'text/plain' }, data: formBody })],
    ['POST the contact action with broken JSON', 400, () => request.post(contactAction, { headers: { ...site, 'Content-Type': 'application/json' }, data: '{"t":' })],
    ['GET the contact action with an unreadable payload', 400, () => request.get(`${contactAction}?payload=%7B`, { headers: site })],
    ['POST a GET server function (Start: "expected GET method")', 405, () => request.post(articleFunction, { headers: { ...site, 'Content-Type': 'application/json' }, data: '{"t":{"t":10,"i":0,"p":{"k":["data","context"],"v":[{"t":1,"s":"x"},{"t":10,"i":1,"p":{"k":[],"v":[]},"o":0}]},"o":0},"f":127,"m":[]}' })],
    ['GET the contact action (Start: "expected POST method")', 405, () => request.get(contactAction, { headers: { 'Sec-Fetch-Site': 'same-origin' } })],
    ['GET /kalender/<wrong>.ics', 404, () => request.get('/kalender/forkert.ics')],
  ]
  for (const [what, status, ask] of tries) {
    const response = await ask()
    const text = await response.text()
    expect(response.status(), what).toBe(status)
    expect(response.headers()['content-type'], what).toBe('text/plain; charset=utf-8')
    expect(text, what).toMatch(/^[A-ZÆØÅ][^\n]{5,80}\.$/)
    expect(text, what).not.toMatch(ENGLISH)
  }
})
