import { createHmac } from 'node:crypto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { withoutSecrets } from '~/server/links/links.server'
import { loadedAfresh } from '../helpers'

// A link already e-mailed (a booking's manage link, the newsletter's confirm and unsubscribe links,
// an order's page) must still open after an update of the site: each is the HMAC-SHA-256 of
// »purpose:public id« under the link secret, so a purpose word changed by mistake voids them all.
describe('the links the e-mails carry', () => {
  afterEach(() => {
    vi.unstubAllEnvs()
  })
  const SECRET = 'hemmelig-nøgle-kun-til-test'
  const ID = '3f6c1d2e-8a4b-4c5d-9e0f-1a2b3c4d5e6f'
  const madeFor = (purpose: string) => createHmac('sha256', SECRET).update(`${purpose}:${ID}`).digest('base64url').slice(0, 32)
  const freshLinks = async () => {
    vi.stubEnv('BOOKING_LINK_SECRET', SECRET)
    vi.stubEnv('SITE_URL', 'https://coach.example/')
    return loadedAfresh<typeof import('~/server/links/links.server')>('~/server/links/links.server')
  }

  it.each([
    ['manageToken', 'booking'],
    ['confirmToken', 'nyhedsbrev-bekraeft'],
    ['unsubscribeToken', 'nyhedsbrev-afmeld'],
    ['orderToken', 'ordre'],
    ['cardToken', 'klippekort'],
  ] as const)('%s stays the secret’s HMAC of »%s:<public id>«', async (name, purpose) => {
    const links = await freshLinks()
    expect(links[name](ID)).toBe(madeFor(purpose))
  })

  it('puts the token in the full address of the manage page, the order page and the klippekort', async () => {
    const links = await freshLinks()
    expect(links.manageUrl(ID)).toBe(`https://coach.example/booking/${madeFor('booking')}`)
    expect(links.orderUrl(ID)).toBe(`https://coach.example/ordre/${madeFor('ordre')}`)
    expect(links.cardUrl(ID)).toBe(`https://coach.example/klippekort/${madeFor('klippekort')}`)
  })
})

describe('an export as it may leave the site', () => {
  it('keeps numbers, yes/no and empty fields as they are and leaves out only the secrets and live links', () => {
    // Every hash that opens or traces something: a booking's, a newsletter link's, a desk link's, an order's form key.
    const secrets = { ipHash: 'a1b2', claimToken: 'c3d4', manageTokenHash: 'e5', confirmTokenHash: 'f6', unsubscribeTokenHash: 'g7', tokenHash: 'h8', requestKey: 'i9' }
    const row = { id: 7, attempts: 3, confirmed: true, cancelledAt: null, ...secrets, note: 'https://coach.example/booking/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }
    expect(withoutSecrets([row])).toEqual([{ id: 7, attempts: 3, confirmed: true, cancelledAt: null, note: 'https://coach.example/booking/[link fjernet]' }])
  })
})
