import { describe, expect, it } from 'vitest'
import { timeBoundPhrasesIn } from '#db/time-bound'

describe('the words that date a sentence', () => {
  it('finds each phrase as whole words, in any case and across a line break', () => {
    expect(timeBoundPhrasesIn('Sidste år åbnede jeg. Lige\nnu har jeg travlt.')).toEqual(['sidste år', 'lige nu'])
    expect(timeBoundPhrasesIn('Det var i årevis svært, og jeg ved det nu om dagen.')).toEqual([])
    expect(timeBoundPhrasesIn('Vi taler om det i år.')).toEqual(['i år'])
  })

  it('leaves out what the coach marked as timeless, however she wrote it', () => {
    expect(timeBoundPhrasesIn('Hvad har du brug for lige nu? For tiden er alt svært.', [' Lige nu '])).toEqual(['for tiden'])
  })
})
