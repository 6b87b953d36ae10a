import { describe, expect, it } from 'vitest'
import { NAME_PATTERN, PHONE_PATTERN, contactLimits, fieldHints } from '~/lib/field-rules'
import { site } from '~/server/content/content.server'
import { contactSchemaFor, validateContact, withAsciiDomain } from '~/lib/contact-schema'

const valid = {
  firstName: 'Anne',
  lastName: 'Jensen',
  email: 'anne@eksempel.dk',
  phone: '+45 20 30 40 50',
  serviceType: 'stress-coaching',
  address: '',
  message: 'Hej\n\nJeg vil gerne høre mere.',
}

// The schema is built in each test, not when the module loads: Stryker switches a mutant on only
// after the test file has loaded its modules, so a schema built at import would never see one.
const check = (values: Record<string, unknown>) => validateContact(values, contactSchemaFor(site))
const errorsFor = (changes: Record<string, unknown>) => {
  const result = check({ ...valid, ...changes })
  return result.success ? {} : result.fieldErrors
}

describe('contact schema', () => {
  it('accepts a normal message and trims the fields', () => {
    const result = check({ ...valid, firstName: '  Anne  ' })
    expect(result.success && result.data.firstName).toBe('Anne')
  })

  it('treats service type and address as optional', () => {
    const result = check({ ...valid, serviceType: undefined, address: undefined })
    expect(result.success && result.data).toMatchObject({ serviceType: '', address: '' })
    expect(check({ ...valid, serviceType: '', address: '' }).success).toBe(true)
  })

  it("treats the phone number as optional, as the coach's file says, but checks one that is given", () => {
    for (const phone of ['', '   ', undefined]) {
      const result = check({ ...valid, phone })
      expect(result.success && result.data.phone, String(phone)).toBe('')
    }
    expect(errorsFor({ phone: '123' })).toEqual({ phone: fieldHints.phone })
  })

  it("asks for the phone number when the coach's file requires it", () => {
    const required = contactSchemaFor({ contactPhoneRequired: true })
    expect(required.safeParse({ ...valid, phone: '' }).error?.issues.map((issue) => issue.message)).toEqual(['Skriv dit telefonnummer.'])
    expect(required.safeParse({ ...valid, phone: '123' }).error?.issues.map((issue) => issue.message)).toEqual([fieldHints.phone])
    expect(required.safeParse(valid).success).toBe(true)
    // A number copied from a phone's contacts often carries direction marks around it: the message names the field.
    expect(validateContact({ ...valid, phone: '\u202A+45 20 30 40 50\u202C' }, required)).toEqual({
      success: false,
      fieldErrors: { phone: 'Telefon indeholder usynlige tegn (fx retningstegn), som ikke kan sendes. Skriv teksten igen uden at indsætte den.' },
    })
  })

  it.each([
    ['firstName', { firstName: '' }, 'Skriv dit fornavn.'],
    ['lastName', { lastName: '   ' }, 'Skriv dit efternavn.'],
    ['email', { email: 'anne@' }, 'Skriv en gyldig e-mailadresse, fx navn@eksempel.dk.'],
    ['email', { email: ' ' }, 'Skriv din e-mailadresse.'],
    ['phone', { phone: 'ring mig' }, fieldHints.phone],
    ['phone', { phone: '123' }, fieldHints.phone],
    ['phone', { phone: '21 43 65 8' }, fieldHints.phone],
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
    expect(contactLimits).toMatchObject({ firstName: { maxLength: 100 }, phone: { maxLength: 30 }, message: { maxLength: 5000 } })
    expect(errorsFor({ address: 'a'.repeat(201) }).address).toBe('Adresse må højst være 200 tegn.')
    expect(errorsFor({ message: 'a'.repeat(5000) })).toEqual({})
    expect(errorsFor({ message: 'a'.repeat(5001) }).message).toBe('Beskeden må højst være 5000 tegn.')
  })

  it('counts length as the browser’s maxlength does (UTF-16 code units): 2,501 emoji are 5,002', () => {
    expect(errorsFor({ message: '😀'.repeat(2500) })).toEqual({})
    expect(errorsFor({ message: '😀'.repeat(2501) }).message).toBe('Beskeden må højst være 5000 tegn.')
    expect(errorsFor({ address: '😀'.repeat(101) }).address).toBe('Adresse må højst være 200 tegn.')
  })

  it.each([
    ['message', 'Beskeden', 'Ring til mig \u202Eku.lemmeh\u202C'],
    ['message', 'Beskeden', 'Hej\u200Bmed dig'],
    ['message', 'Beskeden', 'Hej\uFEFF med dig'],
    ['address', 'Adresse', 'Vej\u20661\u2069'],
    ['address', 'Adresse', 'Vej 1\u200F'],
    ['firstName', 'Fornavn', 'An\u200Dne'],
    ['lastName', 'Efternavn', 'Jen\u200Csen'],
    ['email', 'E-mail', 'anne\u200B@eksempel.dk'],
    ['phone', 'Telefon', '20 30 40 50\u202A'],
    // Fillers and blanks that make a name look empty or like another, and invisible tags.
    ['firstName', 'Fornavn', '\u3164'],
    ['lastName', 'Efternavn', 'Jen\u034Fsen'],
    ['firstName', 'Fornavn', 'An\u00ADne'],
    ['lastName', 'Efternavn', '\u115F\u1160'],
    ['message', 'Beskeden', 'Hej\u2800\u2800'],
    ['message', 'Beskeden', 'Hej \u{E0049}\u{E0067}\u{E006E}\u{E006F}\u{E0072}\u{E0065}'],
    ['address', 'Adresse', 'Vej 1\uFFA0'],
  ])('refuses invisible characters (direction overrides, zero-width, fillers, tags) in %s with a message that says why', (field, label, value) => {
    expect(errorsFor({ [field]: value })[field as 'message']).toBe(`${label} indeholder usynlige tegn (fx retningstegn), som ikke kan sendes. Skriv teksten igen uden at indsætte den.`)
  })

  it('takes an address at a domain with æ, ø or å, in the ASCII form mail servers know', () => {
    for (const [typed, ascii] of [
      ['anne@blåbær.dk', 'anne@xn--blbr-roah.dk'],
      ['søren@østergård.dk', ''],
      ['mette@Ærø-coaching.dk', 'mette@xn--r-coaching-c6a1t.dk'],
    ]) {
      const result = check({ ...valid, email: typed })
      if (ascii) expect(result.success && result.data.email, typed).toBe(ascii)
      // The part before @ stays ASCII: not every mail server takes another.
      else expect(result.success ? '' : result.fieldErrors.email, typed).toBe(fieldHints.email)
    }
    expect(withAsciiDomain('anne@eksempel.dk')).toBe('anne@eksempel.dk')
    // Not a domain: left as typed, and refused.
    for (const typed of ['anne@blåbær.dk/sti', 'anne@blå bær.dk', 'anne@blåbær..dk']) expect(errorsFor({ email: typed }).email, typed).toBe(fieldHints.email)
    // Without an @ there is no domain to convert: a full-width ｋ (which the URL parser reads as k)
    // must not turn »eksempel.dｋ« into an address »eksempel.d@eksempel.dk« nobody typed.
    expect(withAsciiDomain('eksempel.dｋ')).toBe('eksempel.dｋ')
    expect(errorsFor({ email: 'eksempel.dｋ' }).email).toBe(fieldHints.email)
  })

  it('keeps the emoji a phone keyboard writes, variation selector included', () => {
    expect(errorsFor({ message: 'Tak for sidst ❤️ og 👍🏽' })).toEqual({})
  })

  it('refuses header injection and control characters', () => {
    expect(errorsFor({ email: 'anne@eksempel.dk\r\nBcc: alle@eksempel.dk' }).email).toBe('E-mail indeholder ugyldige tegn.')
    expect(errorsFor({ firstName: 'Anne\nBcc: x@y.dk' }).firstName).toBe('Fornavn indeholder ugyldige tegn.')
    expect(errorsFor({ address: 'Vej 1\r\nTo: x@y.dk' }).address).toBe('Adresse indeholder ugyldige tegn.')
    expect(errorsFor({ message: 'Hej\u0000med dig' }).message).toBe('Beskeden indeholder ugyldige tegn.')
    expect(errorsFor({ lastName: 'Østergård-Æbelø' })).toEqual({})
    // A message keeps its line breaks and tabs.
    expect(errorsFor({ message: 'Hej\r\n\tpunkt et\n\tpunkt to' })).toEqual({})
  })

  it('refuses values that are not text', () => {
    expect(errorsFor({ firstName: ['Anne', 'Bo'] })).toEqual({ firstName: 'Fornavn skal være tekst.' })
    expect(errorsFor({ message: null })).toEqual({ message: 'Beskeden skal være tekst.' })
  })

  it.each(['21 43 65 87', '21-43-65-87', '+45 21 43 65 87', '0045 21436587', '21436587', '+46 70 123 45 67'])(
    'accepts the phone number %s as Danes write it',
    (phone) => {
      expect(errorsFor({ phone })).toEqual({})
    },
  )

  it.each(['Søren', 'Zoë', 'O’Brien', "D'Angelo", 'Anne-Marie', 'J.R.', 'Nguyễn', 'Müller', 'Ali Hassan'])('accepts the name %s', (firstName) => {
    expect(errorsFor({ firstName, lastName: firstName })).toEqual({})
  })

  it.each([
    ['a link', 'www.gevinst.dk'],
    ['an address with a scheme', 'https://x.dk'],
    ['digits', 'Anne2'],
    ['markup', '<b>Anne</b>'],
  ])('refuses a name with %s', (_what, firstName) => {
    expect(errorsFor({ firstName })).toEqual({ firstName: fieldHints.firstName })
  })

  it('gives the form the same patterns as the schema (a browser without JavaScript checks them first)', () => {
    // The HTML pattern attribute matches the whole value with the v flag, as the schema does.
    const html = (pattern: string) => new RegExp(`^(?:${pattern})$`, 'v')
    expect(html(PHONE_PATTERN).test('21-43-65-87')).toBe(true)
    expect(html(PHONE_PATTERN).test('ring mig')).toBe(false)
    expect(html(NAME_PATTERN).test('Anne-Marie')).toBe(true)
    expect(html(NAME_PATTERN).test('Anne2')).toBe(false)
  })
})
