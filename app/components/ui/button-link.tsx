import { buttonVariants, type ButtonVariantProps } from '~/components/ui/button'
import { cn } from '~/lib/utils'

/** A link that looks like a button (an internal one navigates inside the app: lib/in-app-links). */
export function ButtonLink({ className, variant, size, ...props }: React.ComponentProps<'a'> & ButtonVariantProps & { href: string }) {
  return <a className={cn(buttonVariants({ variant, size }), className)} {...props} />
}
