import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { expect, test } from './helpers'

// The coach's facts reach the browser only as page data (the server reads content/ while it runs):
// none of the shipped samples may be compiled into a file under dist/client, the suite's own build.
// The samples are read from the fixture copy (tests/fixtures/content), never from her own files.
const fixture = (name: string) => parse(readFileSync(join('tests/fixtures/content', name), 'utf8'))

test('no sample e-mail, phone number, name, address, CVR, price, client, FAQ answer, help line or processor is in the browser’s files', () => {
  const site = fixture('site.yaml')
  const services = fixture('ydelser.yaml')
  const references = fixture('referencer.yaml')
  const faq = fixture('faq.yaml')
  const crisis = fixture('kriselinjer.yaml')
  const privacy = fixture('privatliv.yaml')
  const digits = String(site.telefon).replace(/\D/g, '')
  const facts = [
    site.email,
    site.telefon,
    digits.slice(-8),
    site.navn,
    site.adresse.gade,
    site.cvr,
    site.linkedin,
    services.ydelser[1].pris,
    services.ydelser[4].pris,
    // A paid session's name (its price is a plain number, too common to look for).
    services.sessioner[0].navn,
    references.kunder[0].navn,
    references.udtalelser[0].citat.slice(0, 40),
    faq.faq[1].svar.slice(0, 40),
    // The help lines' numbers as the pages link them, and a line's own words.
    `tel:+45${String(crisis.livslinien.nummer).replace(/\D/g, '')}`,
    `tel:+45${String(crisis.laegevagt.nummer).replace(/\D/g, '')}`,
    crisis.livslinien.tekst,
    // The privacy policy's processors (its page is rendered on the server).
    privacy.hosting.navn,
    privacy.indbakke.navn,
    privacy.sikkerhedskopi_uden_for_serveren.navn,
  ]
  const files = readdirSync('dist/client', { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile() && /\.(?:js|css|html|json|txt)$/.test(entry.name))
  expect(files.length).toBeGreaterThan(5)
  const found: string[] = []
  for (const file of files) {
    const text = readFileSync(join(file.parentPath, file.name), 'utf8')
    for (const fact of facts) if (text.includes(fact)) found.push(`${fact} in ${join(file.parentPath, file.name)}`)
  }
  expect(found).toEqual([])
})
