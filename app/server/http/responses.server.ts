import { errorFields, log } from '~/server/log.server'

/** A short Danish answer (refusals, errors) that nobody keeps. */
export function textResponse(status: number, text: string, headers: Record<string, string> = {}) {
  return new Response(text, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers } })
}

/** What a visitor is told when something broke, wherever it broke. */
export const SERVER_ERROR_TEXT = 'Der opstod en fejl på serveren. Prøv igen om lidt.'

/**
 * Something broke while answering: logged with its cause, told to the visitor in Danish without
 * details. Start answers an error thrown inside it with a 500 of its own, so the page middleware
 * turns it into this one first; the entry does the same for anything else.
 */
export function serverError(path: string, error: unknown) {
  log('error', 'request failed', { path, ...errorFields(error) })
  return textResponse(500, SERVER_ERROR_TEXT)
}

/** Text made safe inside XML or an HTML attribute: the five characters with a meaning there. */
export const escapeMarkup = (text: string) =>
  text.replace(/[<>&"']/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[char]!)
