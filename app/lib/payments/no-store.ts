/** Free times, one visitor's order: never stored by the page cache, Varnish or a CDN. */
export const noStore = () => ({ 'Cache-Control': 'no-store' })
