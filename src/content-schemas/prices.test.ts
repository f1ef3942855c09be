import { describe, expect, test } from 'vitest';
import pricesJson from '@content/prices.json' with { type: 'json' };

const { prices } = pricesJson;
import { pricesSchema } from './prices';

function problemsOf(json: unknown): string {
  const result = pricesSchema.safeParse(json);
  return result.success ? '' : result.error.issues.map((issue) => issue.message).join('; ');
}

describe('the price list’s build-time check', () => {
  test('takes content/prices.json', () => {
    expect(problemsOf(prices)).toBe('');
  });

  test.each([
    ['a price in dollars and cents', { ...prices, packages: { ...prices.packages, wedding: { ...prices.packages.wedding, extraHourCents: 75.5 } } }, 'packages.wedding.extraHourCents'],
    ['a primary area without its ZIP code', { ...prices, travel: { ...prices.travel, areas: { Austin: '78701' } } }, 'give the ZIP code of Dallas, Houston, San Antonio'],
    ['an area at an Oklahoma ZIP code', { ...prices, travel: { ...prices.travel, areas: { ...prices.travel.areas, Dallas: '74101' } } }, '74101 is not a Texas ZIP code'],
    ['a misspelt placeholder', { ...prices, copy: { ...prices.copy, travel: 'Travel: {mile} miles' } }, 'copy.travel'],
    ['an add-on for an unknown package', { ...prices, addOns: [{ ...prices.addOns[0], packages: ['rodeo'] }] }, 'addOns.0.packages.0'],
    ['a minimum above the largest party', { ...prices, guests: { ...prices.guests, minimumBilled: 400 } }, 'min ≤ minimumBilled ≤ max'],
    ['a holiday written as a US date', { ...prices, surcharges: [{ ...prices.surcharges[0], dates: ['12/25/2026'] }] }, 'write dates as YYYY-MM-DD'],
  ])('refuses %s', (_name, json, problem) => {
    expect(problemsOf(json)).toContain(problem);
  });
});
