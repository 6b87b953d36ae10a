import { useSite } from '~/lib/content/site-data'

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 40 40" aria-hidden="true" className={className}>
      <circle cx="20" cy="20" r="19" fill="currentColor" opacity="0.12" />
      <path
        d="M20 30c-5.5-3.2-9-7.3-9-11.6A5 5 0 0 1 20 15a5 5 0 0 1 9 3.4c0 4.3-3.5 8.4-9 11.6Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2.2"
        strokeLinejoin="round"
      />
      <path d="M13 24c3-1 5-3 7-6.5 2 3.5 4 5.5 7 6.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
    </svg>
  )
}

export function Logo() {
  const site = useSite()
  return (
    // On the narrowest phones the header also holds »Book tid« and the menu: the subtitle (below
    // 384 px) and then the mark (below 360 px) give way, so the name stays on one line.
    <span className="flex h-tap items-center gap-2.5 whitespace-nowrap">
      <LogoMark className="size-10 text-accent-700 max-[22.5rem]:hidden" />
      <span className="flex flex-col leading-tight">
        <span className="font-serif text-lg font-semibold text-ink">{site.name}</span>
        <span className="text-xs tracking-wide text-sand-600 max-[24rem]:hidden">Certificeret coach · Fredericia</span>
      </span>
    </span>
  )
}
