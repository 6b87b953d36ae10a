/**
 * `npm run email:dev`: a preview of the site's e-mails on http://localhost:3001 that works without
 * internet access (the React Email preview app loads resources from the web). It renders the
 * templates in app/emails/ with their sample data, as HTML and as the plain text that goes with
 * it, freshly on every request, so an edited template shows on reload.
 */
import { createServer } from 'node:http'
import { render } from '@react-email/render'
import BookingEmailPreview from '~/emails/booking-email'
import { ContactConfirmationEmail } from '~/emails/contact-confirmation'
import { ContactNotificationEmail } from '~/emails/contact-notification'
import NewsletterEmailPreview from '~/emails/newsletter-email'

const templates = {
  'besked-til-coachen': {
    title: 'Besked til coachen (ny henvendelse)',
    element: () => ContactNotificationEmail(ContactNotificationEmail.PreviewProps),
  },
  kvittering: { title: 'Kvittering til den, der skrev', element: () => ContactConfirmationEmail() },
  booking: { title: 'Bekræftelse af en booking (uden den vedhæftede kalenderinvitation)', element: () => BookingEmailPreview() },
  'ny-artikel': { title: 'Besked om en ny artikel (til dem, der har bekræftet deres tilmelding)', element: () => NewsletterEmailPreview() },
} as const
type TemplateName = keyof typeof templates

const escape = (text: string) => text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`)
const page = (title: string, body: string) =>
  `<!doctype html><html lang="da"><head><meta charset="utf-8"><title>${escape(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:2rem;color:#2b2620}iframe{width:100%;height:70vh;border:1px solid #e9e2d6;border-radius:8px}pre{white-space:pre-wrap;background:#f5f1ea;padding:1rem;border-radius:8px}a{color:#2f5646}</style>
</head><body>${body}</body></html>`

export function startEmailPreview(port = Number(process.env.PORT ?? 3001)) {
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost')
    const [, name, view] = url.pathname.split('/') as [string, TemplateName | '', string | undefined]
    const send = (status: number, type: string, body: string) =>
      response.writeHead(status, { 'Content-Type': `${type}; charset=utf-8`, 'Cache-Control': 'no-store' }).end(body)
    try {
      if (!name) {
        const links = Object.entries(templates).map(([key, { title }]) => `<li><a href="/${key}">${escape(title)}</a></li>`)
        return send(200, 'text/html', page('E-mails', `<h1>Sidens e-mails</h1><ul>${links.join('')}</ul>`))
      }
      const template = templates[name]
      if (!template) return send(404, 'text/plain', 'Den skabelon findes ikke.')
      if (view === 'html') return send(200, 'text/html', await render(template.element()))
      const text = await render(template.element(), { plainText: true })
      return send(
        200,
        'text/html',
        page(template.title, `<p><a href="/">Alle e-mails</a></p><h1>${escape(template.title)}</h1><iframe title="${escape(template.title)}" src="/${name}/html"></iframe><h2>Som ren tekst</h2><pre>${escape(text)}</pre>`),
      )
    } catch (error) {
      return send(500, 'text/plain', `Skabelonen kunne ikke vises: ${error instanceof Error ? error.message : String(error)}`)
    }
  })
  return new Promise<typeof server>((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)))
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = await startEmailPreview()
  const { port } = server.address() as { port: number }
  console.log(`E-mails: http://localhost:${port}/ (begge skabeloner med eksempeldata; genindlæs efter en ændring)`)
}
