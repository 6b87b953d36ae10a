/** A short Danish answer (refusals, errors) that nobody keeps. */
export function textResponse(status: number, text: string, headers: Record<string, string> = {}) {
  return new Response(text, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers } })
}
