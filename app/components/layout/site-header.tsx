import { useLocation } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { SearchForm } from '~/components/blog/search-form'
import { Logo } from '~/components/layout/logo'
import { navLinks } from '~/components/layout/nav-links'
import { ButtonLink } from '~/components/ui/button-link'
import { cn } from '~/lib/utils'

/** Clicking the link of the page you are on scrolls back to the top instead of doing nothing. */
function scrollToTopIfCurrent(isCurrent: boolean) {
  if (isCurrent) window.scrollTo({ top: 0 })
}

/** Tab from the last item goes to the first (the toggle), Shift+Tab from the first to the last. */
function keepFocusInside(container: HTMLElement, event: KeyboardEvent) {
  const items = [...container.querySelectorAll<HTMLElement>('summary, a[href]')]
  const first = items[0]
  const last = items.at(-1)
  if (!first || !last) return
  if (!container.contains(document.activeElement)) {
    event.preventDefault()
    first.focus()
  } else if (event.shiftKey && document.activeElement === first) {
    event.preventDefault()
    last.focus()
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault()
    first.focus()
  }
}

export function SiteHeader() {
  const pathname = useLocation({ select: (location) => location.pathname })
  const [menuOpen, setMenuOpen] = useState(false)
  const toggleRef = useRef<HTMLElement>(null)
  const menuRef = useRef<HTMLUListElement>(null)
  const disclosureRef = useRef<HTMLDetailsElement>(null)

  useEffect(() => setMenuOpen(false), [pathname])
  // The disclosure reports its own state; once the script runs, aria-expanded states it as well.
  const [enhanced, setEnhanced] = useState(false)
  useEffect(() => setEnhanced(true), [])

  useEffect(() => {
    if (!menuOpen) return
    menuRef.current?.querySelector('a')?.focus()
    // While open, the menu is the page: Escape and a tap outside close it, and Tab stays inside it.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setMenuOpen(false)
        toggleRef.current?.focus()
      } else if (event.key === 'Tab' && disclosureRef.current) {
        keepFocusInside(disclosureRef.current, event)
      }
    }
    const closeOnOutsideTap = (event: PointerEvent) => {
      if (!disclosureRef.current?.contains(event.target as Node)) setMenuOpen(false)
    }
    document.addEventListener('keydown', onKeyDown)
    document.addEventListener('pointerdown', closeOnOutsideTap)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      document.removeEventListener('pointerdown', closeOnOutsideTap)
    }
  }, [menuOpen])

  const links = (variant: 'desktop' | 'mobile') =>
    navLinks.map((link) => {
      const isCurrent = pathname === link.to
      return (
        <li key={link.to}>
          <a
            href={link.to}
            aria-current={isCurrent ? 'page' : undefined}
            onClick={() => {
              scrollToTopIfCurrent(isCurrent)
              setMenuOpen(false)
            }}
            className={cn(
              'block rounded-full font-medium transition-colors',
              variant === 'desktop' ? 'px-4 py-2 text-[0.95rem]' : 'px-4 py-3 text-lg',
              isCurrent ? 'bg-accent-50 text-accent-800' : 'text-ink-soft hover:bg-sand-100 hover:text-ink',
            )}
          >
            {link.label}
          </a>
        </li>
      )
    })

  return (
    <header className="fixed inset-x-0 top-0 z-40 h-(--nav-height) border-b border-sand-200 bg-sand-50/95 backdrop-blur">
      <nav aria-label="Hovedmenu" className="h-full">
        <div className="mx-auto flex h-full max-w-6xl items-center justify-between px-5 sm:px-8">
          {/* The logo and the menu keep their size and place while the header is still being parsed
              (a first paint can come before the logo's text or the menu's button has arrived). */}
          <a href="/" className="flex" onClick={() => scrollToTopIfCurrent(pathname === '/')}>
            <Logo />
          </a>
          <div className="flex items-center gap-2">
            <ul className="hidden items-center gap-1 lg:flex">{links('desktop')}</ul>
            {/* Its full width, not what the menu leaves over: squeezed, the field cut »Søg i bloggen« short. */}
            <div className="hidden shrink-0 lg:block">
              <SearchForm id="soeg-top" />
            </div>
            {/* The site's one way to book, on every page and every screen size. */}
            <ButtonLink href="/book-samtale" size="sm" aria-current={pathname.startsWith('/book-samtale') ? 'page' : undefined} className="lg:ml-2">
              Book tid
            </ButtonLink>
            {/* A disclosure that opens and closes without JavaScript; the script adds Escape, focus return
                and closing when a link is chosen. */}
            <details ref={disclosureRef} className="group size-tap lg:hidden" open={menuOpen} onToggle={(event) => setMenuOpen(event.currentTarget.open)}>
              <summary
                ref={toggleRef}
                aria-expanded={enhanced ? menuOpen : undefined}
                aria-controls={enhanced ? 'mobilmenu' : undefined}
                className="inline-flex size-tap cursor-pointer list-none items-center justify-center rounded-full text-ink hover:bg-sand-100 [&::-webkit-details-marker]:hidden"
              >
                <span className="sr-only group-open:hidden">Åbn menu</span>
                <span className="sr-only hidden group-open:inline">Luk menu</span>
                <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
                  <path className="group-open:hidden" d="M4 7h16M4 12h16M4 17h16" />
                  <path className="hidden group-open:inline" d="M6 6l12 12M18 6 6 18" />
                </svg>
              </summary>
              <div id="mobilmenu" className="absolute inset-x-0 top-(--nav-height) border-b border-sand-200 bg-sand-50 px-5 pt-4 pb-6 shadow-lg sm:px-8">
                <SearchForm id="soeg-menu" />
                <ul ref={menuRef} className="flex flex-col gap-1 pt-2">
                  {links('mobile')}
                </ul>
              </div>
            </details>
          </div>
        </div>
      </nav>
    </header>
  )
}
