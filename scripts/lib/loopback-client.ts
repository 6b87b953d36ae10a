import { request } from 'node:http'

/**
 * A form post from a chosen loopback source address (127.0.0.1, 127.0.0.2 …: all of 127/8 reaches
 * a server listening on 127.0.0.1), so tests can play two different senders on one machine.
 */
export function postFormFrom(localAddress: string, url: string, form: URLSearchParams): Promise<{ status: number; location: string }> {
  const target = new URL(url)
  const body = form.toString()
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: 'POST',
        localAddress,
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          'Content-Length': Buffer.byteLength(body),
          Origin: target.origin,
          'Sec-Fetch-Site': 'same-origin',
        },
      },
      (response) => {
        response.resume()
        response.on('end', () => resolve({ status: response.statusCode ?? 0, location: String(response.headers.location ?? '') }))
      },
    )
    outgoing.on('error', reject)
    outgoing.end(body)
  })
}

/** The contact form's address (where it posts without JavaScript) as the page has it. */
/** The contact form's address in a page: its own form, not the search form in the header before it. */
export const contactFormActionIn = (html: string) => /<form id="kontaktformular"[^>]*\saction="([^"]+)"/.exec(html)?.[1]

export async function contactFormAction(baseUrl: string) {
  const html = await (await fetch(`${baseUrl}/kontakt`)).text()
  const action = contactFormActionIn(html)
  if (!action) throw new Error('Kontaktformularens adresse blev ikke fundet')
  return action
}

/**
 * The outcome of a plain contact form post: a received message is a 303 whose address carries its
 * status; a refused one is the page itself again, whose status code says why.
 */
export function contactOutcome({ status, location }: { status: number; location: string }) {
  if (status === 303) return new URL(location, 'http://localhost').searchParams.get('status') ?? ''
  return ({ 422: 'ugyldig', 429: 'for-mange', 503: 'fejl' } as Record<number, string>)[status] ?? String(status)
}
