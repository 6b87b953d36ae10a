import { defaultSerovalDeserializerPlugins, getSerovalPlugins } from '@tanstack/react-start'
import { fromJSON } from 'seroval'

let plugins: ReturnType<typeof getSerovalPlugins> | undefined

/**
 * A server function's JSON payload (the `payload` query of a GET, or a JSON body) that the
 * framework could not deserialize. Checked here with the framework's own deserializer, so a
 * malformed call is the caller's 400, and a 5xx from the framework always means an outage.
 */
export async function isMalformedServerFnPayload(request: Request, url: URL): Promise<boolean> {
  let json: string | null = null
  if (request.method === 'GET') json = url.searchParams.get('payload')
  else if (/^application\/json\b/i.test(request.headers.get('Content-Type') ?? '')) json = await request.clone().text()
  if (json === null || json === '') return false
  try {
    plugins ??= getSerovalPlugins(defaultSerovalDeserializerPlugins)
    fromJSON(JSON.parse(json), { plugins })
    return false
  } catch {
    return true
  }
}
