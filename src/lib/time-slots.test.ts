import { describe, expect, test } from 'vitest';
import { formatLongDate, slotLabel } from './time-slots';

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
