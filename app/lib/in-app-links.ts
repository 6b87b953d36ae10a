import type { AnyRouter } from '@tanstack/react-router'

/**
 * The site's own links are plain `<a href>` elements, and this makes them links of the app: once
 * the app runs, following one is a navigation inside it (no page load), and pointing at one,
 * touching it or tabbing to it loads that page's code and data ahead, as the router's `Link` does.
 *
 * Why not the router's `Link`: each one builds its location and subscribes to the router while the
 * page hydrates, and /blog had about 40 (the header's and footer's alone were about 20 ms of a CPU
 * profile). The anchors cost nothing to hydrate, and the links in an article's Markdown get the
 * same treatment.
 *
 * Listening on window, after React's own listeners on the document: a component's onClick runs
 * first and may still prevent the navigation.
 */
export function handleInAppLinks(router: AnyRouter) {
  window.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    const link = inAppLink(event.target)
    // A link to a place on the page it is on is the browser's to follow.
    if (!link || (link.hash && link.pathname === location.pathname && link.search === location.search)) return
    event.preventDefault()
    void router.navigate({ href: hrefOf(link), resetScroll: !('keepScroll' in link.dataset) })
  })

  const preloaded = new Set<string>()
  const preload = (event: Event) => {
    const link = inAppLink(event.target)
    const href = link && hrefOf(link)
    if (!href || preloaded.has(href)) return
    preloaded.add(href)
    // A page that cannot be loaded ahead is loaded when it is followed, and says so then.
    // The router takes an href here as in navigate (its types ask for `to`).
    router.preloadRoute({ href } as Parameters<AnyRouter['preloadRoute']>[0]).catch(() => preloaded.delete(href))
  }
  for (const type of ['mouseover', 'focusin', 'touchstart'] as const) window.addEventListener(type, preload, { passive: true })
}

/** A link to a page of this site (not a file such as /rss.xml, not a download, not another window). */
function inAppLink(target: EventTarget | null): HTMLAnchorElement | undefined {
  const link = target instanceof Element ? target.closest('a') : null
  if (!link?.hasAttribute('href') || link.origin !== location.origin) return
  if ((link.target && link.target !== '_self') || link.hasAttribute('download') || /\.\w+$/.test(link.pathname)) return
  return link
}

const hrefOf = (link: HTMLAnchorElement) => link.pathname + link.search + link.hash
