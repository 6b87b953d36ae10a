import { describe, expect, it } from 'vitest'
import { validateContact } from '~/lib/contact-schema'

const valid = {
  firstName: 'Anne',
  lastName: 'Jensen',
  email: 'anne@eksempel.dk',
  phone: '+45 20 30 40 50',
  serviceType: 'stress-coaching',
  address: '',
  message: 'Hej\n\nJeg vil gerne høre mere.',
}

const errorsFor = (changes: Record<string, unknown>) => {
  const result = validateContact({ ...valid, ...changes })
  return result.success ? {} : result.fieldErrors
}

describe('contact schema', () => {
  it('accepts a normal message and trims the fields', () => {
    const result = validateContact({ ...valid, firstName: '  Anne  ' })
    expect(result.success && result.data.firstName).toBe('Anne')
  })

  it('treats service type and address as optional', () => {
    const result = validateContact({ ...valid, serviceType: undefined, address: undefined })
    expect(result.success && result.data).toMatchObject({ serviceType: '', address: '' })
  })

  it.each([
    ['firstName', { firstName: '' }, 'Skriv dit fornavn.'],
    ['lastName', { lastName: '   ' }, 'Skriv dit efternavn.'],
    ['email', { email: 'anne@' }, 'Skriv en gyldig e-mailadresse, fx navn@eksempel.dk.'],
    ['phone', { phone: '20-30-40-50' }, 'Skriv et gyldigt telefonnummer med mindst 8 cifre (kun tal, mellemrum og +).'],
    ['phone', { phone: '123' }, 'Skriv et gyldigt telefonnummer med mindst 8 cifre (kun tal, mellemrum og +).'],
    ['serviceType', { serviceType: 'massage' }, 'Vælg en af ydelserne på listen.'],
    ['message', { message: '' }, 'Skriv en besked.'],
  ])('gives a Danish message for a wrong %s', (field, change, message) => {
    expect(errorsFor(change)).toEqual({ [field]: message })
  })

  it('enforces the length limits', () => {
    expect(errorsFor({ firstName: 'a'.repeat(101) }).firstName).toBe('Fornavn må højst være 100 tegn.')
    expect(errorsFor({ lastName: 'a'.repeat(100) })).toEqual({})
    expect(errorsFor({ email: `${'a'.repeat(250)}@x.dk` }).email).toBe('E-mail må højst være 254 tegn.')
    expect(errorsFor({ phone: `+${'1'.repeat(30)}` }).phone).toBe('Telefon må højst være 30 tegn.')
    expect(errorsFor({ address: 'a'.repeat(201) }).address).toBe('Adresse må højst være 200 tegn.')
    expect(errorsFor({ message: 'a'.repeat(5000) })).toEqual({})
    expect(errorsFor({ message: 'a'.repeat(5001) }).message).toBe('Beskeden må højst være 5000 tegn.')
  })

  it('refuses header injection and control characters', () => {
    expect(errorsFor({ email: 'anne@eksempel.dk\r\nBcc: alle@eksempel.dk' }).email).toBeDefined()
    expect(errorsFor({ firstName: 'Anne\nBcc: x@y.dk' }).firstName).toBe('Fornavn indeholder ugyldige tegn.')
    expect(errorsFor({ address: 'Vej 1\r\nTo: x@y.dk' }).address).toBeDefined()
    expect(errorsFor({ message: 'Hej\u0000med dig' }).message).toBe('Beskeden indeholder ugyldige tegn.')
    expect(errorsFor({ lastName: 'Østergård-Æbelø' })).toEqual({})
  })

  it('refuses values that are not text', () => {
    expect(errorsFor({ firstName: ['Anne', 'Bo'] }).firstName).toBeDefined()
    expect(errorsFor({ message: null }).message).toBeDefined()
  })
})
