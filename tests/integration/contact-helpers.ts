import type { Email, MailTransport } from '~/server/mail/mail-transport.server'

/** A complete, valid contact form, with the given fields changed. */
export const validForm = (changes: Record<string, string> = {}) => {
  const form = new FormData()
  const fields = {
    firstName: 'Anne',
    lastName: 'Jensen',
    email: 'anne@eksempel.dk',
    phone: '20 30 40 50',
    serviceType: 'parcoaching',
    address: '',
    message: 'Vi vil gerne høre om parcoaching.',
    website: '',
    ...changes,
  }
  for (const [key, value] of Object.entries(fields)) form.set(key, value)
  return form
}

/** A transport that fails while `down` is true and remembers what it delivered. */
export function flakyTransport() {
  const delivered: Email[] = []
  let attemptsWhileDown = 0
  const transport: MailTransport & { down: boolean } = {
    name: 'test',
    down: false,
    async send(email) {
      if (transport.down) {
        attemptsWhileDown++
        throw new Error('Mailudbyderen svarer ikke')
      }
      delivered.push(email)
    },
  }
  return { transport, delivered, attemptsWhileDown: () => attemptsWhileDown }
}

