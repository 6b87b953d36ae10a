import { RouterProvider } from '@tanstack/react-router'
import { hydrate } from '@tanstack/react-router/ssr/client'
import type { AnyStartInstance, AnyStartInstanceOptions } from '@tanstack/react-start'
import { StrictMode, startTransition } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { handleInAppLinks } from '~/lib/in-app-links'
import { getRouter } from './router'

/**
 * The browser's entry: Start's own client entry and hydration (`hydrateStart` in
 * @tanstack/start-client-core), less the adapter that turns server functions inside a page's data
 * back into callable ones. No page's data carries a server function, and that adapter alone pulls
 * the whole server-function client and its serializer (about 11 kB gzip) into every page; the
 * contact form and a client-side navigation to the blog load it when they call one.
 */
declare global {
  interface Window {
    __TSS_START_OPTIONS__?: Partial<AnyStartInstanceOptions>
  }
}

const startModules = import.meta.glob<{ startInstance?: AnyStartInstance }>('./start.ts', { eager: true })
const startInstance = startModules['./start.ts']?.startInstance

/**
 * Lets the browser paint and answer input between the start-up steps. Evaluating the entry, building
 * the router and hydrating would otherwise be one long task (about 90 ms on a fast desktop, four
 * times that on the phone Lighthouse models): each step is one task of its own.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve))

async function hydrateRouter() {
  await nextTask()
  const router = getRouter()
  await nextTask()
  // What server-function calls read in the browser (their middleware and serialization adapters).
  const startOptions = ((await startInstance?.getOptions()) ?? {}) as Partial<AnyStartInstanceOptions>
  const serializationAdapters = (startOptions.serializationAdapters ??= [])
  window.__TSS_START_OPTIONS__ = startOptions
  if (startInstance) router.options.defaultSsr = startOptions.defaultSsr
  // The router's public options leave these two to createStart; hydrateStart sets them the same way.
  router.update({
    basepath: process.env.TSS_ROUTER_BASEPATH,
    serializationAdapters: [...serializationAdapters, ...(router.options.serializationAdapters ?? [])],
  } as Parameters<typeof router.update>[0])
  // The router scrolls to the top after its first render, as after a navigation. Here the page has
  // been on screen since before this script loaded, and a visitor may have scrolled it (pressed
  // End, say): the first render must leave the page where it is. Links followed later still
  // reset the scroll (each navigation sets this again).
  router._scroll.n = false
  await hydrate(router)
  await nextTask()
  return router
}

void hydrateRouter().then((router) =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
      // A browser extension or a translation tool changed the page before this script ran: React
      // renders the affected part again and says so here, instead of as an uncaught error.
      { onRecoverableError: (error) => console.error('Hydration recovered by rendering again:', error) },
    )
    handleInAppLinks(router)
  }),
)
