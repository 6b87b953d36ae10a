import { expect, test } from './helpers'

// What the site promises a visitor in its own words, checked on the pages the production server
// renders: help that cannot wait on the booking pages, where the testimonials come from, and what
// a price includes.

const untilTheConversation = /Samtalen er ikke akut hjælp\. Har du det rigtig svært, inden vi ses, kan du tale anonymt med Livslinien på 70\s201\s201 \(alle dage kl\.\s11\.00\W*–\W*5\.00\)\. Er der fare for liv, så ring 112\./

test('the booking pages, the week and a time, say where to turn until the conversation, each number a link', async ({ page }) => {
  await page.goto('/book-samtale')
  const note = page.getByText(untilTheConversation)
  await expect(note).toBeVisible()
  await expect(note.getByRole('link', { name: '112' })).toHaveAttribute('href', 'tel:112')
  await expect(note.getByRole('link', { name: /^70\s201\s201$/ })).toHaveAttribute('href', 'tel:+4570201201')
  // A time page: the first free time if there is one this week; the note stands whether the time is free or not.
  const time = page.locator('a[href^="/book-samtale/"]').first()
  const href = (await time.count()) > 0 ? await time.getAttribute('href') : '/book-samtale/2030-01-07T10%3A00'
  await page.goto(href!)
  await expect(page.getByText(untilTheConversation)).toBeVisible()
})

test('the testimonials on /referencer and the home page carry a line on where they come from (markedsføringsloven § 6 b)', async ({ page }) => {
  for (const path of ['/referencer', '/']) {
    await page.goto(path)
    const quotes = page.getByRole('list').filter({ has: page.locator('blockquote') })
    await expect(quotes).toBeVisible()
    await expect(page.getByRole('note').filter({ hasText: /^Udtalelserne er (?:eksempler, ikke udtalelser fra rigtige klienter|skrevet af klienter)/ })).toBeVisible()
  }
})

test('every price for a private client on /ydelser says it includes VAT; a company price says it does not', async ({ page }) => {
  await page.goto('/ydelser')
  const prices = page.getByRole('main').locator('dt:text-is("Pris") + dd')
  // Six services and the tests' klippekort (tests/fixtures/content/ydelser.yaml).
  await expect(prices).toHaveCount(7)
  for (const price of await prices.allTextContents()) expect(price).toMatch(/inkl\. moms|\+ moms/)
  await expect(prices.filter({ hasText: 'inkl. moms' })).toHaveCount(5)
})
