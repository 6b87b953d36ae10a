import { createSerializationAdapter } from '@tanstack/react-router'

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

/** The props that render a part into its element: `<div className="contents" {...htmlOf(part)} />`. */
export const htmlOf = (part: ServerHtml) => ({ id: part.id, dangerouslySetInnerHTML: { __html: part.html } })
