import { createFileRoute } from '@tanstack/react-router'

/** A receipt or credit note of an order as a printable page, from the order page's link (no script). */
export const Route = createFileRoute('/ordre/$token/kvittering/$nummer')({
  server: {
    handlers: {
      GET: async ({ params }) => {
        const { documentPage } = await import('~/server/bookkeeping/document-page.server')
        return documentPage(params.token, params.nummer)
      },
    },
  },
})
