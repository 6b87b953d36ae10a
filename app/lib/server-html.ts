import { createSerializationAdapter } from '@tanstack/react-router'
import type { PageHead } from '~/lib/seo'

/**
 * A part of a page that the server rendered as HTML (the home page, the contact page's texts, an
 * article's text and »Læs også«). In the first document of a visit the part stands in the page
 * already; its data would send the same HTML a second time, escaped, in the hydration script.
 * So the router's serializer (serverHtmlAdapter, registered in app/router.tsx) sends only the
 * part's id there, and the browser takes the HTML back from the element the server rendered.
 * On a later client-side navigation the part arrives with its HTML from the server function, and
 * the adapter has nothing to do: the loader wraps it after it has travelled.
 */
export class ServerHtml {
  constructor(
    /** The id of the element the part is rendered into; unique on its page. */
    readonly id: string,
    readonly html: string,
  ) {}
}

export const serverHtmlAdapter = createSerializationAdapter({
  key: 'html',
  test: (value): value is ServerHtml => value instanceof ServerHtml,
  toSerializable: (part: ServerHtml) => part.id,
  fromSerializable: (id: string) => new ServerHtml(id, document.getElementById(id)?.innerHTML ?? ''),
})

type HeadMeta = PageHead['meta'][number]

/**
 * A page's head as the server built it (app/server/pages/page-heads.server.ts). Its tags stand in
 * the document's <head>; in the document's data only its links travel (a few, not rebuilt from the
 * page since the root's links stand beside them), and the browser reads the title, the meta tags and
 * the structured data back from the <head>. Read in the order they stand, merged with the root's
 * head as the router merges them (the page's name wins), they give the very tags the server wrote.
 */
export class ServerHead {
  constructor(
    readonly meta: PageHead['meta'],
    readonly links: PageHead['links'],
  ) {}
}

export const serverHeadAdapter = createSerializationAdapter({
  key: 'head',
  test: (value): value is ServerHead => value instanceof ServerHead,
  toSerializable: (head: ServerHead) => head.links,
  fromSerializable: (links: PageHead['links']) => new ServerHead(metaInDocument(), links),
})

function metaInDocument(): HeadMeta[] {
  return [...document.head.children].flatMap((tag): HeadMeta[] => {
    if (tag.tagName === 'TITLE') return [{ title: tag.textContent! }]
    if (tag.tagName === 'SCRIPT' && tag.getAttribute('type') === 'application/ld+json') return [{ 'script:ld+json': JSON.parse(tag.textContent!) }]
    // Without a name or property only the root's charset, which the root's own head gives.
    if (tag.tagName === 'META' && (tag.hasAttribute('name') || tag.hasAttribute('property'))) return [Object.fromEntries([...tag.attributes].map((attribute) => [attribute.name, attribute.value])) as HeadMeta]
    return []
  })
}

/** A page's data with its head as a ServerHead (the loader wraps it after it has travelled). */
export const withServerHead = <T extends { head: PageHead }>(page: T) => ({ ...page, head: new ServerHead(page.head.meta, page.head.links) })

/** The props that render a part into its element: `<div className="contents" {...htmlOf(part)} />`. */
export const htmlOf = (part: ServerHtml) => ({ id: part.id, dangerouslySetInnerHTML: { __html: part.html } })
