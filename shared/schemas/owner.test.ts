import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { daysBetweenUtc } from './dates';
import { BookingRangeSchema, InquirySearchSchema, parseInquiryCursor } from './owner';

const ID = '0b9d6a52-3f0e-4f7a-9d55-2f1c3e4a5b6c';
const base64url = (text: string) => btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

describe('parseInquiryCursor', () => {
  test.each([
    ['a cursor the server writes', `2026-06-20T23:05:00.123456Z|${ID}`, { at: '2026-06-20T23:05:00.123456Z', id: ID }],
    ['the first instant Postgres takes', `0001-01-01T00:00:00.000000Z|${ID}`, { at: '0001-01-01T00:00:00.000000Z', id: ID }],
    ['year 0000', `0000-01-01T00:00:00.000000Z|${ID}`, undefined],
    ['month 13, day 45, 99:99:99', `2026-13-45T99:99:99.000000Z|${ID}`, undefined],
    ['30 February', `2027-02-30T00:00:00.000000Z|${ID}`, undefined],
    ['hour 24', `2026-06-20T24:00:00.000000Z|${ID}`, undefined],
    ['minute 60', `2026-06-20T23:60:00.000000Z|${ID}`, undefined],
    ['a leap second', `2026-06-30T23:59:60.000000Z|${ID}`, undefined],
    ['milliseconds only', `2026-06-20T23:05:00.123Z|${ID}`, undefined],
    ['an id that is not a uuid', '2026-06-20T23:05:00.123456Z|not-a-uuid', undefined],
    ['a NUL after the id', `2026-06-20T23:05:00.123456Z|${ID}\u0000`, undefined],
  ])('%s', (_label, text, expected) => {
    expect(parseInquiryCursor(base64url(text))).toEqual(expected);
  });

  test.each([
    ['not base64url', 'a+b/c='],
    ['one character too many (4n+1)', `${base64url(`2026-06-20T23:05:00.123456Z|${ID}`)}A`],
    ['empty', ''],
    ['longer than 200', 'A'.repeat(204)],
  ])('refuses a cursor that is %s', (_label, cursor) => {
    expect(parseInquiryCursor(cursor)).toBeUndefined();
  });

  test('refuses another spelling of the same bytes (stray trailing bits)', () => {
    const cursor = base64url(`2026-06-20T23:05:00.123456Z|${ID}`);
    const last = cursor.at(-1)!;
    const sibling = `${cursor.slice(0, -1)}${last === 'A' ? 'B' : String.fromCharCode(last.charCodeAt(0) + 1)}`;
    expect(atob(sibling.replace(/-/g, '+').replace(/_/g, '/'))).toBe(atob(cursor.replace(/-/g, '+').replace(/_/g, '/')));
    expect(parseInquiryCursor(sibling)).toBeUndefined();
  });
});

describe('InquirySearchSchema', () => {
  test.each([
    ['a name', { q: '  Ann Lee ' }, true],
    ['emoji and accents', { q: 'Zoë 🍹' }, true],
    ['200 characters', { q: 'x'.repeat(200) }, true],
    ['201 characters', { q: 'x'.repeat(201) }, false],
    ['a NUL', { q: 'Ann\u0000' }, false],
    ['a tab', { q: 'Ann\tLee' }, false],
    ['DEL', { q: 'Ann\u007f' }, false],
    ['a C1 control', { q: 'Ann\u0085' }, false],
    ['a lone surrogate', { q: 'Ann\ud800' }, false],
    ['no term', {}, false],
    ['a number', { q: 5 }, false],
  ])('%s: accepted %s', (_label, input, accepted) => {
    expect(v.safeParse(InquirySearchSchema, input).success).toBe(accepted);
  });
});

describe('BookingRangeSchema', () => {
  test.each([
    ["a broken `from` beside a real `to` (once a RangeError)", { from: "2027-01-01'--", to: '2027-02-01' }, ['from']],
    ['an end before the start', { from: '2027-02-01', to: '2027-01-01' }, ['to']],
    ['732 days', { from: '2027-01-01', to: '2029-01-02' }, ['to']],
    ['the last month of the calendar', { from: '9999-12-01', to: '9999-12-31' }, []],
    ['a date given twice', { from: ['2027-01-01', '2027-01-02'], to: '2027-02-01' }, ['from']],
  ])('%s', (_label, input, refused) => {
    const result = v.safeParse(BookingRangeSchema, input);
    expect([...new Set((result.issues ?? []).map((issue) => issue.path?.[0]?.key))]).toEqual(refused);
  });
});

test('daysBetweenUtc counts calendar days, also where addDaysUtc leaves YYYY-MM-DD', () => {
  expect(daysBetweenUtc('2027-01-01', '2029-01-01')).toBe(731);
  expect(daysBetweenUtc('9999-12-01', '9999-12-31')).toBe(30);
  expect(daysBetweenUtc('2027-02-01', '2027-01-01')).toBe(-31);
});
