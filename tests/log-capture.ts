import { vi } from 'vitest'

/**
 * Collects the JSON log lines the site writes (the logger writes each straight to stdout or stderr)
 * into `lines`, emptied first; other output is swallowed. Ends with `vi.restoreAllMocks()`.
 */
export function captureLogLines<Line>(lines: Line[]) {
  lines.length = 0
  const capture = (chunk: unknown) => {
    if (typeof chunk === 'string' && chunk.startsWith('{')) lines.push(JSON.parse(chunk) as Line)
    return true
  }
  vi.spyOn(process.stdout, 'write').mockImplementation(capture)
  vi.spyOn(process.stderr, 'write').mockImplementation(capture)
}
