import { describe, expect, it } from 'vitest'
import { validateBooking } from '~/lib/booking/booking-schema'

const valid = { navn: 'Mette Sørensen', email: 'mette@eksempel.dk', telefon: '20 30 40 50', form: 'telefon', besked: 'Jeg vil gerne tale om min hverdag.' }
const modes = ['telefon', 'video'] as const

describe('the booking form, checked on the server', () => {
  it('takes a valid booking', () => {
    expect(validateBooking(valid, modes)).toMatchObject({ success: true, data: valid })
  })

  it('refuses direction overrides and zero-width characters in the note, as the contact form does', () => {
    for (const hidden of ['\u202E', '\u200B', '\uFEFF']) {
      expect(validateBooking({ ...valid, besked: `Hej${hidden} med dig` }, modes), JSON.stringify(hidden)).toEqual({
        success: false,
        fieldErrors: { besked: 'Beskeden indeholder usynlige tegn (fx retningstegn), som ikke kan sendes. Skriv teksten igen uden at indsætte den.' },
      })
    }
  })

  it('counts the note as the browser’s maxlength does: 250 emoji are 500 units, 251 are too many', () => {
    expect(validateBooking({ ...valid, besked: '😊'.repeat(250) }, modes).success).toBe(true)
    expect(validateBooking({ ...valid, besked: '😊'.repeat(251) }, modes)).toEqual({ success: false, fieldErrors: { besked: 'Skriv højst 500 tegn.' } })
  })

  it('says what is wrong with the name and the note, and leaves out a note not given', () => {
    expect(validateBooking({ ...valid, navn: null }, modes)).toEqual({ success: false, fieldErrors: { navn: 'Navnet skal være tekst.' } })
    expect(validateBooking({ ...valid, navn: '  ' }, modes)).toEqual({ success: false, fieldErrors: { navn: 'Skriv dit navn.' } })
    expect(validateBooking({ ...valid, besked: null }, modes)).toEqual({ success: false, fieldErrors: { besked: 'Beskeden skal være tekst.' } })
    expect(validateBooking({ ...valid, besked: 'Hej\u0007' }, modes)).toEqual({ success: false, fieldErrors: { besked: 'Beskeden indeholder ugyldige tegn.' } })
    expect(validateBooking({ ...valid, besked: 'Tid:\tformiddag\nGerne telefon' }, modes)).toMatchObject({ success: true, data: { besked: 'Tid:\tformiddag\nGerne telefon' } })
    expect(validateBooking({ ...valid, besked: undefined }, modes)).toMatchObject({ success: true, data: { besked: '' } })
  })
})
