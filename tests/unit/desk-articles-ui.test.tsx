import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { crisisHelpFor } from '~/lib/content/crisis-lines'
import { getCrisisLines } from '~/server/content/content.server'
import { renderArticlePreview } from '~/server/desk/article-preview.server'
import { DeskSubpage } from '~/components/desk/desk-subpage'
import type { DeskArticleEditor, DeskArticleList, DeskContentOverview } from '~/lib/desk/desk-data'
import { deskStatusText } from '~/lib/desk/desk-data'
import { linksOf, tagWithId, textOf } from '../render'

// The desk's article pages and her files' pages as the server renders them: the fields' names, the
// hidden fields each post carries, the buttons' values, the preview, the photo form and the
// deletion's confirmation step.

const formToken = 'formular-123'
const subpage = (path: string, page: object, search: object = {}) => renderToStaticMarkup(<DeskSubpage path={path} page={page as never} search={search} />)
// (The forms' addresses are the server functions', which Start's compiler gives and Vitest does not run.)
const formsOf = (html: string) =>
  (html.match(/<form[\s\S]*?<\/form>/g) ?? []).map((form) => ({
    enctype: /<form[^>]*enctype="([^"]*)"/i.exec(form)?.[1],
    hidden: Object.fromEntries([...form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map(([, name, value]) => [name, value])),
  }))

const list: DeskArticleList = {
  articles: [
    { slug: 'ny-kladde', title: 'En kladde', state: 'kladde', date: '1. maj 2026' },
    { slug: 'kommer-snart', title: 'Kommer snart', state: 'planlagt', date: '1. juni 2026' },
    { slug: 'ro-i-hverdagen', title: 'Ro i hverdagen', state: 'udgivet', date: '18. september 2025' },
  ],
  history: false,
}

const editor: DeskArticleEditor = {
  slug: 'ro-i-hverdagen',
  version: 'abc123',
  fields: { title: 'Ro i hverdagen', description: 'Om ro.', category: 'stress', publishedAt: '2025-09-18', body: 'Tekst.', place: 'udgivet' },
  categories: [
    { id: 'stress', label: 'Stress coaching' },
    { id: 'life', label: 'Life coaching' },
  ],
  address: '/blog/ro-i-hverdagen',
  cover: { url: '/images/blog/ro-i-hverdagen.webp?v=0123456789', photo: false },
  preview: undefined,
  errors: [],
  current: undefined,
}

describe('her articles on the desk', () => {
  it('lists drafts, scheduled and published articles, each a link to its editor, and says when there is no history', () => {
    const html = subpage('artikler', { signedIn: true, formToken, page: 'artikler', articles: list })
    expect(textOf(html)).toContain('Dine artikler')
    expect(linksOf(html)).toEqual(expect.arrayContaining([['Skriv en ny artikel', '/coach/artikler/ny'], ['En kladde', '/coach/artikler/ny-kladde'], ['Ro i hverdagen', '/coach/artikler/ro-i-hverdagen']]))
    expect(textOf(html)).toContain('En kladde Kladde 1. maj 2026')
    expect(textOf(html)).toContain('Kommer snart Planlagt 1. juni 2026')
    expect(textOf(html)).toContain('Ro i hverdagen Udgivet 18. september 2025')
    expect(textOf(html)).toContain('mappen er ikke i git')
    expect(textOf(subpage('artikler', { signedIn: true, formToken, page: 'artikler', articles: { ...list, history: true } }))).not.toContain('mappen er ikke i git')
  })

  it('edits an article with its fields, a save and a preview button, the photo form and the way to delete', () => {
    const html = subpage('artikler/ro-i-hverdagen', { signedIn: true, formToken, page: 'artikel', article: editor }, { status: 'udgivet' })
    expect(textOf(html)).toContain(deskStatusText.udgivet)
    const back = '/coach/artikler/ro-i-hverdagen'
    const forms = formsOf(html)
    expect(forms[0]).toMatchObject({ enctype: undefined, hidden: { formular: formToken, handling: 'gem-artikel', tilbage: back, artikel: 'ro-i-hverdagen', version: 'abc123' } })
    expect(forms[1]).toMatchObject({ enctype: 'multipart/form-data', hidden: { formular: formToken, handling: 'forsidebillede', tilbage: back, artikel: 'ro-i-hverdagen' } })
    for (const [id, name] of [['titel', 'titel'], ['beskrivelse', 'beskrivelse'], ['kategori', 'kategori'], ['dato', 'dato'], ['tekst', 'tekst'], ['billede', 'billede']]) expect(tagWithId(html, id!)).toContain(`name="${name}"`)
    expect(tagWithId(html, 'dato')).toContain('type="date"')
    expect(tagWithId(html, 'billede')).toContain('accept="image/jpeg,image/png"')
    expect(html).toContain('<option value="stress" selected="">Stress coaching</option>')
    const tag = (pattern: string) => new RegExp(pattern.split(' ').map((attribute) => `(?=[^>]*\\s${attribute})`).join(''))
    expect(html).toMatch(new RegExp(`<input${tag('type="radio" name="synlig" value="udgivet" checked=""').source}`))
    expect(html).toMatch(new RegExp(`<button${tag('type="submit" name="trin" value="gem"').source}[^>]*>Gem</button>`))
    expect(html).toMatch(new RegExp(`<button${tag('type="submit" name="trin" value="forhaandsvis"').source}[^>]*>Forhåndsvis</button>`))
    expect(linksOf(html)).toEqual(expect.arrayContaining([['Tilbage til dine artikler', '/coach/artikler'], ['Se artiklen på siden', '/blog/ro-i-hverdagen'], ['Slet artiklen', `${back}?slet=ja`]]))
    expect(html).toContain('src="/images/blog/ro-i-hverdagen.webp?v=0123456789"')
    expect(textOf(html)).toContain('Siden har lavet et roligt billede til artiklen.')
  })

  it('a new article has no photo form and nothing to delete until it is saved', () => {
    const html = subpage('artikler/ny', { signedIn: true, formToken, page: 'artikel', article: { ...editor, slug: undefined, address: undefined, cover: undefined, version: 'mangler' } })
    expect(textOf(html)).toContain('Ny artikel')
    expect(formsOf(html).map((form) => form.hidden.handling)).toEqual(['gem-artikel', 'log-ud', 'log-ud-overalt'])
    expect(formsOf(html)[0]!.hidden).toMatchObject({ artikel: '', version: 'mangler' })
    expect(linksOf(html).map(([text]) => text)).not.toContain('Slet artiklen')
  })

  it('shows a refused save’s messages, the file as it is now after a conflict, and the preview as the article page renders it', () => {
    const preview = { html: renderArticlePreview({ title: 'Ro i hverdagen', category: 'stress', author: 'Birgitte Holm', publishedAt: '2025-09-18T00:00:00.000Z', revisedAt: null, readingMinutes: 2, hero: 'gradient', imageUrl: '/images/blog/x.webp', imageAlt: 'x', bodyHtml: '<h2 id="et-afsnit">Et afsnit</h2><p>Tekst.</p>', tableOfContents: [], anonymised: true, inOwnWords: false, crisisHelp: crisisHelpFor(getCrisisLines(), 'adult') }) }
    const html = subpage('artikler/ro-i-hverdagen', { signedIn: true, formToken, page: 'artikel', article: { ...editor, errors: ['»Titel« mangler – skriv artiklens overskrift.'], current: '---\ntitle: Andet\n---\nNu.', preview } }, { status: 'aendret-imens' })
    expect(textOf(html)).toContain('Det skal rettes, før det kan gemmes »Titel« mangler – skriv artiklens overskrift.')
    expect(textOf(html)).toContain('Sådan ser filen ud nu')
    expect(html).toContain('title: Andet')
    expect(html).toContain('<h2 id="forhaandsvisning"')
    expect(textOf(html)).toContain('Forhåndsvisning (ikke gemt)')
    expect(html).toContain('<h1')
    expect(html).toContain('<h2 id="et-afsnit">Et afsnit</h2>')
    expect(textOf(html)).toContain('18. september 2025')
    expect(textOf(html)).toContain('Læsetid 2 minutter')
    expect(textOf(html)).toContain('Om eksemplerne:')
    expect(textOf(html)).toContain('Livslinien')
  })

  it('deletes only from its confirmation page, whose button says »ja«', () => {
    const html = subpage('artikler/ro-i-hverdagen', { signedIn: true, formToken, page: 'artikel', article: editor }, { slet: 'ja' })
    expect(textOf(html)).toContain('Vil du slette »Ro i hverdagen«?')
    expect(formsOf(html)[0]!.hidden).toEqual({ formular: formToken, handling: 'slet-artikel', tilbage: '/coach/artikler/ro-i-hverdagen', artikel: 'ro-i-hverdagen', bekraeft: 'ja' })
    expect(linksOf(html)).toContainEqual(['Nej, behold den', '/coach/artikler/ro-i-hverdagen'])
  })
})

describe('her files on the desk', () => {
  it('lists her files and opens one as a form', () => {
    const content: DeskContentOverview = { files: [{ id: 'oplysninger', title: 'Dine oplysninger', file: 'content/site.yaml', problems: 2, lastGood: true }], history: true }
    const html = subpage('indhold', { signedIn: true, formToken, page: 'indhold', content })
    expect(textOf(html)).toContain('Dine tekster og priser')
    expect(linksOf(html)).toContainEqual(['Dine oplysninger', '/coach/indhold/oplysninger'])
    expect(textOf(html)).toContain('Filen har 2 fejl – siden viser den sidste gyldige udgave')
    const file = { id: 'oplysninger', title: 'Dine oplysninger', file: 'content/site.yaml', version: 'v1', whole: false, text: '', fields: [{ name: 'f0', label: 'telefon', value: '+45 12 34 56 78', kind: 'text', long: false }], fileErrors: [], lastGood: false }
    const form = subpage('indhold/oplysninger', { signedIn: true, formToken, page: 'indhold-fil', file })
    expect(textOf(form)).toContain('Dine oplysninger')
    expect(formsOf(form)[0]!.hidden).toEqual({ formular: formToken, handling: 'gem-indhold', tilbage: '/coach/indhold/oplysninger', fil: 'oplysninger', version: 'v1' })
    expect(tagWithId(form, 'f0')).toContain('value="+45 12 34 56 78"')
  })
})
