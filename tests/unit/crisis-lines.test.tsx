import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { CrisisLineShort, CrisisLines } from '~/components/blog/crisis-lines'

const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/\u00a0/g, ' ')

describe('crisis lines under an article', () => {
  it('give adults Livslinien, 112 and their own doctor, each number a link to call', () => {
    const html = renderToStaticMarkup(<CrisisLines audience="adult" />)
    expect(text(html)).toMatch(/Livslinien: 70 201 201[\s\S]*Ved akut fare: 112[\s\S]*Egen læge eller lægevagten/)
    expect(html).toContain('href="tel:+4570201201"')
    expect(html).toContain('href="tel:112"')
    expect(text(html)).not.toContain('BørneTelefonen')
  })

  it('give young people BørneTelefonen first, and the same help as adults', () => {
    const html = renderToStaticMarkup(<CrisisLines audience="teen" />)
    expect(text(html)).toMatch(/BørneTelefonen: 116 111[\s\S]*Livslinien: 70 201 201[\s\S]*112/)
    expect(html).toContain('href="tel:116111"')
  })

  it('put one sentence of it in the call-to-action card', () => {
    expect(text(renderToStaticMarkup(<CrisisLineShort audience="adult" />))).toBe(
      'Har du det rigtig svært lige nu? Ring til Livslinien på 70 201 201 – eller 112 ved akut fare.',
    )
    expect(text(renderToStaticMarkup(<CrisisLineShort audience="teen" />))).toBe(
      'Har du det rigtig svært lige nu? Ring til BørneTelefonen på 116 111 eller Livslinien på 70 201 201 – eller 112 ved akut fare.',
    )
  })
})
