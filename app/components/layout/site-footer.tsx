import { useSite } from '~/lib/content/site-data'
import { LogoMark } from '~/components/layout/logo'
import { navLinks } from '~/components/layout/nav-links'

/**
 * The year in Denmark, the same on the server (any zone) and in the visitor's browser. The year
 * turns in winter time, UTC+1, so no time-zone database is needed: a Danish Intl formatter costs a
 * phone some 10 ms to build, on every page, while the page is being taken over by its script.
 */
const danishYear = () => new Date(Date.now() + 60 * 60 * 1000).getUTCFullYear()

/**
 * Rendered by the server only (app/server/pages/site-footer.server.tsx) and sent as HTML with the
 * root's data, so none of it is in the script every page loads. The link to the page you are on is
 * marked here for the first page, and by the root (markFooterLinks) after a navigation in the app.
 */
export function SiteFooter({ pathname }: { pathname: string }) {
  const site = useSite()
  return (
    <>
      <footer className="defer-render border-t border-sand-200 bg-sand-100 px-5 pt-12 pb-8 text-ink-soft sm:px-8">
        <div className="mx-auto grid max-w-6xl gap-10 md:grid-cols-3">
          <div>
            <p className="flex items-center gap-2 font-serif text-xl font-semibold text-ink">
              <LogoMark className="size-8 text-accent-700" />
              {site.name}
            </p>
            <p className="mt-3 max-w-xs">
              {`Coach, certificeret af ${site.certifiedBy}, med egen praksis siden ${site.foundingYear}. Samtaler i ${site.address.city} og online.`}
            </p>
          </div>
          <nav aria-label="Sider">
            <h2 className="eyebrow text-ink">Sider</h2>
            <ul className="mt-3 grid grid-cols-2 gap-x-4">
              {navLinks.map((link) => (
                <li key={link.to}>
                  <a href={link.to} aria-current={pathname === link.to ? 'page' : undefined} className="inline-flex min-h-tap min-w-tap items-center hover:text-accent-700 hover:underline">
                    {link.label}
                  </a>
                </li>
              ))}
              <li>
                <a
                  href="/privatlivspolitik"
                  aria-current={pathname === '/privatlivspolitik' ? 'page' : undefined}
                  className="inline-flex min-h-tap min-w-tap items-center hover:text-accent-700 hover:underline"
                >
                  Privatlivspolitik
                </a>
              </li>
            </ul>
          </nav>
          <div>
            <h2 className="eyebrow text-ink">Kontakt</h2>
            <address className="mt-3 not-italic">
              <p>
                {site.address.street}, {site.address.postalCode} {site.address.city}
              </p>
              <p>
                <a href={`mailto:${site.email}`} className="inline-flex min-h-tap min-w-tap items-center hover:text-accent-700 hover:underline">
                  {site.email}
                </a>
              </p>
              <p>
                <a href={site.phone.href} className="inline-flex min-h-tap min-w-tap items-center hover:text-accent-700 hover:underline">
                  {site.phone.display}
                </a>
              </p>
            </address>
            <ul className="mt-3 flex gap-4">
              <li>
                <a href={site.profiles.linkedin} className="inline-flex min-h-tap min-w-tap items-center hover:text-accent-700 hover:underline">
                  LinkedIn
                </a>
              </li>
              <li>
                <a href={site.profiles.facebook} className="inline-flex min-h-tap min-w-tap items-center hover:text-accent-700 hover:underline">
                  Facebook
                </a>
              </li>
            </ul>
          </div>
        </div>
        <div className="mx-auto mt-10 flex max-w-6xl flex-col gap-2 border-t border-sand-300 pt-6 text-sm sm:flex-row sm:justify-between">
          <p>
            © {site.foundingYear}–{danishYear()} {site.name} · CVR {site.cvr}
          </p>
          <a href="/privatlivspolitik" className="inline-flex min-h-tap min-w-tap items-center hover:text-accent-700 hover:underline">
            Privatlivspolitik
          </a>
        </div>
      </footer>
    </>
  )
}
