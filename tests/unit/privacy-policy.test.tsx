import { createHash } from 'node:crypto'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { PrivacyFacts } from '~/lib/content/privacy-facts'
import { PrivacyPolicy, WORDING_CHANGED } from '~/components/privacy-policy'
import { formatDanishDate } from '~/lib/dates'
import { REMINDER_BEFORE_MS } from '~/server/booking/bookings.server'
import { getPrivacy } from '~/server/content/content.server'
import { renderPrivacyPage } from '~/server/pages/privacy-page.server'
import { linksOf, textOf } from '../render'

const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, "'").replace(/\s+/g, ' ')

const site = {
  name: 'Karen Kristensen',
  email: 'karen@kristensen-coaching.dk',
  phone: { display: '12 34 56 78', href: 'tel:+4512345678' },
  address: { street: 'Vestergade 3', postalCode: '7000', city: 'Fredericia', region: 'Region Syddanmark', country: 'DK' },
  cvr: '12 34 56 78',
  contactRetentionDays: 200,
  enquiryRetentionDays: 45,
  contactPhoneRequired: false,
}

const facts: PrivacyFacts = {
  updated: '2026-01-02',
  mailProvider: { name: 'Postbud', company: 'Postbud, Inc.', location: 'USA', transfer: 'dpf', dpaUrl: 'https://postbud.example.com/dpa', logDays: 3 },
  hosting: { name: 'Serverhuset ApS', location: 'Danmark' },
  mailbox: { name: 'Indbakken A/S', location: 'Sverige' },
  backupHost: { name: 'Kopilageret GmbH', location: 'Tyskland' },
  paymentProvider: { name: 'Stripe', company: 'Stripe Payments Europe Ltd.', location: 'Irland', transferTo: { company: 'Stripe, Inc.', location: 'USA', transfer: 'dpf' } },
  clientServices: [],
  calendarProvider: undefined,
  logRetentionDays: 14,
  backupRetentionDays: 21,
  clientNotesYears: 4,
  bookkeepingYears: 5,
  bookingRetentionDays: 60,
}

const policy = (changes: Partial<PrivacyFacts> = {}) => text(renderToStaticMarkup(<PrivacyPolicy site={site} privacy={{ ...facts, ...changes }} />))

describe('the privacy policy', () => {
  it('names her calendar’s provider with what the bookings carry there, and its transfer basis once checked', () => {
    const calendar = { name: 'Google Kalender', company: 'Google Ireland Limited', location: 'EU og USA', transfer: 'dpf' as const }
    const named = policy({ calendarProvider: calendar })
    expect(named).toContain('Google Ireland Limited (EU og USA) har min kalender (Google Kalender), hvor en booket samtale står med dit fornavn, samtalens form og bookingnummeret, indtil bookingen slettes.')
    expect(named).toContain('I min egen kalender står samtalen kun med dit fornavn, samtalens form og bookingnummeret – ikke dit efternavn, dit telefonnummer, din e-mail eller din bemærkning.')
    expect(named).toContain('Google Ireland Limited, der har min kalender, kan behandle oplysninger i EU og USA. Google Ireland Limited er certificeret under EU–US Data Privacy Framework.')
    // An example not yet checked rests on the clauses, not on a certification nobody has looked up.
    expect(policy({ calendarProvider: { ...calendar, sample: true } })).toContain('standardkontraktbestemmelser')
    const inEurope = policy({ calendarProvider: { name: 'Kalenderen', company: 'Kalender ApS', location: 'Danmark' } })
    expect(inEurope).toContain('Kalender ApS (Danmark) har min kalender (Kalenderen)')
    expect(inEurope).not.toContain('der har min kalender, kan behandle')
    expect(policy()).not.toContain('har min kalender')
  })

  it('covers the newsletter: purpose, consent as its basis, retention of unconfirmed sign-ups, withdrawal without signing in', () => {
    const text = policy()
    expect(text).toContain('Besked om nye artikler')
    expect(text).toContain('Grundlaget er dit samtykke (databeskyttelsesforordningens artikel 6, stk. 1, litra a, og markedsføringslovens § 10)')
    expect(text).toContain('Bekræfter du ikke inden for 3 dage, slettes adressen automatisk')
    expect(text).toContain('uden at logge ind')
    expect(text).not.toContain('Jeg bruger ikke dine oplysninger til markedsføring')
  })

  it('names the transfer basis actually in the agreement, and where to read it', () => {
    // Without the payment service, whose onward transfer has a basis of its own (below).
    const policy = (changes: Partial<PrivacyFacts> = {}) => text(renderToStaticMarkup(<PrivacyPolicy site={site} privacy={{ ...facts, paymentProvider: undefined, ...changes }} />))
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

  it('states no certification the coach has not confirmed: an unchecked provider rests on the standard clauses', () => {
    const unconfirmed = policy({ paymentProvider: undefined, mailProvider: { ...facts.mailProvider, transfer: 'dpf', sample: true } })
    expect(unconfirmed).toContain('standardkontraktbestemmelser (gennemførelsesafgørelse (EU) 2021/914')
    expect(unconfirmed).not.toMatch(/2023\/1795|certificeret under/)
  })

  it('names the services of a course (video, invoicing, payment) with their transfers, or says it will before a course', () => {
    const zoom = { purpose: 'videosamtaler', name: 'Zoom', company: 'Zoom Communications, Inc.', location: 'USA', transfer: 'scc' as const }
    const dinero = { purpose: 'fakturering', name: 'Dinero', company: 'Dinero ApS', location: 'Danmark' }
    const listed = policy({ clientServices: [zoom, dinero] })
    expect(listed).toContain('Zoom Communications, Inc. (USA) bruger jeg til videosamtaler, når du er klient.')
    expect(listed).toContain('Dinero ApS (Danmark) bruger jeg til fakturering')
    expect(listed).toMatch(/Zoom Communications, Inc\., som jeg bruger til videosamtaler, behandler oplysninger i USA\. Overførslen sker på grundlag af EU-Kommissionens standardkontraktbestemmelser[^]*?min databehandleraftale med Zoom/)
    expect(listed).not.toMatch(/Dinero ApS, som jeg bruger/)
    expect(listed).toContain('Ingen andre oplysninger overføres til lande uden for EU/EØS.')

    const unlisted = policy({ clientServices: undefined })
    expect(unlisted).toContain('Før vi begynder, fortæller jeg dig, hvilken udbyder det er')
    expect(unlisted).not.toContain('Ingen andre oplysninger overføres')
    expect(unlisted).toMatch(/uden for EU\/EØS, fortæller jeg dig det, før vi begynder/)
  })

  it('names every recipient: hosting, mail provider, the coach’s own mailbox, the off-site copies and the payment service', () => {
    const all = policy()
    for (const recipient of ['Serverhuset ApS (Danmark)', 'Postbud, Inc. (USA)', 'Indbakken A/S (Sverige)', 'Kopilageret GmbH (Tyskland)', 'Stripe Payments Europe Ltd. (Irland)']) expect(all).toContain(recipient)
  })

  it('names the off-site backup’s host as a processor that keeps encrypted copies it cannot read, and only when there is one', () => {
    expect(policy()).toContain(
      'Kopilageret GmbH (Tyskland) opbevarer en sikkerhedskopi af databasen uden for serveren, så intet går tabt, hvis serveren går ned. Kopien er krypteret, før den forlader serveren, og Kopilageret GmbH har ikke nøglen, så de kan ikke læse den.',
    )
    expect(policy()).toContain('Sikkerhedskopier af databasen – på serveren og hos Kopilageret GmbH – slettes automatisk efter 21 dage')
    const none = policy({ backupHost: undefined })
    expect(none).not.toContain('uden for serveren')
    expect(none).toContain('Sikkerhedskopier af databasen slettes automatisk efter 21 dage')
  })

  it('names Stripe as the recipient of payment data, with the transfer to Stripe, Inc. on the Data Privacy Framework, and only when something is paid', () => {
    const all = policy()
    expect(all).toContain(
      'Stripe Payments Europe Ltd. (Irland) tager imod betalingen, når du betaler for en samtale, du booker: din e-mail, samtalen, tidspunktet, beløbet og ordrens nummer – og de kort- eller MobilePay-oplysninger, du selv skriver hos Stripe. Jeg ser aldrig dit kortnummer.',
    )
    expect(all).toContain('Stripe Payments Europe Ltd. giver oplysningerne om betalingen videre til Stripe, Inc. i USA. Stripe, Inc. er certificeret under EU–US Data Privacy Framework.')
    expect(all).toContain('At tage imod betalingen for en samtale, du betaler, når du booker (artikel 6, stk. 1, litra b).')
    const unpaid = policy({ paymentProvider: undefined })
    expect(unpaid).not.toMatch(/Stripe|tager imod betalingen/)
  })

  it('keeps orders, receipts and credit notes five years after the financial year because the bookkeeping act says so, also when a client asks to be erased', () => {
    const all = policy()
    expect(all).toContain(
      'Ordrer, kvitteringer og kreditnotaer for det, du har betalt, og fakturaer for et forløb gemmer jeg i 5 år fra udgangen af det regnskabsår, de hører til, fordi bogføringsloven kræver det (bogføringslovens § 10). Grundlaget er, at loven pålægger mig det (databeskyttelsesforordningens artikel 6, stk. 1, litra c). Det gælder også, hvis du beder mig slette dine oplysninger: retten til sletning gælder ikke det, loven kræver, at jeg gemmer (artikel 17, stk. 3, litra b).',
    )
    expect(all).toContain('Kun ordrer, kvitteringer, kreditnotaer og fakturaer bliver liggende, til bogføringslovens frist er udløbet.')
  })

  it('gives a period for everything it keeps, from the facts, and erases everywhere', () => {
    const all = policy()
    for (const period of [
      'Beskeder fra kontaktformularen slettes automatisk 45 dage efter, at de er modtaget',
      'Bliver du klient, gemmer jeg din besked i 200 dage fra modtagelsen',
      'Bookinger slettes automatisk 60 dage efter den aftalte samtale',
      'Postbud gemmer en log over sendte e-mails i 3 dage',
      'Sikkerhedskopier af databasen – på serveren og hos Kopilageret GmbH – slettes automatisk efter 21 dage',
      'Serverens og webserverens log slettes efter 14 dage',
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
    // Nobody is asked for health details; what happens with those written anyway, and consent for a course.
    expect(all).toContain('Derfor beder jeg ikke om dem – hverken i kontaktformularen eller ved booking')
    expect(all).toMatch(/Skriver du alligevel om dit helbred, har jeg ikke bedt om det[^.]*: Jeg læser det for at kunne svare dig/)
    expect(all).toMatch(/udtrykkelige, skriftlige samtykke, før jeg noterer noget om dit helbred \(artikel 9, stk\. 2, litra a\)/)
    expect(all).not.toMatch(/på grundlag af dit udtrykkelige samtykke \(artikel 9/)
    expect(all).toContain('som forælder om din teenager')
    // One rule for the young: 15 and over alone, under 15 a parent; never a parent's consent for a teenager of 15.
    expect(all).toMatch(/Er du 15 år eller ældre, giver du selv samtykke[^.]*\. Dine forældre skal ikke give samtykke for dig/)
    expect(all).toMatch(/Er du under 15 år[^.]*\. Men før vi begynder et forløb[^.]*forældremyndigheden\) give samtykke/)
    expect(all).not.toMatch(/dit barns helbred, dit samtykke som forælder/)
    expect(all).toMatch(/Bliver jeg alvorligt bekymret for, at du eller en anden er i fare/)
    // Art. 13(2)(e): whether the data are required by law or for a contract, and what follows if not given.
    expect(all).toMatch(/ingen lov kræver, at du giver mig oplysninger\. Men uden navn og e-mail kan jeg ikke svare dig, og til en booking skal jeg også have dit telefonnummer/)
    const phoneRequired = text(renderToStaticMarkup(<PrivacyPolicy site={{ ...site, contactPhoneRequired: true }} privacy={facts} />))
    expect(phoneRequired).toMatch(/Men uden navn, e-mail og telefonnummer kan jeg ikke svare dig/)
    expect(all).toContain('Bliver du klient, er dit navn og din adresse nødvendige for vores aftale')
    expect(all).toContain('ingen profilering')
  })

  it('describes the web server’s log as it is written: the address cut short, no secret part of an address', () => {
    expect(policy()).toMatch(/Webserverens log : [^.]*din IP-adresse forkortet: den sidste del er fjernet[^]*hemmelige led i adressen – som linket til din booking – fjernes, før noget skrives/)
  })

  it('describes bookings: what is stored, the calendar file and the reminder', () => {
    const all = policy()
    expect(all).toMatch(/Når du booker en samtale : navn, e-mail, telefonnummer, hvordan samtalen skal foregå, og din eventuelle bemærkning/)
    expect(all).toContain('påmindelse 24 timer før samtalen')
    expect(all).toContain('kalenderfil (.ics)')
    expect(all).toContain('gemmes kun som en kode, der ikke kan regnes tilbage til linket')
    // One promise about the reminder, the same wherever the policy names it (REMINDER_BEFORE_MS is a day).
    expect(all.match(/påmindelse [^.–]*før samtalen/g)).toEqual(['påmindelse 24 timer før samtalen', 'påmindelse 24 timer før samtalen'])
    expect(REMINDER_BEFORE_MS).toBe(24 * 3_600_000)
  })

  it('is dated no earlier than the last change of its own wording', () => {
    // The hash of the words the policy shows for this file's facts (not its markup): a change to the
    // wording changes it, and then WORDING_CHANGED must move to the day of the change, with the new hash written here.
    const wording = createHash('sha256').update(policy()).digest('hex').slice(0, 16)
    expect(`${WORDING_CHANGED} ${wording}`).toBe('2026-12-07 2115067866ebe9a7')
    const { updated } = getPrivacy()
    expect(renderPrivacyPage().updated).toBe(formatDanishDate(WORDING_CHANGED > updated ? WORDING_CHANGED : updated))
  })

  it('speaks as »jeg«: never »vi« for the practice', () => {
    // »vi« for the coach and the client together (»før vi begynder et forløb«) is right; for the practice it is not.
    expect(policy()).not.toMatch(/\b[Vv]i (?:behandler|gemmer|sletter|sender|deler|bruger|videregiver|opbevarer)\b|\b(?:vores|os) (?:praksis|politik)\b/)
  })
})

describe('the privacy policy, read line by line', () => {
  const html = (siteChanges: Partial<typeof site> = {}, changes: Partial<PrivacyFacts> = {}) => renderToStaticMarkup(<PrivacyPolicy site={{ ...site, ...siteChanges }} privacy={{ ...facts, ...changes }} />)

  it('names the controller with address and CVR, and how to reach her', () => {
    const page = html()
    expect(textOf(page)).toContain('Karen Kristensen, Vestergade 3, 7000 Fredericia, CVR 12 34 56 78. Du kan kontakte mig på karen@kristensen-coaching.dk eller 12 34 56 78.')
    expect(linksOf(page).filter(([, href]) => href === 'mailto:karen@kristensen-coaching.dk')).toHaveLength(2)
  })

  it('lists what a message holds, with the phone number among the required fields only when the form requires it', () => {
    expect(textOf(html())).toContain('Når du skriver til mig: fornavn, efternavn, e-mail og din besked – og, hvis du vil, dit telefonnummer, den ydelse, du er interesseret i, og din adresse.')
    expect(textOf(html({ contactPhoneRequired: true }))).toContain('Når du skriver til mig: fornavn, efternavn, e-mail, telefonnummer og din besked – og, hvis du vil, den ydelse, du er interesseret i, og din adresse.')
  })

  it('gives the periods of the newsletter and the backups, and the notes’ own rule', () => {
    const text = textOf(html())
    expect(text).toContain('En tilmelding til besked om nye artikler slettes efter 3 dage, hvis den ikke bekræftes; en bekræftet tilmelding gemmes, til du afmelder dig')
    expect(text).toContain('Det, der er slettet i databasen, er derfor også væk fra sikkerhedskopierne senest 21 dage senere.')
    expect(text).toContain('så du kan altid bede mig slette dem før. Ordrer, kvitteringer og kreditnotaer for det, du har betalt, og fakturaer for et forløb gemmer jeg i 5 år')
  })

  it('says where the mail provider processes e-mails, and links its agreement by its address', () => {
    const page = html()
    expect(textOf(page)).toContain('Postbud, Inc. er en amerikansk virksomhed, så e-mails, der sendes gennem Postbud, kan blive behandlet i USA. ')
    expect(textOf(page)).toContain('(databeskyttelsesforordningens artikel 45). Du kan se certificeringen på dataprivacyframework.gov og læse afgørelsen på eur-lex.europa.eu. Min databehandleraftale med Postbud kan læses på postbud.example.com/dpa, og du er velkommen')
    expect(linksOf(page)).toContainEqual(['postbud.example.com/dpa', 'https://postbud.example.com/dpa'])
  })
})

