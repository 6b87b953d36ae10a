import { Link, type LinkProps } from '@tanstack/react-router'
import { buttonVariants, type ButtonVariantProps } from '~/components/ui/button'
import { cn } from '~/lib/utils'

/** An internal link that looks like a button. */
export function ButtonLink({
  className,
  variant,
  size,
  children,
  ...props
}: LinkProps & ButtonVariantProps & { className?: string; children: React.ReactNode }) {
  return (
    <Link className={cn(buttonVariants({ variant, size }), className)} {...props}>
      {children}
    </Link>
  )
}
