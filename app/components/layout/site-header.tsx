import { Link, useLocation } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { Logo } from '~/components/layout/logo'
import { exactPath, navLinks } from '~/components/layout/nav-links'
import { cn } from '~/lib/utils'

/** Clicking the link of the page you are on scrolls back to the top instead of doing nothing. */
function scrollToTopIfCurrent(isCurrent: boolean) {
  if (isCurrent) window.scrollTo({ top: 0 })
}

export function SiteHeader() {
  const pathname = useLocation({ select: (location) => location.pathname })
  const [menuOpen, setMenuOpen] = useState(false)
  const toggleRef = useRef<HTMLButtonElement>(null)
  const menuRef = useRef<HTMLUListElement>(null)

  useEffect(() => setMenuOpen(false), [pathname])

  useEffect(() => {
    if (!menuOpen) return
    menuRef.current?.querySelector('a')?.focus()
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return
      setMenuOpen(false)
      toggleRef.current?.focus()
    }
    document.addEventListener('keydown', closeOnEscape)
    return () => document.removeEventListener('keydown', closeOnEscape)
  }, [menuOpen])

  const links = (variant: 'desktop' | 'mobile') =>
    navLinks.map((link) => {
      const isCurrent = pathname === link.to
      return (
        <li key={link.to}>
          <Link
            to={link.to}
            activeOptions={exactPath}
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
          </Link>
        </li>
      )
    })

  return (
    <header className="fixed inset-x-0 top-0 z-40 h-(--nav-height) border-b border-sand-200 bg-sand-50/95 backdrop-blur">
      <nav aria-label="Hovedmenu" className="h-full">
        <div className="mx-auto flex h-full max-w-6xl items-center justify-between px-5 sm:px-8">
        <Link to="/" onClick={() => scrollToTopIfCurrent(pathname === '/')}>
          <Logo />
        </Link>
        <ul className="hidden items-center gap-1 lg:flex">{links('desktop')}</ul>
        <button
          ref={toggleRef}
          type="button"
          className="inline-flex size-11 items-center justify-center rounded-full text-ink hover:bg-sand-100 lg:hidden"
          aria-expanded={menuOpen}
          aria-controls="mobilmenu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="sr-only">{menuOpen ? 'Luk menu' : 'Åbn menu'}</span>
          <svg viewBox="0 0 24 24" className="size-6" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
            {menuOpen ? <path d="M6 6l12 12M18 6 6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
          </svg>
        </button>
        </div>
        <div
          id="mobilmenu"
          hidden={!menuOpen}
          className="border-b border-sand-200 bg-sand-50 px-5 pb-6 shadow-lg sm:px-8 lg:hidden"
        >
          <ul ref={menuRef} className="flex flex-col gap-1 pt-2">
            {links('mobile')}
          </ul>
        </div>
      </nav>
    </header>
  )
}
