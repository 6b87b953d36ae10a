import { clsx, type ClassValue } from 'clsx'

/**
 * Joins class names. We deliberately skip tailwind-merge (about 8 kB gzip in every page's
 * JavaScript): components put overridable classes last and avoid conflicting utilities instead.
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs)
}
