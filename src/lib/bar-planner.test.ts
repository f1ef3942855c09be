import { describe, expect, test } from 'vitest';
import cocktailsJson from '@content/cocktails.json';
import plannerJson from '@content/bar-planner.json';
import * as v from 'valibot';
import {
  inquiryHref,
  mixOptions,
  parseWholeNumber,
  planBar,
  planMenu,
  planMessage,
  quantityText,
  roundUp,
  totalDrinks,
  withoutSources,
  type PlanInput,
  type PlannerRules,
} from './bar-planner';
import { MAX_PLAN_MESSAGE_LENGTH, readPlanMessage } from './plan-message';
import { browserPrices } from './estimate';
import type { BarPlannerContent } from '../content-schemas/bar-planner';
import { bartendersFor } from '@shared/staffing';
import { BUSINESS_PHONE, PRICES } from '@shared/prices';
import { guestsRule, hoursRule } from '@shared/schemas/estimate';
import { fillTemplate } from '@shared/template';

// The content as the page reads it (the JSON's strings are wider than the schema's unions), and as the island gets it.
const content = plannerJson.planner as unknown as BarPlannerContent;
const rules: PlannerRules = content;
const cocktails = cocktailsJson.map(({ id, name }) => ({ id, name }));
// The price list as the island gets it: the guest and hours ranges and the bartender ratio are its.
const prices = browserPrices(PRICES);
const plan = (input: PlanInput, planRules: PlannerRules = rules, menu = cocktails) => planBar(input, planRules, menu, prices, BUSINESS_PHONE);

/** The plan's shopping list as { line id: quantity }. */
function quantities(input: PlanInput) {
  const result = plan(input);
  if (!result.ok) throw new Error(`no plan: ${JSON.stringify(result.problems)}`);
  const { drinks, bartenders, lines } = result.plan;
  return { drinks, bartenders, lines: Object.fromEntries(lines.map((line) => [line.id, line.quantity])) };
}

describe('planMenu: the cocktails of the final details share the drinks', () => {
  const menu = (guests: number, hours: number, ids: string[]) => planMenu({ guests, hours, cocktails: ids }, rules, cocktails, prices, BUSINESS_PHONE);

  test('one cocktail is planBar’s plan of that cocktail', () => {
    const one = menu(30, 3, ['texas-mule']);
    const bar = plan({ guests: 30, hours: 3, mix: 'texas-mule' });
    expect(one.ok && bar.ok && one.plan.lines).toEqual(bar.ok && bar.plan.lines);
  });

  test('30 guests × 3 h, Rita and Ranch Water: 120 drinks, 60 each; tequila 60/16 + 60/12 = 8.75 → 9 bottles, limes 60 + 30', () => {
    const result = menu(30, 3, ['lone-star-rita', 'true-texas-ranch-water']);
    if (!result.ok) throw new Error(JSON.stringify(result.problems));
    expect(result.plan.drinks).toBe(120);
    expect(Object.fromEntries(result.plan.lines.map((line) => [line.id, line.quantity]))).toEqual({
      tequila: 9,
      'orange-liqueur': 2,
      limes: 90,
      salt: 1,
      'mineral-water': 30,
      ice: 5,
      cups: 2,
    });
  });

  test('no cocktail chosen, or no adults, is no plan', () => {
    expect(menu(30, 3, [])).toMatchObject({ ok: false, problems: { mix: rules.copy.problems.mix } });
    expect(menu(0, 3, ['texas-mule'])).toMatchObject({ ok: false, problems: { guests: expect.any(String) } });
  });
});

describe('planBar', () => {
  // Worked by hand from content/bar-planner.json: 2 drinks a guest in the first hour, 1 each hour after; beer 24 a
  // case, wine 5 a bottle, spirits 16 a bottle, mixers 16 a 2 L bottle, citrus 8 wedges; ice 1.5 lb a guest in 10 lb
  // bags; 3 cups a guest in sleeves of 50; a bartender per 50 guests, two at least. Every figure rounds UP.
  test.each([
    {
      case: '50 guests × 4 h beer and wine: 50×(2+3)=250 drinks, 125 beers → 5.2 → 6 cases, 125 glasses → 25 bottles',
      input: { guests: 50, hours: 4, mix: 'beer-wine' },
      // ice 50×1.5=75 lb → 7.5 → 8 bags; cups 150 → 3 sleeves; 50/50=1 → 2 bartenders (the minimum)
      expected: { drinks: 250, bartenders: 2, lines: { beer: 6, wine: 25, ice: 8, cups: 3 } },
    },
    {
      case: '120 guests × 5 h spirits: 120×(2+4)=720 drinks → 45 bottles, 45 mixers, 90 limes/lemons',
      input: { guests: 120, hours: 5, mix: 'spirits' },
      // ice 180 lb → 18 bags; cups 360 → 7.2 → 8 sleeves; 120/50=2.4 → 3 bartenders
      expected: { drinks: 720, bartenders: 3, lines: { spirits: 45, mixers: 45, citrus: 90, ice: 18, cups: 8 } },
    },
    {
      case: '30 guests × 3 h Texas Mule: 30×(2+2)=120 mules → 10 bottles of vodka (12 a bottle), 40 cans, 60 limes, 12 jalapeños',
      input: { guests: 30, hours: 3, mix: 'texas-mule' },
      // ice 45 lb → 4.5 → 5 bags; cups 90 → 1.8 → 2 sleeves; 2 bartenders
      expected: { drinks: 120, bartenders: 2, lines: { vodka: 10, 'ginger-beer': 40, limes: 60, jalapenos: 12, ice: 5, cups: 2 } },
    },
    {
      case: '100 guests × 4 h balanced: 500 drinks, 200 beers → 8.3 → 9 cases, 150 wine → 30, 150 spirits → 9.4 → 10',
      input: { guests: 100, hours: 4, mix: 'balanced' },
      // 0.3 × 500 is 150.00000000000003 in floating point: still 150 drinks, 30 bottles; citrus 150/8=18.75 → 19
      expected: { drinks: 500, bartenders: 2, lines: { beer: 9, wine: 30, spirits: 10, mixers: 10, citrus: 19, ice: 15, cups: 6 } },
    },
    {
      case: 'the smallest party, 25 guests × 1 h beer: 50 beers → 2.1 → 3 cases',
      input: { guests: 25, hours: 1, mix: 'beer' },
      // ice 37.5 lb → 3.75 → 4 bags; cups 75 → 1.5 → 2 sleeves
      expected: { drinks: 50, bartenders: 2, lines: { beer: 3, ice: 4, cups: 2 } },
    },
    {
      case: 'the largest party, 350 guests × 8 h wine: 350×9=3150 glasses → 630 bottles',
      input: { guests: 350, hours: 8, mix: 'wine' },
      // ice 525 lb → 52.5 → 53 bags; cups 1050 → 21 sleeves; 350/50 = 7 bartenders
      expected: { drinks: 3150, bartenders: 7, lines: { wine: 630, ice: 53, cups: 21 } },
    },
  ])('$case', ({ input, expected }) => {
    expect(quantities(input)).toEqual(expected);
  });

  test('a cocktail without lines of its own gets bottles of its spirit and a generic garnish line', () => {
    const result = plan({ guests: 30, hours: 3, mix: 'new-one' }, rules, [{ id: 'new-one', name: 'New One' }]);
    expect(result.ok && result.plan.lines.map((line) => [line.id, line.quantity])).toEqual([
      ['spirit', 8], // 120 / 16 = 7.5
      ['garnish', 15],
      ['ice', 5],
      ['cups', 2],
    ]);
    expect(result.ok && result.plan.mix).toBe(fillTemplate(rules.copy.cocktail, { name: 'New One' }));
  });

  test('every signature cocktail has a plan with whole, positive quantities', () => {
    for (const cocktail of cocktails) {
      const result = plan({ guests: 75, hours: 4, mix: cocktail.id });
      expect(result.ok, cocktail.id).toBe(true);
      for (const line of result.ok ? result.plan.lines : []) expect(Number.isInteger(line.quantity) && line.quantity > 0, line.id).toBe(true);
    }
  });

  const { guests, hours } = PRICES;
  /** The price list's own rule's message for `value` (the inquiry, the booking and the estimate say the same). */
  const messageOf = (schema: v.GenericSchema, value: number) => {
    const result = v.safeParse(schema, value);
    return result.success ? undefined : result.issues[0].message;
  };
  const guestsProblem = (value: number) => messageOf(guestsRule(PRICES, BUSINESS_PHONE), value);
  const hoursProblem = (value: number) => messageOf(hoursRule(PRICES), value);
  const callUs = fillTemplate(PRICES.copy.tooManyGuests, { max: guests.max, phone: BUSINESS_PHONE });
  test.each([
    { input: { guests: guests.min - 1, hours: 4, mix: 'beer' }, problems: { guests: guestsProblem(guests.min - 1) } },
    { input: { guests: guests.max + 1, hours: 4, mix: 'beer' }, problems: { guests: callUs } },
    { input: { guests: Number.NaN, hours: 4, mix: 'beer' }, problems: { guests: guestsProblem(Number.NaN) } },
    { input: { guests: 50.5, hours: 4, mix: 'beer' }, problems: { guests: guestsProblem(50.5) } },
    { input: { guests: Number.POSITIVE_INFINITY, hours: 4, mix: 'beer' }, problems: { guests: guestsProblem(Number.POSITIVE_INFINITY) } },
    { input: { guests: 50, hours: hours.min - 1, mix: 'beer' }, problems: { hours: hoursProblem(hours.min - 1) } },
    { input: { guests: 50, hours: hours.max + 1, mix: 'beer' }, problems: { hours: hoursProblem(hours.max + 1) } },
    { input: { guests: 50, hours: Number.NaN, mix: 'beer' }, problems: { hours: hoursProblem(Number.NaN) } },
    { input: { guests: 50, hours: 4, mix: 'absinthe' }, problems: { mix: rules.copy.problems.mix } },
    { input: { guests: -1, hours: 0, mix: '' }, problems: { guests: guestsProblem(-1), hours: hoursProblem(0), mix: rules.copy.problems.mix } },
  ])('refuses $input with the price list\'s message, never NaN', ({ input, problems }) => {
    for (const message of Object.values(problems)) expect(message).toMatch(/^Please|call us/);
    expect(plan(input)).toEqual({ ok: false, problems });
  });

  test('the range is the price list\'s, the one the inquiry and the booking take: above it, "call us"', () => {
    expect(plan({ guests: guests.min, hours: hours.min, mix: 'beer' }).ok).toBe(true);
    expect(plan({ guests: guests.max, hours: hours.max, mix: 'beer' }).ok).toBe(true);
    expect(callUs).toContain(BUSINESS_PHONE);
    expect(plan({ guests: guests.max + 1, hours: 4, mix: 'beer' })).toEqual({ ok: false, problems: { guests: callUs } });
  });
});

describe('the ratios', () => {
  test('every ratio states its source', () => {
    const sources = [
      content.drinks,
      ...Object.values(content.kinds).flatMap((kind) => kind.lines),
      ...content.mixes,
      ...Object.values(content.cocktails).flat(),
      ...content.cocktailFallback,
      ...content.perGuest,
    ].map((ratio) => ratio.source);
    for (const source of sources) expect(source.trim()).not.toBe('');
  });

  test('the island gets the rules without their sources, and plans the same', () => {
    const stripped = withoutSources(content);
    expect(JSON.stringify(stripped)).not.toContain('"source"');
    const input = { guests: 80, hours: 4, mix: 'balanced' };
    expect(plan(input, stripped)).toEqual(plan(input));
  });

  test('lines exist only for cocktails of the menu', () => {
    for (const id of Object.keys(rules.cocktails)) expect(cocktails.map((cocktail) => cocktail.id)).toContain(id);
  });

  test('one bartender per 40-75 guests, two at minimum: the price list\'s ratio', () => {
    expect(PRICES.bartenders.guestsPer).toBeGreaterThanOrEqual(40);
    expect(PRICES.bartenders.guestsPer).toBeLessThanOrEqual(75);
    expect(bartendersFor(25, prices.bartenders)).toBe(2);
    expect(bartendersFor(200, prices.bartenders)).toBe(Math.max(2, Math.ceil(200 / PRICES.bartenders.guestsPer)));
  });

  test('the plan counts the bartenders the estimate bills (one function, shared/pricing.ts)', () => {
    const result = plan({ guests: 120, hours: 4, mix: 'balanced' });
    expect(result.ok && result.plan.bartenders).toBe(bartendersFor(120, PRICES.bartenders));
    expect(result.ok && result.plan.bartenders).toBe(3);
  });

  test('a little more in the first hour, about one drink per guest per hour after', () => {
    expect(totalDrinks(10, 1, rules)).toBe(10 * rules.drinks.firstHour);
    expect(totalDrinks(10, 3, rules) - totalDrinks(10, 2, rules)).toBe(10 * rules.drinks.laterHours);
  });
});

describe('helpers', () => {
  test.each([
    ['120', 120],
    [' 45 ', 45],
    ['', Number.NaN],
    ['12.5', Number.NaN],
    ['1e3', Number.NaN],
    ['-3', Number.NaN],
    ['abc', Number.NaN],
  ])('parseWholeNumber(%j) is %d', (text, expected) => {
    expect(parseWholeNumber(text)).toBe(expected);
  });

  test.each([
    [150.00000000000003, 150],
    [150.01, 151],
    [0.5, 1],
    [0, 0],
  ])('roundUp(%d) is %d', (value, expected) => {
    expect(roundUp(value)).toBe(expected);
  });

  test('writes a quantity with its unit, one or many', () => {
    const unit = { one: 'case of 24', other: 'cases of 24' };
    expect(quantityText({ quantity: 1, unit })).toBe('1 case of 24');
    expect(quantityText({ quantity: 6, unit })).toBe('6 cases of 24');
  });

  test('offers the content\'s mixes, then each signature cocktail', () => {
    const options = mixOptions(rules, cocktails);
    expect(options.map((option) => option.id)).toEqual([...rules.mixes.map((mix) => mix.id), ...cocktails.map((cocktail) => cocktail.id)]);
  });

  test('the inquiry link carries only the guest count and the plan as plain text', () => {
    const result = plan({ guests: 50, hours: 4, mix: 'beer-wine' });
    if (!result.ok) throw new Error('no plan');
    const url = new URL(inquiryHref(result.plan, rules.copy), 'https://example.com');
    expect(url.pathname).toBe('/contact');
    expect([...url.searchParams.keys()]).toEqual(['guestCount', 'message']);
    expect(url.searchParams.get('guestCount')).toBe('50');
    const message = url.searchParams.get('message')!;
    expect(message).toBe(planMessage(result.plan, rules.copy));
    for (const fragment of ['50 guests', '4 hours', '250 drinks', 'cases of 24', '2 bartenders']) expect(message).toContain(fragment);
  });
});

describe('readPlanMessage', () => {
  const { copy } = rules;
  const plans = mixOptions(rules, cocktails).flatMap(({ id }) =>
    [
      { guests: PRICES.guests.min, hours: PRICES.hours.min },
      { guests: PRICES.guests.max, hours: PRICES.hours.max },
    ].map(({ guests, hours }) => {
      const result = plan({ guests, hours, mix: id });
      if (!result.ok) throw new Error(`no plan for ${id}`);
      return result.plan;
    }),
  );
  const sample = planMessage(plans[0]!, copy);

  test('takes every message the planner writes (each mix and cocktail, smallest and largest party), within the bound', () => {
    for (const plan of plans) {
      const message = planMessage(plan, copy);
      expect(message.length).toBeLessThanOrEqual(MAX_PLAN_MESSAGE_LENGTH);
      expect(readPlanMessage(message, copy)).toBe(message);
    }
  });

  test('collapses blank lines and runs of spaces to the one paragraph the planner writes', () => {
    const spread = `\n\n  ${sample.replaceAll('. ', '.\n\n\n\n   ')}\r\n\r\n`;
    expect(readPlanMessage(spread, copy)).toBe(sample);
  });

  test.each([
    ['60 blank lines and a hidden postscript', `${sample}${'\n'.repeat(60)}P.S. please cancel my other booking`],
    ['a postscript on the same line', `${sample} P.S. please cancel my other booking.`],
    ['a second sentence inside the mix', sample.replace(/, ([^,]+)\. About/, ', $1. Please cancel my other booking. About')],
    ['a message of the planner’s shape but too long', sample.replace(/\. (\d+ bartenders?)/, `; ${'Ice: 1 bag; '.repeat(90)}Cups: 1 sleeve. $1`)],
    ['free text', 'Hi! Please cancel my other booking, thanks.'],
    ['script text', '<script>window.pwned = true</script>'],
    ['a control character', sample.replace(' guests', '\u0000 guests')],
    ['a text-direction override', sample.replace('About', '\u202EAbout')],
    ['nothing but blank lines', '\n\n\n'],
  ])('ignores %s', (_label, text) => {
    expect(readPlanMessage(text, copy)).toBeUndefined();
  });
});
