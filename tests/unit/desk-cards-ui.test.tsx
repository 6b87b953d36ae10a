import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { DeskCardHolders, DeskCards } from '~/components/desk/desk-cards'
import type { DeskCard } from '~/lib/desk/desk-data'

// The klippekort on the coach's desk: her clients' balances, each card's history, and the form that
// adds or removes one session with a reason, posted with her form token like every desk action.

const card: DeskCard = {
  id: 7,
  code: 'k7m2q9xd',
  name: 'Klippekort, 5 coachingsamtaler',
  remaining: 3,
  total: 5,
  state: 'gyldigt til og med lørdag 10. oktober 2026',
  ledger: [
    { at: 'fredag 10. april 2026 kl. 11.00', change: '+5', cause: 'købt' },
    { at: 'fredag 10. april 2026 kl. 11.05', change: '−1', cause: 'booket' },
  ],
}
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ')

describe('klippekort on the desk', () => {
  it('lists each client with her balance, linking to her page; nothing when nobody has a card', () => {
    const html = renderToStaticMarkup(<DeskCardHolders holders={[{ email: 'anne+test@eksempel.dk', name: 'Anne Jensen', balance: 3, cards: 2 }]} />)
    expect(html).toContain('href="/coach/person?email=anne%2Btest%40eksempel.dk"')
    expect(text(html)).toContain('Anne Jensen: 3 klip tilbage (2 kort)')
    expect(renderToStaticMarkup(<DeskCardHolders holders={[]} />)).toBe('')
  })

  it('shows each card’s balance and history, and one form with a required reason, the card, the person and her form token', () => {
    const html = renderToStaticMarkup(<DeskCards cards={[card]} balance={3} email="anne@eksempel.dk" formToken="token-123" />)
    expect(text(html)).toContain('I alt 3 klip tilbage')
    expect(text(html)).toContain('Klippekort, 5 coachingsamtaler: 3 af 5 klip tilbage')
    expect(text(html)).toContain('fredag 10. april 2026 kl. 11.00: +5 (købt)')
    expect(html).toMatch(/<input type="hidden" name="formular" value="token-123"\/>/)
    expect(html).toMatch(/<input type="hidden" name="handling" value="klip"\/>/)
    expect(html).toMatch(/<input type="hidden" name="kort" value="7"\/>/)
    expect(html).toMatch(/<input id="grund-7" type="text" required="" maxLength="200"[^>]*name="grund"/)
    expect(html).toContain('<label for="grund-7"')
    expect(html).toMatch(/<button type="submit"(?=[^>]*name="aendring")(?=[^>]*value="plus")[^>]*>Tilføj et klip/)
    expect(html).toMatch(/<button type="submit"(?=[^>]*name="aendring")(?=[^>]*value="minus")[^>]*>Fjern et klip/)
  })
})
