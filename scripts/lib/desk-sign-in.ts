import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { site } from '../../app/server/content/content.server.ts'

type Through = (path: string, init?: RequestInit) => Promise<Response>
const formAction = (html: string) => /<form[^>]*\saction="(\/_serverFn\/[^"]+)"[^>]*method="post"/.exec(html)?.[1]
const posted = (through: Through, action: string, headers: Record<string, string>, fields: Record<string, string>) =>
  through(action, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers }, body: new URLSearchParams(fields) })

/**
 * Signs the coach in to her desk as her browser would (the address, the link from the outbox, its
 * button) and gives the `Cookie` header her browser would then send.
 */
export async function signInThroughProxies(through: Through, outbox: string, headers: Record<string, string>): Promise<string> {
  const request = formAction(await (await through('/coach')).text())
  if (!request) throw new Error('/coach shows no sign-in form')
  await posted(through, request, headers, { email: site.email, til: '/coach' })
  let link: string | undefined
  for (let tries = 0; !link && tries < 50; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 100))
    const files = (() => {
      try {
        return readdirSync(outbox).filter((name) => name.startsWith('desk-link-') && name.endsWith('.json'))
      } catch {
        return []
      }
    })()
    link = files.map((name) => /\/coach\/link\/[A-Za-z0-9_-]{43}/.exec(readFileSync(join(outbox, name), 'utf8'))?.[0]).find(Boolean)
  }
  if (!link) throw new Error('no sign-in link in the outbox')
  const signIn = formAction(await (await through(link)).text())
  if (!signIn) throw new Error(`${link.slice(0, 12)}… shows no sign-in button`)
  const answer = await posted(through, signIn, headers, { link: link.split('/').pop()! })
  const cookie = (answer.headers.get('set-cookie') ?? '').split(';')[0]
  if (!cookie) throw new Error(`no session cookie: ${answer.status} ${answer.headers.get('location')}`)
  return cookie
}
