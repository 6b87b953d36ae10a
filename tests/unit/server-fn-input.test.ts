import { describe, expect, it } from 'vitest'
import { shortText } from '~/lib/booking/booking-actions'
import { formDataOnly } from '~/lib/contact-action'

describe('the server functions’ input checks', () => {
  it('take a form post only as form data, refusing anything else with 415 and a Danish text', async () => {
    const form = new FormData()
    form.set('navn', 'Mette')
    expect(formDataOnly(form)).toBe(form)
    for (const data of [{ navn: 'Mette' }, 'navn=Mette', undefined]) {
      let refused: unknown
      try {
        formDataOnly(data)
      } catch (error) {
        refused = error
      }
      expect(refused).toBeInstanceOf(Response)
      const response = refused as Response
      expect(response.status).toBe(415)
      expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8')
      expect(await response.text()).toBe('Formularen skal sendes som formulardata.')
    }
  })

  it('give the booking pages’ loaders text of at most 64 characters, and nothing else', () => {
    expect(shortText('2026-W17')).toBe('2026-W17')
    expect(shortText('x'.repeat(64))).toBe('x'.repeat(64))
    expect(shortText('x'.repeat(65))).toBe('')
    expect(shortText(['2026-W17'])).toBe('')
    expect(shortText(42)).toBe('')
    expect(shortText(undefined)).toBe('')
  })
})
