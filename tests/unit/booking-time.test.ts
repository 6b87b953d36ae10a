import { describe, expect, it } from 'vitest'
import { danishHolidays, easterSunday, holidayOn } from '~/lib/booking/holidays'
import { addDays, formatDateWithYear, formatDayWithYear, formatInstant, formatMonthWithYear, formatPeriod, fromLocal, fromLocalAll, isLocalDate, isLocalTime, isoWeek, mondayOfIsoWeek, toLocal, yearOf } from '~/lib/booking/time'

describe('Danish time around the daylight-saving changes', () => {
  it.each([
    // 2026: summer time from Sunday 29 March, winter time from Sunday 25 October.
    ['2026-03-27', '10:00', '2026-03-27T09:00:00.000Z'],
    ['2026-03-30', '10:00', '2026-03-30T08:00:00.000Z'],
    ['2026-10-23', '10:00', '2026-10-23T08:00:00.000Z'],
    ['2026-10-26', '10:00', '2026-10-26T09:00:00.000Z'],
    // 2027: summer time from 28 March (also Easter Sunday), winter time from 31 October.
    ['2027-03-26', '10:00', '2027-03-26T09:00:00.000Z'],
    ['2027-03-29', '10:00', '2027-03-29T08:00:00.000Z'],
    ['2027-10-29', '10:00', '2027-10-29T08:00:00.000Z'],
    ['2027-11-01', '10:00', '2027-11-01T09:00:00.000Z'],
  ])('%s %s dansk tid is %s', (date, time, utc) => {
    expect(fromLocal(date, time)?.toISOString()).toBe(utc)
    expect(toLocal(new Date(utc))).toEqual({ date, time })
  })

  it('knows the hour the clock skips and the hour it repeats', () => {
    expect(fromLocalAll('2026-03-29', '02:30')).toEqual([])
    // A date that is no date does not roll over into the next month.
    expect(fromLocalAll('2026-02-30', '09:00')).toEqual([])
    expect(fromLocal('2026-03-29', '02:30')).toBeUndefined()
    expect(fromLocalAll('2026-10-25', '02:30').map((instant) => instant.toISOString())).toEqual(['2026-10-25T00:30:00.000Z', '2026-10-25T01:30:00.000Z'])
    expect(fromLocal('2026-10-25', '02:30')).toBeUndefined()
    expect(fromLocalAll('2027-03-28', '02:00')).toEqual([])
    expect(fromLocal('2026-03-29', '03:00')?.toISOString()).toBe('2026-03-29T01:00:00.000Z')
  })

  it('writes times as Danish does', () => {
    expect(formatInstant(new Date('2026-04-07T08:00:00Z'))).toBe('tirsdag 7. april kl. 10.00')
    expect(formatPeriod(new Date('2026-03-30T08:00:00Z'), new Date('2026-03-30T08:30:00Z'))).toBe('mandag 30. marts kl. 10.00–10.30')
    expect(formatInstant(new Date('2026-12-31T23:30:00Z'))).toBe('fredag 1. januar kl. 0.30')
    // A receipt's date, a klippekort's last day, the month of a hand-over to her bookkeeping.
    expect(formatDateWithYear('2026-04-07')).toBe('7. april 2026')
    expect(formatDayWithYear('2026-04-07')).toBe('tirsdag 7. april 2026')
    expect([formatMonthWithYear(2026, 1), formatMonthWithYear(2026, 12)]).toEqual(['januar 2026', 'december 2026'])
  })

  it('names every month in Danish', () => {
    const firsts = Array.from({ length: 12 }, (_, index) => formatDateWithYear(`2026-${String(index + 1).padStart(2, '0')}-01`))
    expect(firsts).toEqual(['1. januar 2026', '1. februar 2026', '1. marts 2026', '1. april 2026', '1. maj 2026', '1. juni 2026', '1. juli 2026', '1. august 2026', '1. september 2026', '1. oktober 2026', '1. november 2026', '1. december 2026'])
  })

  it('numbers ISO weeks, also across New Year', () => {
    expect(isoWeek('2026-04-07')).toBe('2026-W15')
    expect(isoWeek('2027-01-01')).toBe('2026-W53')
    expect(mondayOfIsoWeek('2026-W53')).toBe('2026-12-28')
    expect(mondayOfIsoWeek('2027-W01')).toBe('2027-01-04')
    expect(mondayOfIsoWeek('2025-W53')).toBeUndefined()
    for (const week of ['x2026-W10', '2026-W10x', '2026-W00']) expect(mondayOfIsoWeek(week), week).toBeUndefined()
    // A year before 1000 keeps its four digits (as Python's date.fromisocalendar(999, 10, 1) has it).
    expect(mondayOfIsoWeek('0999-W10')).toBe('0999-03-04')
    expect(isoWeek('0999-03-04')).toBe('0999-W10')
  })
})

describe('dates and times as the file writes them', () => {
  it('takes only real dates and clock times', () => {
    for (const date of ['2026-04-20', '2028-02-29']) expect(isLocalDate(date), date).toBe(true)
    for (const date of ['2026-02-29', '2026-13-01', '2026-4-20', 'x2026-04-20', '2026-04-20x', '+012026-04-20']) expect(isLocalDate(date), date).toBe(false)
    for (const time of ['00:00', '09:05', '19:59', '23:59']) expect(isLocalTime(time), time).toBe(true)
    for (const time of ['24:00', '9:00', '09:60', 'x09:00', '09:00x']) expect(isLocalTime(time), time).toBe(false)
  })

  it('finds the Monday of a week only for a week that exists', () => {
    for (const week of ['2026-W00', '2026-W54', '2026-W1', 'x2026-W01', '2026-W01x']) expect(mondayOfIsoWeek(week), week).toBeUndefined()
    expect(mondayOfIsoWeek('2026-W01')).toBe('2025-12-29')
    expect(yearOf('2026-12-28')).toBe(2026)
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30')
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31')
  })
})

describe('Danish public holidays', () => {
  it('finds Easter Sunday', () => {
    expect(['2025', '2026', '2027', '2028', '2029', '2030'].map((year) => easterSunday(Number(year)))).toEqual([
      '2025-04-20',
      '2026-04-05',
      '2027-03-28',
      '2028-04-16',
      '2029-04-01',
      '2030-04-21',
    ])
  })

  // The years where the algorithm's rarer branches decide: a golden number of 0 (2014, 2033), the
  // two corrections that move 25 and 26 April to 18 and 19 April (2049, 2076), another century
  // (2100), and the earliest and latest Easter there can be (22 March, 25 April).
  it('finds Easter Sunday in the years where the rare branches of the algorithm decide', () => {
    expect([2014, 2033, 2049, 2076, 2100, 2285, 1943].map((year) => easterSunday(year))).toEqual([
      '2014-04-20',
      '2033-04-17',
      '2049-04-18',
      '2076-04-19',
      '2100-03-28',
      '2285-03-22',
      '1943-04-25',
    ])
  })

  const expected: Record<number, string[]> = {
    2025: ['01-01', '04-17', '04-18', '04-20', '04-21', '05-29', '06-08', '06-09', '12-25', '12-26'],
    2026: ['01-01', '04-02', '04-03', '04-05', '04-06', '05-14', '05-24', '05-25', '12-25', '12-26'],
    2027: ['01-01', '03-25', '03-26', '03-28', '03-29', '05-06', '05-16', '05-17', '12-25', '12-26'],
    2028: ['01-01', '04-13', '04-14', '04-16', '04-17', '05-25', '06-04', '06-05', '12-25', '12-26'],
    2029: ['01-01', '03-29', '03-30', '04-01', '04-02', '05-10', '05-20', '05-21', '12-25', '12-26'],
    2030: ['01-01', '04-18', '04-19', '04-21', '04-22', '05-30', '06-09', '06-10', '12-25', '12-26'],
  }
  it.each(Object.keys(expected).map(Number))('%i', (year) => {
    expect([...danishHolidays(year).keys()].sort()).toEqual(expected[year]!.map((day) => `${year}-${day}`))
  })

  it('keeps store bededag only before 2024', () => {
    expect(danishHolidays(2023).get('2023-05-05')).toBe('store bededag')
    expect(danishHolidays(2024).has('2024-04-26')).toBe(false)
    expect(danishHolidays(2026).has('2026-05-01')).toBe(false)
  })

  it('names every holiday, since a nameless one would count as no holiday', () => {
    expect([...danishHolidays(2026).entries()].sort()).toEqual([
      ['2026-01-01', 'nytårsdag'],
      ['2026-04-02', 'skærtorsdag'],
      ['2026-04-03', 'langfredag'],
      ['2026-04-05', 'påskedag'],
      ['2026-04-06', '2. påskedag'],
      ['2026-05-14', 'Kristi himmelfartsdag'],
      ['2026-05-24', 'pinsedag'],
      ['2026-05-25', '2. pinsedag'],
      ['2026-12-25', 'juledag'],
      ['2026-12-26', '2. juledag'],
    ])
    expect(holidayOn('2026-04-03')).toBe('langfredag')
    expect(holidayOn('2026-04-04')).toBeUndefined()
  })
})
