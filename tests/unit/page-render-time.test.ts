import { describe, expect, it } from 'vitest'
import { makePage, withoutRenderTime } from '~/server/http/page.server'

// The router's dehydrated matches as they stand in a rendered /om, once per render time.
const rendered = (at: number, text = 'Om Holm Coaching') =>
  `<!DOCTYPE html><html><body><p>${text}</p><script>($R=>$R[0]={matches:$R[10]=[$R[11]={i:"__root__#",u:${at},s:"success",ssr:!0},$R[12]={i:"#om#om",u:${at + 3},s:"success",l:$R[13]={title:"Om"}}]})($R["tsr"])</script></body></html>`
const page = (html: string) => makePage({ html, status: 200, headers: {} }, { effort: 'low', cacheControl: 'public, max-age=0', csp: true })

describe('one page, the same bytes whenever and wherever it is rendered', () => {
  it('two renders at different times (two workers) give one ETag per encoding and one CSP', () => {
    const [first, second] = [page(rendered(1795816537235)), page(rendered(1795816537355))]
    for (const encoding of ['identity', 'br', 'gzip'] as const) expect(second.representations[encoding]!.etag).toBe(first.representations[encoding]!.etag)
    expect(second.headers['content-security-policy']).toBe(first.headers['content-security-policy'])
  })

  it('a different page still gets another ETag', () => {
    expect(page(rendered(1, 'Noget andet')).representations.identity.etag).not.toBe(page(rendered(1)).representations.identity.etag)
  })

  it('sets only the router’s times to 0, never the same characters in a text (escaped in a script and in HTML)', () => {
    expect(withoutRenderTime(rendered(1795816537235))).toBe(rendered(0).replace('u:3,', 'u:0,'))
    const text = '<script>$R[20]={q:"{i:\\"x\\",u:123,s:\\"y\\"}"}</script><p>{i:&quot;x&quot;,u:123,s:&quot;y&quot;}</p>'
    expect(withoutRenderTime(text)).toBe(text)
  })
})
