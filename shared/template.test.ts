import { describe, expect, test } from 'vitest';
import { fillTemplate } from './template';

describe('fillTemplate', () => {
  test.each<{ template: string; values: Record<string, string | number>; filled: string }>([
    { template: '{count} time slots available on {date}.', values: { count: 2, date: 'Monday' }, filled: '2 time slots available on Monday.' },
    { template: '{slot} on {date}', values: { slot: 'Morning', date: 'Monday' }, filled: 'Morning on Monday' },
    { template: 'no placeholders', values: { date: 'Monday' }, filled: 'no placeholders' },
    { template: 'keeps {unknown}', values: {}, filled: 'keeps {unknown}' },
    { template: '{date} and {date}', values: { date: 'x' }, filled: 'x and x' },
  ])('returns "$filled" for "$template"', ({ template, values, filled }) => {
    expect(fillTemplate(template, values)).toBe(filled);
  });
});
