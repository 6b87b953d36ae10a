import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { clients, testimonials } from '#content/references'
import { services } from '#content/services'
import { site } from '#content/site'
import { type LaunchFacts, launchPlaceholders } from '~/server/launch-check.server'

const shippedFacts: LaunchFacts = { site, clients, testimonials, services, portrait: readFileSync('content/portrait.jpg'), env: {} }

/** The same site after the coach has put in the real facts. */
const replacedFacts: LaunchFacts = {
  site: {
    name: 'Karen Kristensen',
    email: 'karen@kristensen-coaching.dk',
    phone: { display: '+45 12 34 56 78', href: 'tel:+4512345678' },
    address: { street: 'Vestergade 3' },
    cvr: '12 34 56 78',
    profiles: { linkedin: 'https://www.linkedin.com/in/karen-kristensen', facebook: 'https://www.facebook.com/kristensencoaching' },
  },
  clients: [{ name: 'Kristensen Tømrer ApS', url: 'https://www.example.com/kristensen-toemrer' }],
  testimonials: [{ quote: 'Det hjalp.', name: 'Anne, 40 år', context: 'Stresscoaching' }],
  services: [{ pricing: { price: '900 kr. pr. samtale', duration: '75 minutter' } }],
  portrait: Buffer.from('et rigtigt foto'),
  env: { SITE_URL: 'https://www.kristensen-coaching.dk', RESEND_API_KEY: 're_live_x', MAIL_FROM: 'Karen Kristensen <karen@kristensen-coaching.dk>' },
}

describe('npm run check:launch', () => {
  it('names every placeholder the site ships with, and the file to change', () => {
    const items = launchPlaceholders(shippedFacts)
    expect(items.map((item) => item.where)).toEqual([
      ...Array(7).fill('content/site.ts'),
      'content/references.ts',
      'content/references.ts',
      'content/services.ts',
      'content/portrait.jpg',
      ...Array(3).fill('miljøvariabler på serveren'),
    ])
    const text = items.map((item) => item.what).join('\n')
    for (const expected of ['navnet', 'e-mailadressen', 'telefonnummeret', 'adressen', 'CVR-nummeret', 'LinkedIn', 'Facebook', '24 af kunderne', '4 af udtalelserne', '6 af priserne', 'portrættet', 'SITE_URL', 'RESEND_API_KEY', 'MAIL_FROM']) {
      expect(text).toContain(expected)
    }
  })

  it('passes once everything is replaced', () => {
    expect(launchPlaceholders(replacedFacts)).toEqual([])
  })

  it('still objects to a local SITE_URL and a sender on the example domain', () => {
    const items = launchPlaceholders({ ...replacedFacts, env: { ...replacedFacts.env, SITE_URL: 'http://localhost:3000', MAIL_FROM: 'kontakt@holmcoaching.dk' } })
    expect(items.map((item) => item.what.split(' ')[0])).toEqual(['SITE_URL', 'MAIL_FROM'])
  })

  it('ships samples that borrow nothing real: invented names, links only to example.com', () => {
    for (const client of clients.filter((entry) => entry.sample)) {
      expect(client.name).toMatch(/^Eksempel /)
      if (client.url) expect(new URL(client.url).hostname).toMatch(/(^|\.)example\.com$/)
    }
    for (const testimonial of testimonials.filter((entry) => entry.sample)) expect(testimonial.name).toMatch(/^Eksempel: /)
    const everything = JSON.stringify([clients, testimonials])
    expect(everything).not.toMatch(/Vestre Skole|Erritsø|Trelde|Lyngsodde|Fredericia|Vejle/)
  })

  it('fails as a command while placeholders remain, in Danish', { timeout: 20_000 }, () => {
    const run = spawnSync('node_modules/.bin/tsx', ['scripts/check-launch.ts'], { encoding: 'utf8', env: { ...process.env, SITE_URL: '', RESEND_API_KEY: '', MAIL_FROM: '' } })
    expect(run.status).toBe(1)
    expect(run.stdout).toContain('Før siden går i luften, skal 14 ting erstattes:')
    expect(run.stdout).toContain('content/references.ts:\n  - 24 af kunderne under Referencer er eksempler (sample: true)\n')
    expect(run.stdout).toContain('content/portrait.jpg:\n  - portrættet er den tegnede pladsholder')
    expect(run.stdout).toContain('content/services.ts:\n  - 6 af priserne og samtalelængderne under Ydelser er eksempler (sample: true)\n')
  })
})
