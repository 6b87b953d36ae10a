// One racer: a worker thread of its own. It loads the app's TypeScript through tsx once (seconds:
// the worker has no Vite), then takes one race after another: it prepares its part on a database
// connection of its own, says it is ready, waits at the race's barrier until the test releases
// every racer at once, runs its part and posts the outcome.
import { parentPort, workerData } from 'node:worker_threads'
import { register } from 'tsx/esm/api'

register({ tsconfig: workerData.tsconfig })
const { race } = await import('./race-task.ts')
const failure = (error) => ({ failure: error instanceof Error ? error.message : String(error) })

parentPort.on('message', async ({ task, barrier: shared }) => {
  const barrier = new Int32Array(shared)
  let prepared
  try {
    prepared = await race.prepare(task)
  } catch (error) {
    parentPort.postMessage(failure(error))
  }
  // Ready (or failed): either way the others must not wait for this racer.
  Atomics.add(barrier, 1, 1)
  if (!prepared) return
  Atomics.wait(barrier, 0, 0)
  try {
    parentPort.postMessage({ outcomes: await race.run(prepared) })
  } catch (error) {
    parentPort.postMessage(failure(error))
  } finally {
    prepared.close()
  }
})
