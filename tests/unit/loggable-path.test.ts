import { describe, expect, it } from 'vitest'
import { loggablePath } from '~/server/log.server'

// The access log never carries a secret of an address: a booking's manage link, the coach's
// bookings feed and sign-in link, a reader's newsletter link, a search or an address on the desk.
// Exact answers, with the variants a client may send (doubled slashes, capitals, a query after).
const SECRET = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345'

describe('the path the access log writes', () => {
  it.each([
    [`/booking/${SECRET}`, '/booking/[link]'],
    [`//booking/${SECRET}`, '/booking/[link]'],
    [`/Booking/${SECRET}`, '/booking/[link]'],
    [`/booking//${SECRET}?status=flyttet`, '/booking/[link]?status=flyttet'],
    [`/kalender/${SECRET}.ics`, '/kalender/[hemmelig]'],
    [`//kalender//${SECRET}.ics`, '/kalender/[hemmelig]'],
    [`/Kalender/${SECRET}?x=1`, '/kalender/[hemmelig]?x=1'],
    [`/coach/link/${SECRET}`, '/coach/link/[link]'],
    [`//coach//link//${SECRET}`, '/coach/link/[link]'],
    [`/nyhedsbrev/afmeld/${SECRET}`, '/nyhedsbrev/afmeld/[link]'],
    [`//Nyhedsbrev//bekraeft//${SECRET}`, '/nyhedsbrev/bekraeft/[link]'],
  ])('hides the link in %s', (path, logged) => {
    expect(loggablePath(path)).toBe(logged)
  })

  it.each([
    ['/coach/bookinger?q=anna@eksempel.dk', '/coach/bookinger'],
    ['//coach?side=2', '//coach'],
    ['/coach/beskeder#besked-12', '/coach/beskeder'],
  ])("drops the query of the coach's desk from %s", (path, logged) => {
    expect(loggablePath(path)).toBe(logged)
  })

  it.each(['/book-samtale/2026-04-20T10:00', '/blog/coach-tips?side=2', '/blog?q=booking', '/kalender', '/om'])('keeps %s as it is', (path) => {
    expect(loggablePath(path)).toBe(path)
  })
})
