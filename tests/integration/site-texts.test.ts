import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { getServices } from '~/server/content/content.server'

const { services } = getServices()

/**
 * Rules that hold for every text the site shows or sends: the pages, components and e-mails in app/,
 * read as files, so a new text is covered the day it is written; and the shipped articles and facts
 * as a fixture copy (tests/fixtures/blog, tests/fixtures/content, tests/fixtures/facts), never the
 * coach's own content/, so an article of hers that writes »kl. 9« does not turn a test red. What
 * protects her in her own files (every price says whether VAT is included, the first conversation
 * lasts as long on every page as in the booking) is in coach-content.test.ts, on her own content/.
 */
const textRoots = ['app', 'tests/fixtures/blog', 'tests/fixtures/content', 'tests/fixtures/facts']
const textFiles = textRoots.flatMap((root) =>
  readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.(?:md|ts|tsx)$/.test(file) && !file.endsWith('routeTree.gen.ts'))
    .map((file) => join(root, file)),
)

/** Where in the texts a pattern matches, as »file:line: match«. */
function findings(pattern: RegExp, files = textFiles) {
  return files.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, index) => [...line.matchAll(pattern)].map((match) => `${file}:${index + 1}: ${match[0]}`)),
  )
}

// The coach writes availability in content/booking.yaml as "09:00" (the schema's messages show that
// syntax); what a visitor reads is never in that form.
const AVAILABILITY_SYNTAX = join('app', 'lib', 'booking', 'availability-schema.ts')

/** After »kl.«: kl. 9:00, kl. 09.00, kl. 9 (no minutes); and »klokken 9«. */
const WRONG_CLOCK_TIME = /kl\.\s*(?:\d{1,2}:\d{2}|0\d|\d{1,2}(?![.\d]))|klokken \d/g
/** A range of clock times with a colon, a hyphen, or spaces around the en dash. */
const WRONG_RANGE = /\b\d{1,2}:\d{2}\s*[-–]\s*\d{1,2}:\d{2}\b|\b\d{1,2}\.\d{2}\s*-\s*\d{1,2}\.\d{2}\b|\b\d{1,2}\.\d{2}(?:\s+–\s*|\s*–\s+)\d/g

/** In a text (articles, her story), not in code: two numbers joined by a hyphen, as in »8-10 timer«; not a date. */
const NUMBER_RANGE_WITH_HYPHEN = /(?<![\d.,:/-])\d{1,3}-\d{1,3}(?![\d.,:])/g

describe('one time format: kl. 9.00–17.00', () => {
  it('is written with a point, without a leading zero, after »kl.«', () => {
    expect(findings(WRONG_CLOCK_TIME)).toEqual([])
  })

  it('makes a range with an en dash and no spaces', () => {
    expect(findings(WRONG_RANGE, textFiles.filter((file) => file !== AVAILABILITY_SYNTAX))).toEqual([])
  })

  it('writes every range of numbers in a text with an en dash: 8–10 timer, 14–17-årige', () => {
    expect(findings(NUMBER_RANGE_WITH_HYPHEN, textFiles.filter((file) => file.endsWith('.md')))).toEqual([])
    expect(['8-10 timer', 'for 14-17-årige'].map((text) => text.match(NUMBER_RANGE_WITH_HYPHEN)?.[0])).toEqual(['8-10', '14-17'])
    expect(['publishedAt: 2008-10-06', '8–10 timer', '1:15-1:20', 'side 2-3.5'].filter((text) => text.match(NUMBER_RANGE_WITH_HYPHEN) !== null)).toEqual([])
  })

  it('catches the forms it forbids, and lets the right ones and a ratio pass', () => {
    const caught = (text: string) => [WRONG_CLOCK_TIME, WRONG_RANGE].some((pattern) => text.match(pattern) !== null)
    expect(['kl. 9:00', 'kl. 09.00', 'kl. 9', 'klokken 9', '9.00-17.00', '9:00–17:00', '9.00 – 17.00'].filter((text) => !caught(text))).toEqual([])
    expect(['kl. 9.00–17.00', 'kl.\u00a011.00–5.00', '1:15 til 1:20'].filter(caught)).toEqual([])
  })
})

describe('what the forms say about privacy', () => {
  it('never that sending a form accepts the privacy policy: the policy informs, nobody agrees to it', () => {
    expect(findings(/accepterer du min privatlivspolitik|accepterer du min\b/gi)).toEqual([])
  })
})

describe('prices', () => {
  it('say »inkl. moms« for a private client, »+ moms« for a company: every price says which', () => {
    const unclear = services.filter(({ pricing }) => !/inkl\. moms|\+ moms/.test(pricing.price)).map(({ title, pricing }) => `${title}: ${pricing.price}`)
    expect(unclear).toEqual([])
    // The services for private clients are priced with VAT; those for companies without.
    const forCompanies = ['ledercoaching', 'foredrag-og-workshops']
    for (const { id, pricing } of services) expect(pricing.price, id).toContain(forCompanies.includes(id) ? '+ moms' : 'inkl. moms')
  })
})
