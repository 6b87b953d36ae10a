import { createInterface } from 'node:readline/promises'

/**
 * Asks the coach before a command changes something for good. `--ja` answers yes in advance (for
 * scripts); without a terminal to ask in, the answer is no and the command says how to add --ja.
 */
export async function confirmed({ question, action, nothingDone, retry }: { question: string; action: string; nothingDone: string; retry: string }) {
  if (process.argv.includes('--ja')) return true
  if (!process.stdin.isTTY) {
    console.error(`\n${nothingDone}: ${action} skal bekræftes, og her kan der ikke spørges. Er du sikker, så tilføj --ja: ${retry}`)
    process.exitCode = 2
    return false
  }
  const prompt = createInterface({ input: process.stdin, output: process.stdout })
  const answer = await prompt.question(`\n${question} Skriv ja og tryk Enter: `)
  prompt.close()
  if (/^\s*(ja|j)\s*$/i.test(answer)) return true
  console.log(`${nothingDone}.`)
  return false
}
