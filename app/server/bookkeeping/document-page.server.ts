import { and, eq } from 'drizzle-orm'
import { getDb } from '#db/connection'
import type { Db } from '#db/database'
import { bookkeepingDocuments } from '#db/schema'
import { documentContent } from '~/server/bookkeeping/document-content.server'
import { snapshotOf } from '~/server/bookkeeping/documents.server'
import { escapeMarkup } from '~/server/http/responses.server'
import { isTokenShaped } from '~/server/links/links.server'
import { findOrderByToken } from '~/server/payments/orders.server'

/**
 * The printable page of a receipt or credit note: a document of its own, server-rendered, with
 * print CSS and no script, reached only through the order's secret link. Not for search engines
 * and never cached (it names the client).
 */
const headers = { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store, private', 'X-Robots-Tag': 'noindex, nofollow', 'Referrer-Policy': 'no-referrer' }

const STYLE = `
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;color:#1f2937;margin:0;padding:1.5rem;line-height:1.5;background:#fff}
main{max-width:40rem;margin:0 auto}
h1{font-size:1.6rem;margin:0 0 1.25rem}
dl{display:grid;grid-template-columns:minmax(8rem,auto) 1fr;gap:.35rem 1.25rem;margin:0}
dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
table{width:100%;border-collapse:collapse;margin-top:1.5rem;border-top:1px solid #6b7280}
td{padding:.4rem 0}td:last-child{text-align:right;white-space:nowrap}
.notes{margin-top:1.5rem;color:#374151}.notes p{margin:.2rem 0;overflow-wrap:anywhere}
.back{margin-top:2rem}a{color:#1d4ed8}
@media(max-width:30rem){dl{grid-template-columns:1fr}dd{margin-bottom:.5rem}}
@media print{body{padding:0}.back{display:none}@page{size:A4;margin:18mm}}
`

export function documentPageHtml(snapshot: Parameters<typeof documentContent>[0], orderHref: string) {
  const { title, rows, amounts, notes } = documentContent(snapshot)
  const e = escapeMarkup
  return `<!doctype html>
<html lang="da"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><title>${e(title)} – ${e(snapshot.seller.name)}</title><style>${STYLE}</style></head>
<body><main>
<h1>${e(title)}</h1>
<dl>${rows.map(([label, value]) => `<dt>${e(label)}</dt><dd>${e(value)}</dd>`).join('')}</dl>
<table><tbody>${amounts.map(([label, value]) => `<tr><td>${e(label)}</td><td>${e(value)}</td></tr>`).join('')}</tbody></table>
<div class="notes">${notes.map((note) => `<p>${e(note)}</p>`).join('')}</div>
<p class="back"><a href="${e(orderHref)}">Tilbage til din ordre</a> · Brug browserens udskriv (Ctrl+P), eller gem som PDF.</p>
</main></body></html>`
}

const notFound = () => new Response('<!doctype html><html lang="da"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Ikke fundet</title></head><body><p>Kvitteringen findes ikke. Tjek linket i din e-mail.</p></body></html>', { status: 404, headers })

export function documentPage(token: string, number: string, { db = getDb() }: { db?: Db } = {}) {
  if (!isTokenShaped(token) || !/^\d{4}-\d{4,}$/.test(number)) return notFound()
  const order = findOrderByToken(db, token)
  const document = order && db.select().from(bookkeepingDocuments).where(and(eq(bookkeepingDocuments.orderId, order.id), eq(bookkeepingDocuments.number, number))).get()
  if (!document) return notFound()
  return new Response(documentPageHtml(snapshotOf(document), `/ordre/${token}`), { headers })
}
