import * as v from 'valibot';
import { INQUIRY_WINDOW_YEARS, addYearsUtc, isCalendarDate, todayUtc } from './dates';
import { formObject } from './fields';
import { PACKAGE_IDS, SERVICE_LEVELS, type PackageId } from './price-list';
import { fillTemplate } from '../template';

/**
 * The part of the price list an estimate's inputs are judged by: the ranges, which packages offer which add-on, and
 * the call-us sentence. The whole list fits; so does the part an island receives (src/lib/estimate.ts).
 */
export type EstimateRules = {
  guests: { min: number; max: number };
  hours: { min: number; max: number };
  addOns: readonly { id: string; packages: readonly PackageId[] }[];
  copy: { tooManyGuests: string };
};

/** The most add-ons one estimate may name (the price list has a handful; more is not a visitor). */
const MAX_ADD_ONS = 20;

/**
 * A guest count as a number, in the price list's range; above it, the sentence says to call (`phone`). The estimate,
 * the inquiry, the booking and the planner all count guests with it.
 */
export function guestsRule(prices: Pick<EstimateRules, 'guests' | 'copy'>, phone: string) {
  const { min, max } = prices.guests;
  return v.pipe(
    v.number('Please enter the number of guests.'),
    v.integer('Please enter the number of guests as a whole number.'),
    v.minValue(min, min === 1 ? 'Please enter at least 1 guest.' : `Please enter at least ${min} guests.`),
    v.maxValue(max, fillTemplate(prices.copy.tooManyGuests, { max, phone })),
  );
}

/** Hours of bar service as a number, in the price list's range. */
export function hoursRule(prices: Pick<EstimateRules, 'hours'>) {
  const { min, max } = prices.hours;
  const message = `Please enter a whole number of hours from ${min} to ${max}.`;
  return v.pipe(v.number(message), v.integer(message), v.minValue(min, message), v.maxValue(max, message));
}

/**
 * What an estimate is asked for (POST /api/estimate, the planner, an inquiry's `estimate`): package, service level,
 * guests, hours, the venue's ZIP code, add-on ids the package offers, and the event date when known (today or later,
 * judged by `now()` in UTC as the inquiry's date is, within INQUIRY_WINDOW_YEARS).
 */
export function createEstimateRequestSchema(prices: EstimateRules, phone: string, now: () => Date = () => new Date()) {
  const addOnIds = prices.addOns.map((addOn) => addOn.id);
  return v.pipe(
    formObject(
      {
        packageId: v.picklist(PACKAGE_IDS, 'Please choose a package.'),
        serviceLevel: v.picklist(SERVICE_LEVELS, 'Please choose who supplies the alcohol.'),
        guests: guestsRule(prices, phone),
        hours: hoursRule(prices),
        zip: v.pipe(
          v.string('Please enter the venue’s ZIP code.'),
          v.trim(),
          v.nonEmpty('Please enter the venue’s ZIP code.'),
          v.regex(/^\d{5}$/, 'Please enter a 5-digit ZIP code.'),
        ),
        addOns: v.optional(
          v.pipe(
            v.array(v.picklist(addOnIds, 'Please choose add-ons from our list.'), 'Please send the add-ons as a list.'),
            v.maxLength(MAX_ADD_ONS, 'Please choose add-ons from our list.'),
            // Named twice is asked once.
            v.transform((ids) => addOnIds.filter((id) => ids.includes(id))),
          ),
          [],
        ),
        date: v.optional(
          v.pipe(
            v.string('Please choose a valid event date.'),
            v.trim(),
            v.check(isCalendarDate, 'Please choose a valid event date.'),
            v.check((date) => date >= todayUtc(now()), 'Please choose an event date of today or later.'),
            v.check(
              (date) => date <= addYearsUtc(todayUtc(now()), INQUIRY_WINDOW_YEARS),
              `Please choose an event date within the next ${INQUIRY_WINDOW_YEARS} years.`,
            ),
          ),
        ),
      },
      'Please send the estimate’s fields.',
    ),
    v.forward(
      v.partialCheck(
        [['packageId'], ['addOns']],
        ({ packageId, addOns }) =>
          addOns.every((id) => prices.addOns.some((addOn) => addOn.id === id && addOn.packages.includes(packageId))),
        'Please choose add-ons this package offers.',
      ),
      ['addOns'],
    ),
  );
}

/** An estimate's inputs as sent. */
export type EstimateRequestInput = v.InferInput<ReturnType<typeof createEstimateRequestSchema>>;
/** An estimate's inputs, checked: the add-ons in the price list's order, each once. */
export type EstimateRequest = v.InferOutput<ReturnType<typeof createEstimateRequestSchema>>;
