import { createFileRoute } from '@tanstack/react-router'

export const Route = createFileRoute('/rss.xml')({
  server: {
    handlers: {
      GET: async () => {
        const { rssResponse } = await import('~/server/blog/feeds.server')
        return rssResponse()
      },
    },
  },
})
