import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { fieldErrors } from './api-error';
import {
  DetailsRequestSchema,
  EMPTY_DETAILS,
  checkDetailsForSlot,
  cocktailNames,
  detailsCloseAt,
  detailsComplete,
  detailsDueOn,
  detailsEmpty,
  formatBarTime,
} from './event-details';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde';
const bar = (barStart: string | null, barEnd: string | null) => ({ barStart, barEnd });

describe('checkDetailsForSlot: the bar’s hours within the booked slot', () => {
  test.each<[string, ReturnType<typeof bar>, 'morning' | 'evening', string[]]>([
    ['the evening’s very start and end', bar('18:00', '23:00'), 'evening', []],
    ['a minute before the evening starts', bar('17:59', '22:00'), 'evening', ['barStart']],
    ['a minute after the evening ends', bar('18:00', '23:01'), 'evening', ['barEnd']],
    ['an end equal to the start', bar('20:00', '20:00'), 'evening', ['barEnd']],
    ['an end before the start', bar('21:00', '19:30'), 'evening', ['barEnd']],
    ['both outside', bar('08:00', '23:30'), 'evening', ['barStart', 'barEnd']],
    ['only a start, within', bar('18:30', null), 'evening', []],
    ['only an end, outside', bar(null, '14:00'), 'morning', ['barEnd']],
    ['the morning’s bounds', bar('09:00', '13:00'), 'morning', []],
    ['nothing given', bar(null, null), 'evening', []],
  ])('%s', (_case, details, slot, named) => {
    expect(Object.keys(checkDetailsForSlot(details, slot))).toEqual(named);
  });

  test('says the booked hours', () => {
    expect(checkDetailsForSlot(bar('17:00', null), 'evening').barStart).toBe('Please choose a start between 18:00 and 23:00, your booked time.');
  });
});

describe('the due day and when the details close, on the Texas calendar', () => {
  test.each([
    // Due 14 days before; closed at the next Texas midnight.
    ['summer (CDT)', '2026-07-25', '2026-07-11', '2026-07-12T05:00:00.000Z'],
    // Fall back on 2026-11-01 at 2 AM: a due day of 10-31 closes at midnight still CDT, one of 11-01 at midnight CST.
    ['due the day before fall back', '2026-11-14', '2026-10-31', '2026-11-01T05:00:00.000Z'],
    ['due on the fall-back day', '2026-11-15', '2026-11-01', '2026-11-02T06:00:00.000Z'],
    // Spring forward on 2027-03-14: due the day before closes at midnight CST, due that day at midnight CDT.
    ['due the day before spring forward', '2027-03-27', '2027-03-13', '2027-03-14T06:00:00.000Z'],
    ['due on the spring-forward day', '2027-03-28', '2027-03-14', '2027-03-15T05:00:00.000Z'],
    // Across a month and a year.
    ['an event on New Year’s Day', '2027-01-01', '2026-12-18', '2026-12-19T06:00:00.000Z'],
  ])('%s: event %s, due %s, closed at %s', (_case, date, dueOn, closeAt) => {
    expect(detailsDueOn(date)).toBe(dueOn);
    expect(detailsCloseAt(date).toISOString()).toBe(closeAt);
  });
});

describe('the details request', () => {
  const parse = (input: Record<string, unknown>) => v.safeParse(DetailsRequestSchema, { token: TOKEN, ...input });

  test('blank fields are not given (null), the cocktails once each', () => {
    const parsed = parse({ guestCount: '', barStart: '  ', venueNotes: ' ', cocktails: ['texas-mule', 'texas-mule'] });
    expect(parsed.success && parsed.output).toEqual({ token: TOKEN, ...EMPTY_DETAILS, cocktails: ['texas-mule'] });
  });

  test.each<[string, Record<string, unknown>, string]>([
    ['more adults than guests', { guestCount: 80, adultGuests: 81 }, 'adultGuests'],
    ['a cocktail not on the menu', { cocktails: ['mojito'] }, 'cocktails'],
    ['a time that is no time', { barStart: '25:00' }, 'barStart'],
    ['no guests', { guestCount: 0 }, 'guestCount'],
    ['a contact on two lines', { onSiteContact: 'Maria\nRivera' }, 'onSiteContact'],
  ])('refuses %s, naming the field', (_case, input, field) => {
    const parsed = parse(input);
    expect(parsed.success).toBe(false);
    expect(Object.keys(fieldErrors(parsed.issues ?? []))).toEqual([field]);
  });
});

describe('the details’ words and standing', () => {
  test('bar times and cocktail names as people read them', () => {
    expect(['09:05', '12:00', '18:30', '23:00', '00:15'].map(formatBarTime)).toEqual(['9:05 AM', '12:00 PM', '6:30 PM', '11:00 PM', '12:15 AM']);
    expect(cocktailNames(['texas-mule', 'gone-from-menu'])).toEqual(['Texas Mule', 'gone-from-menu']);
  });

  test('empty while nothing is given, complete once everything is', () => {
    const full = { guestCount: 120, adultGuests: 90, barStart: '18:00', barEnd: '22:00', cocktails: ['texas-mule'], venueNotes: 'Gate 4', onSiteContact: 'Maria', onSitePhone: '512' };
    expect([detailsEmpty(EMPTY_DETAILS), detailsComplete(EMPTY_DETAILS)]).toEqual([true, false]);
    expect([detailsEmpty(full), detailsComplete(full)]).toEqual([false, true]);
    expect([detailsEmpty({ ...EMPTY_DETAILS, cocktails: ['texas-mule'] }), detailsComplete({ ...full, onSitePhone: null })]).toEqual([false, false]);
  });
});
