/**
 * The one pricing function: what an event costs under the price list (content/prices.json), as lines that explain
 * themselves, a total, and the deposit and balance with their due dates. Pure: the clock and the ZIP lookup are
 * arguments. The estimate route, an inquiry's estimate, the planner's price and the /services page all call it.
 */
import * as v from 'valibot';
import { fieldErrors, type FieldErrors } from './schemas/api-error';
import { addDaysUtc, daysBetweenUtc } from './schemas/dates';
import { createEstimateRequestSchema, type EstimateRequest } from './schemas/estimate';
import type { PriceList } from './schemas/price-list';
import { straightMiles, type Point } from './places';
import { done, refused, type Result } from './result';
import { bartendersFor } from './staffing';
import { fillTemplate } from './template';
import { texasToday } from './texas-time';

/** One line of an estimate: what it is, how many, at what, for how much (cents). */
export type EstimateLine = { id: string; label: string; quantity: number; unitCents: number; amountCents: number };

/** An event's price. The lines add up to the subtotal; subtotal and tax to the total; deposit and balance to it too. */
export type Estimate = {
  lines: EstimateLine[];
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  /** Due when the contract is signed: `dueOn` is today's date in Texas (the day an estimate signed now would be). */
  deposit: { amountCents: number; dueOn: string };
  /** Due `balanceDaysBefore` days before the event; null without a date, or when the deposit is the whole price. */
  balance: { amountCents: number; dueOn: string | null };
  /** One-way road miles to the venue from the nearest area (straight line × the road factor), and that area. */
  travel: { miles: number; from: string };
  /** Bartenders on duty: one per `guestsPer` guests, never fewer than the minimum (the planner counts the same). */
  bartenders: number;
};

/** An estimate with the checked inputs it was worked out from (what an inquiry stores). */
export type PricedRequest = { request: EstimateRequest; estimate: Estimate };

/** Why there is no estimate: a field out of range, or a ZIP code we do not serve. Details: field → message. */
export type EstimateRefusal = 'invalid_fields' | 'outside_service_area';

/** What pricing depends on besides the inputs. */
export type PricingContext = {
  prices: PriceList;
  /** The business's phone, for "call us" above the largest party priced. */
  phone: string;
  now: Date;
  /** A ZIP code's place, or undefined outside Texas (`locateTexasZip`). */
  locate: (zip: string) => Point | undefined;
};


/** `amount` × `percent` / 100, rounded half up to a whole cent (integers only: no float drift). */
export function percentOf(amount: number, percent: number): number {
  return Math.floor((amount * percent + 50) / 100);
}

/** The nearest area of the price list to `point`, and the one-way road miles from it (whole miles, rounded). */
export function nearestArea(point: Point, prices: PriceList, locate: PricingContext['locate']): { from: string; miles: number } {
  let best: { from: string; straight: number } | undefined;
  for (const [from, zip] of Object.entries(prices.travel.areas)) {
    const area = locate(zip);
    if (!area) throw new Error(`content/prices.json: the ZIP code of ${from} (${zip}) is not a Texas ZIP code`);
    const straight = straightMiles(area, point);
    if (!best || straight < best.straight) best = { from, straight };
  }
  return { from: best!.from, miles: Math.round(best!.straight * prices.travel.roadFactor) };
}

/**
 * The estimate of a checked request for a venue `travel` miles from its nearest area, on `today` (Texas). Every
 * amount is whole cents; every rounding happens once, on a line or on the tax, so the lines add up to the total.
 */
export function priceRequest(
  request: EstimateRequest,
  travel: Estimate['travel'],
  prices: PriceList,
  today: string,
): Estimate {
  const { copy } = prices;
  const pack = prices.packages[request.packageId];
  const level = prices.serviceLevels[request.serviceLevel].short;
  const billed = Math.max(request.guests, prices.guests.minimumBilled);
  const bartenders = bartendersFor(request.guests, prices.bartenders);
  const included = prices.hours.included;
  // Each line with the part of it the tax applies to.
  const priced: (EstimateLine & { taxableCents: number })[] = [];
  const add = (id: string, label: string, quantity: number, unitCents: number, taxable: boolean) =>
    priced.push({ id, label, quantity, unitCents, amountCents: quantity * unitCents, taxableCents: taxable ? quantity * unitCents : 0 });

  const packageWords = { package: pack.label, level, hours: included, guests: request.guests, billed };
  add(
    'package',
    fillTemplate(billed > request.guests ? copy.packageMinimum : copy.package, packageWords),
    billed,
    pack.perGuestCents[request.serviceLevel],
    true,
  );
  const extraHours = Math.max(0, request.hours - included);
  if (extraHours > 0) {
    const label = fillTemplate(extraHours === 1 ? copy.extraHour : copy.extraHours, { hours: extraHours, bartenders });
    add('extra-hours', label, extraHours * bartenders, pack.extraHourCents, true);
  }
  for (const addOn of prices.addOns.filter((candidate) => request.addOns.includes(candidate.id))) {
    if (addOn.unit === 'flat') add(addOn.id, addOn.label, 1, addOn.priceCents, addOn.taxable);
    if (addOn.unit === 'perGuest') {
      add(addOn.id, fillTemplate(copy.perGuestAddOn, { label: addOn.label, guests: request.guests }), request.guests, addOn.priceCents, addOn.taxable);
    }
    if (addOn.unit === 'perHour') {
      add(addOn.id, fillTemplate(copy.perHourAddOn, { label: addOn.label, hours: request.hours }), request.hours, addOn.priceCents, addOn.taxable);
    }
  }
  // A surcharge is a share of the bar and its extras (not of the travel), in its own line.
  const service = priced.reduce((sum, line) => sum + line.amountCents, 0);
  const taxableService = priced.reduce((sum, line) => sum + line.taxableCents, 0);
  for (const surcharge of prices.surcharges) {
    if (request.date === undefined || !surcharge.dates.includes(request.date)) continue;
    const amount = percentOf(service, surcharge.percent);
    const label = fillTemplate(copy.surcharge, { label: surcharge.label, percent: surcharge.percent });
    // Taxed as the lines it is a share of: the same share of their taxable part.
    const taxableCents = Math.min(amount, percentOf(taxableService, surcharge.percent));
    priced.push({ id: surcharge.id, label, quantity: 1, unitCents: amount, amountCents: amount, taxableCents });
  }
  const billedMiles = Math.max(0, travel.miles - prices.travel.freeMiles);
  add(
    'travel',
    fillTemplate(copy.travel, { miles: travel.miles, area: travel.from, free: prices.travel.freeMiles }),
    billedMiles,
    prices.travel.perMileCents,
    prices.travel.taxable,
  );

  const subtotalCents = priced.reduce((sum, line) => sum + line.amountCents, 0);
  const taxable = priced.reduce((sum, line) => sum + line.taxableCents, 0);
  const taxCents = Math.floor((taxable * prices.tax.rateBasisPoints + 5_000) / 10_000);
  const totalCents = subtotalCents + taxCents;
  const { percent, balanceDaysBefore } = prices.deposit;
  const allAtSigning = request.date !== undefined && daysBetweenUtc(today, request.date) < balanceDaysBefore;
  const depositCents = allAtSigning ? totalCents : percentOf(totalCents, percent);
  const balanceCents = totalCents - depositCents;
  return {
    lines: priced.map(({ taxableCents: _taxable, ...line }) => line),
    subtotalCents,
    taxCents,
    totalCents,
    deposit: { amountCents: depositCents, dueOn: today },
    balance: {
      amountCents: balanceCents,
      dueOn: balanceCents > 0 && request.date !== undefined ? addDaysUtc(request.date, -balanceDaysBefore) : null,
    },
    travel,
    bartenders,
  };
}

/**
 * Checks `input` (what a page or a client sent) and prices it: the estimate with the checked request, or a refusal
 * value (invalid_fields with a message per field; outside_service_area for a ZIP code outside Texas or not known).
 */
export function estimatePrice(input: unknown, context: PricingContext): Result<PricedRequest, EstimateRefusal, FieldErrors> {
  const { prices, phone, now, locate } = context;
  const parsed = v.safeParse(createEstimateRequestSchema(prices, phone, () => now), input);
  if (!parsed.success) return refused('invalid_fields', fieldErrors(parsed.issues));
  const request = parsed.output;
  const place = locate(request.zip);
  if (!place) return refused('outside_service_area', { zip: prices.copy.outsideServiceArea });
  const travel = nearestArea(place, prices, locate);
  return done({ request, estimate: priceRequest(request, travel, prices, texasToday(now)) });
}
