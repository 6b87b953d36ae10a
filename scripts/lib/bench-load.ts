/** What `npm run bench` measures a server with: autocannon's load and the CPU time it cost. */
import { readFileSync, readdirSync } from 'node:fs'
import autocannon from 'autocannon'

export const DURATION_S = Number(process.env.BENCH_SECONDS ?? 4)
export const CONNECTIONS = 50
/** What every browser sends; nginx answers it with its precompressed .gz, the app with brotli. */
export const BROWSER = { 'accept-encoding': 'br, gzip' }

export type Load = { rps: number; p50: number; p99: number; errors: number; cpuUs: number | undefined }

/**
 * CPU time a server has used so far, in seconds: the process and its children (the cluster's
 * workers, nginx's workers), from /proc (Linux). On a shared machine requests per second follow
 * whatever else runs; the CPU time each answer costs hardly does.
 */
export function cpuSeconds(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // After "(name) state": utime and stime are the 12th and 13th fields, in clock ticks (100 per second).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    const children = readdirSync(`/proc/${pid}/task`).flatMap((task) => readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean))
    return (Number(fields[11]) + Number(fields[12])) / 100 + children.reduce((sum, child) => sum + (cpuSeconds(Number(child)) ?? 0), 0)
  } catch {
    return undefined
  }
}

export async function load(url: string, headers: Record<string, string> = {}, pid?: number): Promise<Load> {
  const cpuBefore = pid ? cpuSeconds(pid) : undefined
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers })
  const cpuAfter = pid ? cpuSeconds(pid) : undefined
  const cpuUs = cpuBefore !== undefined && cpuAfter !== undefined && result.requests.total > 0 ? ((cpuAfter - cpuBefore) * 1e6) / result.requests.total : undefined
  return { rps: Math.round(result.requests.average), p50: result.latency.p50, p99: result.latency.p99, errors: result.non2xx + result.errors, cpuUs }
}
