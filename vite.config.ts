import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import { tanstackStart } from '@tanstack/react-start/plugin/vite'
import viteReact from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url))

export default defineConfig({
  server: { port: 3000 },
  resolve: {
    alias: {
      '~': fromRoot('./app'),
      '#content': fromRoot('./content'),
      '#db': fromRoot('./db'),
    },
  },
  plugins: [tailwindcss(), tanstackStart({ srcDirectory: 'app' }), viteReact()],
})
