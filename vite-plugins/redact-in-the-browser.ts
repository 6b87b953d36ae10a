import { redact } from '@tanstack/redact/vite'
import type { Plugin, UserConfig } from 'vite'

/**
 * Redact's plugin swaps React in both the browser and the server build; this keeps its aliases to
 * the browser build (the `client` environment), so the server goes on importing React itself.
 */
function inTheBrowserOnly(plugins: Plugin[]): Plugin[] {
  return plugins.map((plugin) => {
    const config = plugin.config as ((...args: unknown[]) => UserConfig) | undefined
    return {
      ...plugin,
      applyToEnvironment: (environment) => environment.name === 'client',
      config: config && ((...args: unknown[]) => ({ environments: { client: config(...args).environments?.client ?? {} } })),
    }
  })
}

/**
 * Changes to Redact's hydration (@tanstack/redact 0.0.18), each an exact replacement; the build
 * fails when one no longer matches, so an upgrade is checked rather than silently patched.
 */
const REDACT_HYDRATION_FIXES: Array<{ change: string; find: string; replace: string }> = [
  // To compare attributes, hydration sets them on a throwaway element; an <img> given a src starts
  // downloading, so every lazy cover on /blog was fetched at once. The throwaway elements now
  // belong to a document without a window, which loads nothing.
  {
    change: 'attributes compared on inert elements',
    find: 'expected ??= createHostNode(tag, isSvg);',
    replace: 'expected ??= createInertHostNode(tag, isSvg);',
  },
  // For three seconds after hydrating, window.scrollTo is ignored when the visitor has just
  // scrolled (it protects a fresh scroll from a router restoring an old one). This site restores
  // no scroll, and the guard would leave a page opened from the footer scrolled down.
  {
    change: 'no scroll guard',
    find: '\n  installHydrationScrollGuard();\n',
    replace: '\n',
  },
  // A Suspense boundary lets a part of the page hydrate in a later task (HydrateInTurn). React
  // marks a server-rendered boundary <!--$-->…<!--/$-->, where Redact's own server numbers them.
  {
    change: "React's Suspense boundaries",
    find: 'const m = /^(\\$\\??)(\\d+)$/.exec(data);',
    replace: 'const m = /^(\\$\\??)(\\d+)$/.exec(data) ?? (data === "$" ? [data, "$", "0"] : null);',
  },
  // A boundary ends at its own <!--/$-->, not at the first one after it: boundaries nest (a
  // route's inside HydrateInTurn's).
  {
    change: 'nested Suspense boundaries',
    find: `  let scan = startMark.nextSibling;
  while (scan) {
    if (scan.nodeType === 8 && scan.data === "/$") {`,
    replace: `  let scan = startMark.nextSibling;
  let depth = 0;
  while (scan) {
    if (scan.nodeType === 8 && /^\\$[?!]?\\d*$/.test(scan.data)) depth++;
    else if (scan.nodeType === 8 && scan.data === "/$" && depth-- === 0) {`,
  },
]
const INERT_HOST_NODE = `
let inertDocument;
function createInertHostNode(tag, isSvg) {
  inertDocument ??= document.implementation.createHTMLDocument("");
  return isSvg || tag === "svg" ? inertDocument.createElementNS("http://www.w3.org/2000/svg", tag) : inertDocument.createElement(tag);
}
`

const redactHydrationFixes = (): Plugin => ({
  name: 'redact-hydration-fixes',
  applyToEnvironment: (environment) => environment.name === 'client',
  transform(code, id) {
    if (!/@tanstack[\\/]redact[\\/]dist[\\/]dom[\\/]features[\\/]hydration[\\/]full\.js$/.test(id)) return
    for (const { change, find } of REDACT_HYDRATION_FIXES) {
      if (!code.includes(find)) this.error(`Redact's hydration changed: ${change} no longer applies (vite-plugins/redact-in-the-browser.ts)`)
    }
    return REDACT_HYDRATION_FIXES.reduce((fixed, { find, replace }) => fixed.replaceAll(find, replace), code) + INERT_HOST_NODE
  },
})

/** TanStack Redact for the browser build only, with the changes above. */
export const redactInTheBrowser = (): Plugin[] => [...inTheBrowserOnly(redact()), redactHydrationFixes()]
