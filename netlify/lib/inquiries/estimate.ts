import { locateTexasZip } from '@shared/texas-zips';
import { BUSINESS_PHONE, PRICES } from '@shared/prices';
import { estimatePrice, type EstimateRefusal, type PricedRequest } from '@shared/pricing';
import type { FieldErrors } from '@shared/schemas/api-error';
import { done, refused, type Result } from '@shared/result';

/** Why an inquiry's estimate was refused, as the reply says it: `fields.estimate`. */
export type EstimateWords = { fields: FieldErrors };

/** The words of an estimate whose inputs are out of range: what was wrong with it, in the schema's own messages. */
export function invalidEstimateMessage(fields: FieldErrors): string {
  const reasons = Object.values(fields);
  // Not an object at all: no field to name.
  if (reasons.length === 0) reasons.push('Please send its package, service level, guests, hours and ZIP code.');
  return `We could not price the estimate sent with the inquiry. ${reasons.join(' ')}`;
}

/**
 * Prices the estimate an inquiry carries (its inputs only: a total or lines sent with them are never read) under
 * today's price list, as POST /api/estimate does: the checked inputs with the server's figures, undefined when the
 * inquiry has none (absent or null), or a refusal whose words name the `estimate` field. An estimate without a date
 * is priced for the inquiry's event date (`eventDate`), so its surcharges and due dates are the event's.
 */
export function priceInquiryEstimate(
  input: unknown,
  eventDate: string,
  now: Date,
): Result<PricedRequest | undefined, EstimateRefusal, EstimateWords> {
  if (input === undefined || input === null) return done(undefined);
  const dated = typeof input === 'object' && !Array.isArray(input) && !('date' in input) ? { ...input, date: eventDate } : input;
  const priced = estimatePrice(dated, { prices: PRICES, phone: BUSINESS_PHONE, now, locate: locateTexasZip });
  if (priced.ok) return done(priced.value);
  const estimate = priced.code === 'outside_service_area' ? PRICES.copy.outsideServiceArea : invalidEstimateMessage(priced.details);
  return refused(priced.code, { fields: { estimate } });
}
