import { describe, expect, test } from 'vitest';
import { formatTexasDateTime, formatTexasMoment, texasToday } from './texas-time';

describe('texasToday', () => {
  test.each([
    // 05:59 UTC is still the evening before in Texas (CDT, UTC-5 in summer; CST, UTC-6 in winter).
    ['2026-06-21T04:59:00Z', '2026-06-20'],
    ['2026-06-21T05:00:00Z', '2026-06-21'],
    ['2026-01-10T05:59:00Z', '2026-01-09'],
    ['2026-01-10T06:00:00Z', '2026-01-10'],
  ])('at %s returns %s', (instant, day) => {
    expect(texasToday(new Date(instant))).toBe(day);
  });
});

describe('formatTexasMoment', () => {
  test('writes an instant in Texas wall-clock time', () => {
    expect(formatTexasMoment('2026-06-20T23:05:00Z')).toBe('Jun 20, 2026, 6:05 PM');
    expect(formatTexasMoment('2026-01-10T05:30:00.000Z')).toBe('Jan 9, 2026, 11:30 PM');
  });

  test('returns an unreadable value as given', () => {
    expect(formatTexasMoment('not a time')).toBe('not a time');
  });
});

describe('formatTexasDateTime', () => {
  test.each([
    ['2026-06-20T23:05:00Z', 'Saturday, June 20, 2026, 6:05 PM'],
    // 05:30 UTC on 10 January is still the 9th in Texas (CST): the date is Texas's, not UTC's.
    ['2026-01-10T05:30:00.000Z', 'Friday, January 9, 2026, 11:30 PM'],
  ])('writes %s as "%s"', (instant, words) => {
    expect(formatTexasDateTime(new Date(instant))).toBe(words);
  });
});
