import { describe, expect, test } from 'vitest';
import { formatLongDate } from './texas-time';
import { slotHasStarted, slotLabel, slotWindow } from './time-slots';

describe('slotLabel', () => {
  test.each([
    ['morning', 'Morning 9AM - 1PM'],
    ['afternoon', 'Afternoon 1PM - 6PM'],
    ['evening', 'Evening 6PM - 11PM'],
    ['late-night', 'late-night'],
    ['', ''],
  ])('labels %j as %j', (key, label) => {
    expect(slotLabel(key)).toBe(label);
  });
});

describe('formatLongDate', () => {
  test.each([
    ['2026-06-20', 'Saturday, June 20, 2026'],
    ['2027-01-01', 'Friday, January 1, 2027'],
  ])('writes %s as %s', (date, text) => {
    expect(formatLongDate(date)).toBe(text);
  });
});

describe('slotHasStarted', () => {
  test.each([
    // Central Standard Time (UTC-6): the morning starts at 15:00Z.
    ['2026-11-25', 'morning', '2026-11-25T14:59:59.999Z', false],
    ['2026-11-25', 'morning', '2026-11-25T15:00:00.000Z', true],
    ['2026-11-25', 'evening', '2026-11-26T00:00:00.000Z', true],
    ['2026-11-26', 'morning', '2026-11-26T05:59:00.000Z', false],
    // Summer time (UTC-5) begins on 2026-03-08 at 2 AM: that morning starts at 14:00Z, the day before at 15:00Z.
    ['2026-03-07', 'morning', '2026-03-07T14:30:00.000Z', false],
    ['2026-03-08', 'morning', '2026-03-08T14:00:00.000Z', true],
    ['2026-03-08', 'morning', '2026-03-08T13:59:59.999Z', false],
    // Summer time ends on 2026-11-01 at 2 AM: that morning starts at 15:00Z again.
    ['2026-11-01', 'morning', '2026-11-01T14:30:00.000Z', false],
    ['2026-11-01', 'morning', '2026-11-01T15:00:00.000Z', true],
    ['2026-10-31', 'afternoon', '2026-10-31T18:00:00.000Z', true],
    ['2026-10-31', 'evening', '2026-10-31T22:59:59.999Z', false],
  ] as const)('%s %s at %s → %s', (date, slot, at, started) => {
    expect(slotHasStarted(date, slot, new Date(at))).toBe(started);
  });

  test('a slot has started from the first millisecond of its window', () => {
    const { start } = slotWindow('2027-07-10', 'evening');
    expect(slotHasStarted('2027-07-10', 'evening', start)).toBe(true);
    expect(slotHasStarted('2027-07-10', 'evening', new Date(start.getTime() - 1))).toBe(false);
  });
});
