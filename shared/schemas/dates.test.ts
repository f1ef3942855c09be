import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { BOOKING_WINDOW_DAYS, INQUIRY_WINDOW_YEARS, IsoDateSchema, addDaysUtc, addYearsUtc, isCalendarDate, todayUtc } from './dates';

describe('IsoDateSchema', () => {
  test.each([
    ['2026-03-01', '2026-03-01'],
    ['2028-02-29', '2028-02-29'],
    ['  2026-12-31 ', '2026-12-31'],
  ])('accepts %j as %s', (input, output) => {
    expect(v.parse(IsoDateSchema, input)).toBe(output);
  });

  test.each([
    ['', 'Please choose a date.'],
    [undefined, 'Please choose a date.'],
    [20260301, 'Please choose a date.'],
    ['2026-02-30', 'Please choose a valid date.'],
    ['2027-02-29', 'Please choose a valid date.'],
    ['2026-13-01', 'Please choose a valid date.'],
    ['2026-00-10', 'Please choose a valid date.'],
    ['2026-1-01', 'Please choose a valid date.'],
    ['01/03/2026', 'Please choose a valid date.'],
    ['2026-03-01T00:00:00Z', 'Please choose a valid date.'],
    ['tomorrow', 'Please choose a valid date.'],
  ])('refuses %j with %j', (input, message) => {
    const result = v.safeParse(IsoDateSchema, input);
    expect(result.success).toBe(false);
    expect(result.issues?.[0].message).toBe(message);
  });
});

describe('isCalendarDate', () => {
  test.each([
    ['2024-02-29', true],
    ['2100-02-29', false],
    ['2000-02-29', true],
    ['2026-04-31', false],
    ['2026-04-30', true],
  ])('%s is %s', (input, expected) => {
    expect(isCalendarDate(input)).toBe(expected);
  });
});

describe('todayUtc', () => {
  test.each([
    ['2026-05-10T23:59:59.999Z', '2026-05-10'],
    ['2026-05-11T00:00:00.000Z', '2026-05-11'],
    // 7 p.m. in Texas on the 10th is already the 11th in UTC.
    ['2026-05-10T19:00:00-05:00', '2026-05-11'],
  ])('at %s returns %s', (now, expected) => {
    expect(todayUtc(new Date(now))).toBe(expected);
  });

  test('defaults to the current clock', () => {
    expect(todayUtc()).toBe(new Date().toISOString().slice(0, 10));
  });
});

describe('addDaysUtc', () => {
  test.each([
    ['2026-02-28', 1, '2026-03-01'],
    ['2028-02-28', 1, '2028-02-29'],
    ['2026-12-31', 1, '2027-01-01'],
    ['2026-03-01', -1, '2026-02-28'],
    ['2026-01-01', BOOKING_WINDOW_DAYS, '2028-01-01'],
  ])('%s plus %i days is %s', (date, days, expected) => {
    expect(addDaysUtc(date, days)).toBe(expected);
  });
});

describe('addYearsUtc', () => {
  test.each([
    ['2026-05-15', INQUIRY_WINDOW_YEARS, '2029-05-15'],
    ['2026-12-31', 3, '2029-12-31'],
    ['2028-02-29', 3, '2031-02-28'],
    ['2028-02-29', 4, '2032-02-29'],
    ['2027-03-01', 1, '2028-03-01'],
    ['2026-01-31', -1, '2025-01-31'],
  ])('%s plus %i years is %s', (date, years, expected) => {
    expect(addYearsUtc(date, years)).toBe(expected);
  });

  test('keeps the month, and the day unless the month is too short', () => {
    const calendarDate = fc
      .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2999-12-31T00:00:00Z'), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10));
    fc.assert(
      fc.property(calendarDate, fc.integer({ min: -50, max: 50 }), (date, years) => {
        const shifted = addYearsUtc(date, years);
        expect(isCalendarDate(shifted)).toBe(true);
        expect(Number(shifted.slice(0, 4))).toBe(Number(date.slice(0, 4)) + years);
        expect(shifted.slice(5, 7)).toBe(date.slice(5, 7));
        if (date.slice(5) !== '02-29') expect(shifted.slice(8)).toBe(date.slice(8));
        else expect(['28', '29']).toContain(shifted.slice(8));
      }),
    );
  });
});
