// One racer: a worker thread of its own with its own database connection. It loads the app's
// TypeScript through tsx (the worker has no Vite), says it is ready, waits at the barrier until the
// test releases every racer at once, runs its part and posts the outcome.
import { parentPort, workerData } from 'node:worker_threads'
import { register } from 'tsx/esm/api'

register({ tsconfig: workerData.tsconfig })
const { race } = await import('./race-task.ts')
const barrier = new Int32Array(workerData.barrier)
const prepared = await race.prepare(workerData)
Atomics.add(barrier, 1, 1)
Atomics.wait(barrier, 0, 0)
try {
  parentPort.postMessage({ outcomes: await race.run(prepared) })
} catch (error) {
  parentPort.postMessage({ failure: error instanceof Error ? error.message : String(error) })
} finally {
  prepared.close()
}
