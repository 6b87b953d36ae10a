import { createIsomorphicFn } from '@tanstack/react-start'

/**
 * Pages are rendered with this secret placeholder as the CSP nonce; the server swaps it for a
 * fresh random nonce in every response, so a cached page still gets a new nonce each time. It
 * is random per process and never reaches the browser.
 */
export const cspNoncePlaceholder = createIsomorphicFn()
  .server(() => {
    const holder = globalThis as { __cspNoncePlaceholder?: string }
    holder.__cspNoncePlaceholder ??= `cspnonce${crypto.randomUUID().replaceAll('-', '')}`
    return holder.__cspNoncePlaceholder
  })
  .client(() => undefined)
