import { defaultSerovalDeserializerPlugins } from '@tanstack/react-start'
import { fromJSON } from 'seroval'

/**
 * A server function's JSON payload (the `payload` query of a GET, or a JSON body) that the
 * framework could not deserialize. Checked here with the framework's own deserializer and plugins
 * (the site registers no serialization adapters of its own), so a malformed call is the caller's
 * 400, and a 5xx from the framework always means an outage.
 */
export async function isMalformedServerFnPayload(request: Request, url: URL): Promise<boolean> {
  let json: string | null = null
  if (request.method === 'GET') json = url.searchParams.get('payload')
  else if (/^application\/json\b/i.test(request.headers.get('Content-Type') ?? '')) json = await request.clone().text()
  if (json === null || json === '') return false
  try {
    fromJSON(JSON.parse(json), { plugins: defaultSerovalDeserializerPlugins })
    return false
  } catch {
    return true
  }
}
