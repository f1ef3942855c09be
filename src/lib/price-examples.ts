// Build time only: this module reads the table of Texas ZIP codes (shared/texas-zips.ts), so import it from .astro
// pages, never from islands.
import { estimatePrice, priceRequest, type Estimate, type PricedRequest } from '@shared/pricing';
import { locateTexasZip } from '@shared/texas-zips';
import { PACKAGE_IDS, type PackageId, type PriceList } from '@shared/schemas/price-list';
import { texasToday } from '@shared/texas-time';

/**
 * Each package's starting price: the smallest party billed (the minimum billed guests), BYOB, the hours the price
 * includes, at a venue in one of our areas (no travel), worked out by the one pricing function.
 */
export function startingPrices(prices: PriceList, now: Date): Record<PackageId, Estimate> {
  const [from, zip] = Object.entries(prices.travel.areas)[0]!;
  const entries = PACKAGE_IDS.map((packageId) => {
    const request = {
      packageId,
      serviceLevel: 'byob' as const,
      guests: prices.guests.minimumBilled,
      hours: prices.hours.included,
      zip,
      addOns: [],
    };
    return [packageId, priceRequest(request, { miles: 0, from }, prices, texasToday(now))] as const;
  });
  return Object.fromEntries(entries) as Record<PackageId, Estimate>;
}

/** The planner's worked example priced as the server prices it (the ZIP looked up here, at build time). */
export function priceExample(input: unknown, prices: PriceList, phone: string, now: Date): PricedRequest {
  const priced = estimatePrice(input, { prices, phone, now, locate: locateTexasZip });
  if (!priced.ok) throw new Error(`content/bar-planner.json: the example has no price: ${JSON.stringify(priced.details)}`);
  return priced.value;
}
