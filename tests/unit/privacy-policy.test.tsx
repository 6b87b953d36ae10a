import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { PrivacyFacts } from '#content/privacy'
import { PrivacyPolicy } from '~/components/privacy-policy'

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, "'").replace(/\s+/g, ' ')

const site = {
  name: 'Karen Kristensen',
  email: 'karen@kristensen-coaching.dk',
  phone: { display: '12 34 56 78', href: 'tel:+4512345678' },
  address: { street: 'Vestergade 3', postalCode: '7000', city: 'Fredericia', region: 'Region Syddanmark', country: 'DK' },
  cvr: '12 34 56 78',
  contactRetentionDays: 200,
}

const facts: PrivacyFacts = {
  updated: '2026-01-02',
  mailProvider: { name: 'Postbud', company: 'Postbud, Inc.', location: 'USA', transfer: 'dpf', dpaUrl: 'https://postbud.example.com/dpa', logDays: 3 },
  hosting: { name: 'Serverhuset ApS', location: 'Danmark' },
  mailbox: { name: 'Indbakken A/S', location: 'Sverige' },
  logRetentionDays: 14,
  backupRetentionDays: 21,
  clientNotesYears: 4,
  bookkeepingYears: 5,
  bookingRetentionDays: 60,
}

const policy = (changes: Partial<PrivacyFacts> = {}) => text(renderToStaticMarkup(<PrivacyPolicy site={site} privacy={{ ...facts, ...changes }} />))

describe('the privacy policy', () => {
  it('names the transfer basis actually in the agreement, and where to read it', () => {
    const dpf = policy()
    expect(dpf).toContain('Postbud, Inc. er certificeret under EU–US Data Privacy Framework')
    expect(dpf).toContain('afgørelse (EU) 2023/1795')
    expect(dpf).not.toContain('2021/914')
    expect(dpf).toContain('postbud.example.com/dpa')

    const scc = policy({ mailProvider: { ...facts.mailProvider, transfer: 'scc' } })
    expect(scc).toContain('standardkontraktbestemmelser (gennemførelsesafgørelse (EU) 2021/914')
    expect(scc).not.toMatch(/2023\/1795|certificeret under/)
    // The old overclaim: a transfer basis is not a promise of the same protection as in the EU.
    expect(scc + dpf).not.toMatch(/samme niveau som i EU/)
  })

  it('names every recipient: hosting, mail provider and the coach’s own mailbox', () => {
    const all = policy()
    for (const recipient of ['Serverhuset ApS (Danmark)', 'Postbud, Inc. (USA)', 'Indbakken A/S (Sverige)']) expect(all).toContain(recipient)
  })

  it('gives a period for everything it keeps, from the facts, and erases everywhere', () => {
    const all = policy()
    for (const period of [
      'slettes automatisk 200 dage efter',
      'Bookinger slettes automatisk 60 dage efter den aftalte samtale',
      'Postbud gemmer en log over sendte e-mails i 3 dage',
      'Sikkerhedskopier af databasen slettes automatisk efter 21 dage',
      'Serverens log slettes efter 14 dage',
      'sletter jeg mine notater 4 år efter vores sidste samtale',
      'gemmer jeg i 5 år fra udgangen af det regnskabsår',
    ]) {
      expect(all).toContain(period)
    }
    expect(all).toMatch(/sletter jeg dem alle steder, hvor jeg selv kan: i databasen, i serverens kopier af e-mails og i min indbakke/)
    expect(all).not.toMatch(/som vi aftaler nærmere|envejskrypteret/)
  })

  it('covers health data, data about others, young people and whether data must be given', () => {
    const all = policy()
    expect(all).toContain('artikel 9, stk. 2, litra a')
    expect(all).toContain('som forælder om din teenager')
    expect(all).toMatch(/Er du under 15 år[^.]*\. Men før vi begynder et forløb[^.]*forældremyndigheden\) give samtykke/)
    expect(all).toMatch(/Bliver jeg alvorligt bekymret for, at du eller en anden er i fare/)
    // Art. 13(2)(e): whether the data are required by law or for a contract, and what follows if not given.
    expect(all).toMatch(/ingen lov kræver, at du giver mig oplysninger\. Men uden navn, e-mail og telefonnummer kan jeg ikke svare dig/)
    expect(all).toContain('Bliver du klient, er dit navn og din adresse nødvendige for vores aftale')
    expect(all).toContain('ingen profilering')
  })

  it('describes bookings: what is stored, the calendar file and the reminder', () => {
    const all = policy()
    expect(all).toMatch(/Når du booker en samtale : navn, e-mail, telefonnummer, hvordan samtalen skal foregå, og din eventuelle bemærkning/)
    expect(all).toContain('påmindelse 24 timer før samtalen')
    expect(all).toContain('kalenderfil (.ics)')
    expect(all).toContain('gemmes kun hashet')
  })

  it('speaks as »jeg«: never »vi« for the practice', () => {
    // »vi« for the coach and the client together (»før vi begynder et forløb«) is right; for the practice it is not.
    expect(policy()).not.toMatch(/\b[Vv]i (?:behandler|gemmer|sletter|sender|deler|bruger|videregiver|opbevarer)\b|\b(?:vores|os) (?:praksis|politik)\b/)
  })
})
