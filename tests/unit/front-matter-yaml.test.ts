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
    // Only a line that begins with # (after spaces) is a comment; a stray # in a field name is a typo.
    ['title: Ro\ncat#egory: stress', 'i linje 3 (»cat#egory: stress«): linjen er ikke et felt – skriv den som »navn: værdi«'],
    ['foo#bar', 'i linje 2 (»foo#bar«): linjen er ikke et felt'],
  ])('stops at %j with the line and what to do', (text, message) => {
    expect(() => read(text)).toThrow(FrontMatterYamlError)
    expect(() => read(text)).toThrow(`front matter kunne ikke læses ${message}`)
  })

  it.each([
    // Every one-line text field may hold a colon without quotes.
    ['title: Ro: i dag', { title: 'Ro: i dag' }],
    ['description: Kort: og godt', { description: 'Kort: og godt' }],
    ['cta: Ring: nu', { cta: 'Ring: nu' }],
    ['imageAlt: Hav: og himmel', { imageAlt: 'Hav: og himmel' }],
    ['author: Navn: Efternavn', { author: 'Navn: Efternavn' }],
    ['section: Del: 1', { section: 'Del: 1' }],
    // Quotes that do not hold the whole value are part of the text.
    ['title: "Ro" i hverdagen', { title: '"Ro" i hverdagen' }],
    ['title: Ro: "i dag"', { title: 'Ro: "i dag"' }],
    ['title: "Ro: nu"', { title: 'Ro: nu' }],
    ["title: 'Ro: nu'", { title: 'Ro: nu' }],
    ['title: "a"  # c', { title: 'a' }],
    ["title: 'a'\t\t# c", { title: 'a' }],
    // | and > start a block only as the first character.
    ['title: Ro | Uro: x', { title: 'Ro | Uro: x' }],
    ['title: Ro > Uro: x', { title: 'Ro > Uro: x' }],
    // Spaces around the value and before a comment are not part of it.
    ['title:  Ro: x', { title: 'Ro: x' }],
    ['title: Ro  # note', { title: 'Ro' }],
    ['title : Ro', { title: 'Ro' }],
    // A line of spaces after a value does not continue it.
    ['title: Ro: x\n  \ndescription: y', { title: 'Ro: x', description: 'y' }],
    // A field name later in a value is text.
    ['description: Se category:stress', { description: 'Se category:stress' }],
  ])('reads %j', (text, expected) => {
    expect(read(text)).toEqual(expected)
  })

  it.each([
    ['  title: Ro', 'i linje 2 (»title: Ro«): linjen er rykket ind – slet mellemrummene foran »title«'],
    ['title: Ro\n  description:', 'i linje 3 (»description:«): linjen er rykket ind – slet mellemrummene foran »description«'],
    // > in the middle of a value starts no block, so an indented field below is still found.
    ['title: a > b\n  description: x', 'i linje 3 (»description: x«): linjen er rykket ind – slet mellemrummene foran »description«'],
    ['title: "Ro\n  \ndescription: x', 'i linje 2 (»title: "Ro«): der mangler et afsluttende anførselstegn (") – sæt det til sidst i værdien, eller slet anførselstegnet i starten'],
    ['title:  "Ro', 'i linje 2 (»title:  "Ro«): der mangler et afsluttende anførselstegn (")'],
    ["title: 'Ro", "i linje 2 (»title: 'Ro«): der mangler et afsluttende anførselstegn (')"],
    ['title: "Ro # x', 'i linje 2 (»title: "Ro # x«): der mangler et afsluttende anførselstegn (")'],
    ['title: Ro\nmin titel: Ro', 'i linje 3 (»min titel: Ro«): linjen er ikke et felt'],
    ['title: Ro\n*title Ro', 'i linje 3 (»*title Ro«): linjen er ikke et felt'],
    ['title  Ro', 'i linje 2 (»title  Ro«): der mangler et kolon efter feltnavnet – skriv title: Ro'],
    ['tags: [a]\ntags: [b]', 'i linje 3 (»tags: [b]«): feltet står to gange – slet den ene af linjerne'],
    // A [ inside a quoted value is no list: the duplicate is named where it is.
    ['title: "a [b"\ntitle: c', 'i linje 3 (»title: c«): feltet står to gange'],
    // An unclosed list is named on its own line, not on a later line with a [ in a value.
    ['keywords: [ro, stress\ntitle: Ro\ndescription: "a [b"', 'i linje 2 (»keywords: [ro, stress«): en liste i [ ] mangler sin afsluttende ], fx keywords: [ro, stress]'],
    ['jsonLd: {a: 1\ntitle: x', 'i linje 3 (»title: x«): en { mangler sin afsluttende } – eller linjen er rykket ind, så skriv feltet helt ude til venstre'],
  ])('stops at %j with the line and what to do', (text, message) => {
    expect(() => read(text)).toThrow(FrontMatterYamlError)
    expect(() => read(text)).toThrow(`front matter kunne ikke læses ${message}`)
  })

  it('tells a value beginning with * to be quoted, which YAML takes for a reference', () => {
    expect(() => read('category: *stress')).toThrow(FrontMatterYamlError)
    expect(() => read('category: *stress')).toThrow(
      /^front matter kunne ikke læses: en værdi, der begynder med \*, skal stå i anførselstegn, fx category: "\*stress"$/,
    )
    expect(read('category: "*stress"')).toEqual({ category: '*stress' })
  })

  it('refuses a field without a space after its colon when its value holds a line separator, rather than cut the value short', () => {
    // U+2028 and U+2029 come along in text pasted from some word processors; the text is split on \n only.
    expect(() => read('title: Ro\ndescription:Første del\u2028anden del')).toThrow('front matter kunne ikke læses i linje 3 (»description:Første del\u2028anden del«)')
    expect(() => read('description: Kort.\ntitle:\u2029Ro i hverdagen')).toThrow('front matter kunne ikke læses i linje 3 (»title:\u2029Ro i hverdagen«)')
  })

  it('leaves a word before a colon alone when it is not a field name', () => {
    expect(readFrontMatterYaml('title:Ro', ['description'])).toBe('title:Ro')
    expect(() => readFrontMatterYaml('title: Ro\n  description: Kort.', ['title'])).not.toThrow(/rykket ind – slet mellemrummene/)
    expect(() => readFrontMatterYaml('title: Ro\ndescription Kort.', ['title'])).toThrow('linjen er ikke et felt')
  })
})
