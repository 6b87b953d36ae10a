export type LogLine = { level: string; msg: string; method?: string; path?: string; status?: number; [field: string]: unknown }

/**
 * The server's log lines in a log file's text. Node itself may write a line there that is not the
 * server's JSON (a warning such as "(node:123) Warning: The 'NO_COLOR' env is ignored due to the
 * 'FORCE_COLOR' env being set." when a developer's shell sets NO_COLOR): such lines are skipped,
 * not read as a broken test.
 */
export function logLinesOf(text: string): LogLine[] {
  return text.split('\n').flatMap((line) => {
    try {
      return [JSON.parse(line) as LogLine]
    } catch {
      return []
    }
  })
}
