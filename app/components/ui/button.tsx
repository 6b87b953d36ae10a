import { cn } from '~/lib/utils'

/**
 * The site's one button style (nine variants, four sizes). "light-*" variants sit on the
 * dark accent backgrounds of heroes and call-to-action blocks. A plain lookup: a variant library
 * would cost every page's script 0.7 kB for what three strings joined do.
 */
const base = 'inline-flex items-center justify-center gap-2 rounded-full font-medium whitespace-nowrap transition-colors disabled:pointer-events-none disabled:opacity-60'

const variants = {
  default: 'bg-accent-700 text-white hover:bg-accent-800',
  destructive: 'bg-danger-700 text-white hover:bg-danger-700/90',
  outline: 'border border-accent-700 bg-transparent text-accent-700 hover:bg-accent-50',
  'light-outline': 'border border-white/80 bg-transparent text-white hover:bg-white/10',
  secondary: 'bg-sand-200 text-ink hover:bg-sand-300',
  'light-secondary': 'bg-white text-accent-800 hover:bg-sand-100',
  ghost: 'bg-transparent text-ink hover:bg-sand-100',
  'light-ghost': 'bg-transparent text-white hover:bg-white/10',
  link: '',
}

const sizes = {
  // Every size is at least a thumb's 44 px high (--spacing-tap); sm is narrower, not lower.
  default: 'h-tap px-6 text-base',
  sm: 'h-tap px-4 text-sm',
  lg: 'h-15 px-8 text-lg',
  icon: 'size-tap',
}

export type ButtonVariantProps = { variant?: keyof typeof variants | null; size?: keyof typeof sizes | null }

/** A link-styled button takes no box, so its size classes must not apply at all (no tailwind-merge). */
export function buttonVariants({ variant, size }: ButtonVariantProps = {}) {
  if (variant === 'link') {
    return 'inline-flex min-h-tap items-center gap-1 font-medium text-accent-700 underline-offset-4 hover:underline'
  }
  return `${base} ${variants[variant ?? 'default']} ${sizes[size ?? 'default']}`
}

export function Button({
  className,
  variant,
  size,
  type = 'button',
  ...props
}: React.ComponentProps<'button'> & ButtonVariantProps) {
  return <button type={type} className={cn(buttonVariants({ variant, size }), className)} {...props} />
}
