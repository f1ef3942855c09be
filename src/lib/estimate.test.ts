import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { estimatePrice } from '@shared/pricing';
import { locateTexasZip } from '@shared/texas-zips';
import { BUSINESS_PHONE, PRICES } from '@shared/prices';
import { createEstimateRequestSchema } from '@shared/schemas/estimate';
import { formatCents } from '@shared/money';
import { fillTemplate } from '@shared/template';
import { formatLongDate } from '@shared/texas-time';
import plannerJson from '@content/bar-planner.json';
import { clock } from '../../tests/fixtures';
import {
  ESTIMATE_PARAMS,
  browserPrices,
  estimateInput,
  estimateParams,
  estimateSchema,
  offeredAddOns,
  readEstimateParams,
} from './estimate';
import { balanceText, depositText, totalText } from './estimate-words';

const prices = browserPrices(PRICES);
const now = () => clock.now;
const copy = plannerJson.planner.copy.price;
const VALID = { packageId: 'wedding', serviceLevel: 'premium', guests: 120, hours: 5, zip: '78701', addOns: ['champagne-toast'] };

function priced(input: unknown) {
  const result = estimatePrice(input, { prices: PRICES, phone: BUSINESS_PHONE, now: clock.now, locate: locateTexasZip });
  if (!result.ok) throw new Error(`not priced: ${JSON.stringify(result.details)}`);
  return result.value;
}

describe('browserPrices', () => {
  test('hands the islands the price list without its sources, surcharges, travel or tax', () => {
    const json = JSON.stringify(prices);
    expect(json).not.toContain('"source"');
    expect(Object.keys(prices).sort()).toEqual(['addOns', 'bartenders', 'copy', 'deposit', 'guests', 'hours', 'packages', 'serviceLevels']);
    expect(prices.guests).toEqual({ min: PRICES.guests.min, max: PRICES.guests.max, minimumBilled: PRICES.guests.minimumBilled });
  });

  // The browser's part must judge every input as the server's whole list does.
  test.each([
    ['a valid estimate', VALID],
    ['a dated one', { ...VALID, date: clock.day(90) }],
    ['more guests than the range', { ...VALID, guests: PRICES.guests.max + 1 }],
    ['no guests', { ...VALID, guests: Number.NaN }],
    ['too many hours', { ...VALID, hours: PRICES.hours.max + 1 }],
    ['a four-digit ZIP', { ...VALID, zip: '7870' }],
    ['an add-on the package does not offer', { ...VALID, packageId: 'private', addOns: ['signature-cocktails'] }],
    ['an unknown add-on', { ...VALID, addOns: ['fireworks'] }],
    ['a past date', { ...VALID, date: clock.day(-1) }],
    ['an unknown package', { ...VALID, packageId: 'funeral' }],
  ])('judges %s as the estimate route does', (_name, input) => {
    const browser = v.safeParse(estimateSchema(prices, BUSINESS_PHONE, now), input);
    const server = v.safeParse(createEstimateRequestSchema(PRICES, BUSINESS_PHONE, now), input);
    expect(browser.success).toBe(server.success);
    expect(browser.output).toEqual(server.output);
    expect(browser.issues?.map((issue) => issue.message)).toEqual(server.issues?.map((issue) => issue.message));
  });
});

describe('estimateInput', () => {
  test('sends only the add-ons the package offers, a trimmed ZIP, and no date when blank', () => {
    const choice = { packageId: 'private' as const, serviceLevel: 'byob' as const, zip: ' 78701 ', addOns: ['signature-cocktails', 'mocktail-bar'], date: ' ' };
    expect(estimateInput(choice, 40, 4, prices)).toEqual({
      packageId: 'private',
      serviceLevel: 'byob',
      guests: 40,
      hours: 4,
      zip: '78701',
      addOns: ['mocktail-bar'],
    });
    expect(estimateInput({ ...choice, date: clock.day(30) }, 40, 4, prices).date).toBe(clock.day(30));
  });

  test('offers each package the add-ons the price list gives it', () => {
    for (const packageId of Object.keys(PRICES.packages)) {
      expect(offeredAddOns(prices, packageId).map((addOn) => addOn.id)).toEqual(
        PRICES.addOns.filter((addOn) => (addOn.packages as string[]).includes(packageId)).map((addOn) => addOn.id),
      );
    }
  });
});

describe('estimate parameters', () => {
  const read = (params: Record<string, string>) => readEstimateParams(new URLSearchParams(params), prices, BUSINESS_PHONE, now);

  test('an estimate goes to /contact and comes back as it was (its guests as the guest count)', () => {
    const request = priced({ ...VALID, addOns: ['mocktail-bar', 'champagne-toast'], date: clock.day(60) }).request;
    const params = { guestCount: String(request.guests), ...estimateParams(request) };
    expect(Object.keys(params).every((name) => name === 'guestCount' || ESTIMATE_PARAMS.includes(name))).toBe(true);
    expect(read(params)).toEqual(request);
  });

  test.each([
    ['no package', { guestCount: '50', level: 'byob', hours: '4', zip: '78701' }],
    ['a package we do not price', { package: 'funeral', guestCount: '50', level: 'byob', hours: '4', zip: '78701' }],
    ['too many guests', { package: 'wedding', guestCount: '351', level: 'byob', hours: '4', zip: '78701' }],
    ['hours written as 1e1', { package: 'wedding', guestCount: '50', level: 'byob', hours: '1e1', zip: '78701' }],
    ['no guest count', { package: 'wedding', level: 'byob', hours: '4', zip: '78701' }],
    ['script text as the ZIP', { package: 'wedding', guestCount: '50', level: 'byob', hours: '4', zip: '<script>' }],
    ['an add-on of another package', { package: 'private', guestCount: '50', level: 'byob', hours: '4', zip: '78701', addOns: 'branded-menus' }],
    ['a date in the past', { package: 'wedding', guestCount: '50', level: 'byob', hours: '4', zip: '78701', date: clock.day(-3) }],
  ])('attaches nothing for %s', (_name, params) => {
    expect(read(params)).toBeUndefined();
  });
});

describe('the estimate in words', () => {
  test('undated: half at signing, the rest 30 days before the event, and the total read out', () => {
    const { estimate } = priced(VALID);
    expect(depositText(estimate, prices, copy)).toBe(fillTemplate(copy.deposit, { percent: PRICES.deposit.percent }));
    expect(balanceText(estimate, prices, copy)).toBe(fillTemplate(copy.balanceUndated, { days: PRICES.deposit.balanceDaysBefore }));
    expect(totalText(estimate, copy)).toBe(fillTemplate(copy.announce, { total: formatCents(estimate.totalCents) }));
  });

  test('dated: the balance falls due on a day written out', () => {
    const { estimate } = priced({ ...VALID, date: clock.day(120) });
    expect(estimate.balance.dueOn).not.toBeNull();
    expect(balanceText(estimate, prices, copy)).toBe(fillTemplate(copy.balance, { date: formatLongDate(estimate.balance.dueOn!) }));
  });

  test('an event within the balance\'s days is due in full at signing', () => {
    const { estimate } = priced({ ...VALID, date: clock.day(5) });
    expect(estimate.balance.amountCents).toBe(0);
    expect(depositText(estimate, prices, copy)).toBe(fillTemplate(copy.depositAll, { days: PRICES.deposit.balanceDaysBefore }));
  });
});
