import { describe, expect, it } from 'vitest'
import { FrontMatterYamlError, readFrontMatterYaml } from '#db/front-matter-yaml'

const fields = ['title', 'description', 'category', 'publishedAt', 'tags', 'keywords', 'jsonLd']
const read = (text: string) => readFrontMatterYaml(text, fields)

describe('reading front matter as the coach writes it', () => {
  it.each([
    ['title: Ro\t', { title: 'Ro' }],
    ['title: Ro#x', { title: 'Ro#x' }],
    ['title: Ro #x', { title: 'Ro' }],
    ['title: Ro\t#x', { title: 'Ro' }],
    ['title:  ', { title: null }],
    ["title: 'a''b'", { title: "a'b" }],
    ['title: "a\\"b"', { title: 'a"b' }],
    ['title: "a" # c', { title: 'a' }],
    ["title: 'a' # c", { title: 'a' }],
    ['tags: [a,\n  b]', { tags: ['a', 'b'] }],
    ['  # en kommentar rykket ind\ntitle: Ro', { title: 'Ro' }],
    ['title: Ro\ndescription: >\n  x\n  title: y\ncategory: z', { title: 'Ro', description: 'x title: y\n', category: 'z' }],
    ['title:Ro: i dag', { title: 'Ro: i dag' }],
    ['andet:Ro', 'andet:Ro'],
  ])('reads %j', (text, expected) => {
    expect(read(text)).toEqual(expected)
  })

  it.each([
    ['tags:\n\t- a', 'i linje 3 (»- a«): linjen begynder med et tabulatortegn – slet det, så feltet står helt ude til venstre'],
    ['tags:\n  - a\n\t- b', 'i linje 4 (»- b«): linjen begynder med et tabulatortegn'],
    ['title: "a\n  b', 'i linje 3 (»b«): der mangler et afsluttende anførselstegn – eller slet anførselstegnene helt'],
    ['jsonLd: "x', 'i linje 2 (»jsonLd: "x«): der mangler et afsluttende anførselstegn – eller slet anførselstegnene helt'],
    ['title: Ro\n"x"', 'i linje 3 (»"x"«): linjen er ikke et felt – skriv den som »navn: værdi«, eller flyt den op i forlængelse af linjen over, hvis den hører til den'],
    ['title: Ro\n[a]', 'i linje 3 (»[a]«): linjen er ikke et felt'],
    ['{a', 'i linje 2 (»{a«): linjen er ikke et felt'],
    ['title: "a"b"', 'i linje 2 (»title: "a"b"«): anførselstegnene (") går ikke op: et af dem mangler sin partner – sæt det manglende ind, eller slet det, der står alene'],
    ['title: Ro\n  tags: [a]', 'i linje 3 (»tags: [a]«): linjen er rykket ind – slet mellemrummene foran »tags«, så feltet står helt ude til venstre som de andre'],
    ['title: Ro\n \t tags: [a]', 'i linje 3 (»tags: [a]«): linjen begynder med et tabulatortegn'],
    ['title: |\n  a\nikke et felt', 'i linje 4 (»ikke et felt«): linjen er ikke et felt'],
  ])('stops at %j with the line and what to do', (text, message) => {
    expect(() => read(text)).toThrow(FrontMatterYamlError)
    expect(() => read(text)).toThrow(`front matter kunne ikke læses ${message}`)
  })

  it('leaves a word before a colon alone when it is not a field name', () => {
    expect(readFrontMatterYaml('title:Ro', ['description'])).toBe('title:Ro')
    expect(() => readFrontMatterYaml('title: Ro\n  description: Kort.', ['title'])).not.toThrow(/rykket ind – slet mellemrummene/)
    expect(() => readFrontMatterYaml('title: Ro\ndescription Kort.', ['title'])).toThrow('linjen er ikke et felt')
  })
})
