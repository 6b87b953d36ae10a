import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/healthz')({
  server: {
    handlers: {
      // HEAD is answered by GET; any other method is refused like on every page (405).
      GET: async () => {
        const { healthResponse } = await import('~/server/http/health.server')
        return healthResponse()
      },
    },
  },
})
