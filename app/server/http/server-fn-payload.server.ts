import { defaultSerovalDeserializerPlugins } from '@tanstack/react-start'
import { fromJSON } from 'seroval'

/**
 * Whether a server function's parsed JSON payload (the `payload` query of a GET, or a JSON body)
 * is one the framework can deserialize. Checked with the framework's own deserializer and plugins
 * (the site registers no serialization adapters of its own), so a malformed call is the caller's
 * 400, and a 5xx from the framework always means an outage.
 */
export function deserializes(payload: unknown): boolean {
  try {
    fromJSON(payload as Parameters<typeof fromJSON>[0], { plugins: defaultSerovalDeserializerPlugins })
    return true
  } catch {
    return false
  }
}
