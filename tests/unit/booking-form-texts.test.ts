import { describe, expect, it } from 'vitest'
import { loadedAfresh } from '../helpers'

// The booking form's words as a visitor reads them: the kinds of conversation, the hint under each
// field, and what a post without JavaScript is told afterwards. They are tables made when the module
// loads, so the test loads it anew (see loadedAfresh).

const formModule = () => loadedAfresh<typeof import('~/lib/booking/booking-form')>('~/lib/booking/booking-form')

describe('the booking form’s texts', () => {
  it('name the three kinds of conversation', async () => {
    const { modeLabels } = await formModule()
    expect(modeLabels).toEqual({
      telefon: 'Telefon – jeg ringer til dig',
      video: 'Video – du får et link i mailen',
      fremmoede: 'Fremmøde i Fredericia',
    })
  })

  it('say under each field how to fill it in, the e-mail and telephone as on the contact form', async () => {
    const { bookingHints } = await formModule()
    expect(bookingHints).toEqual({
      navn: 'Skriv dit navn med bogstaver, fx Anne-Marie Jensen (højst 100 tegn).',
      email: 'Skriv en gyldig e-mailadresse, fx navn@eksempel.dk.',
      telefon: 'Skriv et telefonnummer på mindst 8 cifre, fx 12 34 56 78 eller +45 12 34 56 78.',
      form: 'Vælg, hvordan vi skal tale sammen.',
      besked: 'Skriv højst 500 tegn.',
    })
  })

  it('tell a visitor without JavaScript how each booking, move or cancellation went', async () => {
    const { bookingStatusText } = await formModule()
    expect(bookingStatusText).toEqual({
      'tjek-email':
        'Tak! Tjek din e-mail: jeg har sendt en bekræftelse til den adresse, du skrev, med et link, hvor du kan se, flytte eller aflyse samtalen. Kommer der ingen e-mail inden for et par minutter, så kig i spam-mappen.',
      flyttet: 'Din samtale er flyttet. Du får en ny kalenderinvitation på e-mail.',
      'samme-tid': 'Samtalen ligger allerede på det tidspunkt, så intet er ændret.',
      aflyst: 'Din samtale er aflyst. Du får en bekræftelse på e-mail.',
      ugyldig: 'Bookingen blev ikke gemt. Ret venligst de markerede felter, og prøv igen.',
      taget: 'Tiden blev netop taget. Vælg venligst en anden tid.',
      'for-mange': 'Der er prøvet at booke mange gange fra din forbindelse i dag. Prøv igen i morgen, eller skriv til mig via kontaktformularen.',
      'for-sent': 'Samtalen ligger så tæt på, at den ikke længere kan ændres her. Ring eller skriv til mig i stedet.',
      'for-mange-flytninger': 'Samtalen er flyttet det antal gange, der er muligt her. Ring eller skriv til mig, hvis den skal flyttes igen.',
      'ikke-ledig': 'Den tid kan ikke længere bookes. Vælg venligst en anden.',
      lukket: 'Det er ikke muligt at booke en tid her lige nu. Skriv eller ring til mig i stedet.',
      fejl: 'Der opstod en fejl, og intet blev gemt. Prøv venligst igen.',
    })
  })
})
