import { type ReactNode, Suspense, use, useEffect } from 'react'

// React hydrates in slices of a few milliseconds; Redact takes the whole page in one task, which
// a phone feels as one long freeze. Parts of the page wrapped in HydrateInTurn wait for a task of
// their own instead, each after the ones before it, so the page answers a tap in between.
let pageAsSent = !import.meta.env.SSR
/** By name: a part that waits is rendered again from scratch when its turn comes. */
const turns = new Map<string, { done: Promise<void>; finished: boolean }>()
let pendingTurns = 0
const whenEveryTurnIsDone: Array<() => void> = []

/**
 * Runs `callback` once every part of the page the server sent has been hydrated (at once when
 * nothing waits). From then on, parts that mount are rendered straight away.
 */
export function afterEveryTurn(callback: () => void) {
  whenEveryTurnIsDone.push(callback)
  if (pendingTurns > 0) return
  pageAsSent = false
  for (const waiting of whenEveryTurnIsDone.splice(0)) waiting()
}

function WaitForTurn({ name, children }: { name: string; children: ReactNode }) {
  let turn = turns.get(name)
  if (!turn && pageAsSent) {
    turn = { done: new Promise<void>((resolve) => setTimeout(resolve)), finished: false }
    turns.set(name, turn)
    pendingTurns++
  }
  if (turn) use(turn.done)
  useEffect(() => {
    if (!turn || turn.finished) return
    turn.finished = true
    pendingTurns--
    afterEveryTurn(() => {})
  }, [turn])
  return children
}

/**
 * Hydrates its children in a task of their own, after the parts of the page before them. `name`
 * is unique on the page. What is wrapped keeps its own state: a parent that re-rendered while its
 * part still waited would meet that part half hydrated.
 */
export function HydrateInTurn({ name, children }: { name: string; children: ReactNode }) {
  return (
    <Suspense>
      <WaitForTurn name={name}>{children}</WaitForTurn>
    </Suspense>
  )
}
