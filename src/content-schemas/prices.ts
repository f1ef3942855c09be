import { z } from 'astro/zod';
import settings from '@content/settings.json' with { type: 'json' };
import { locateTexasZip } from '@shared/texas-zips';
import { checkPriceList, type PriceList } from '@shared/schemas/price-list';

/**
 * content/prices.json (one entry, `prices`): checked by the price list's own schema (shared/schemas/price-list.ts,
 * the one the server runs), and against the rest of the site: one area per primary area of content/settings.json,
 * each at a Texas ZIP code.
 */
export const pricesSchema = z.unknown().transform((json, context): PriceList => {
  try {
    const prices = checkPriceList(json);
    const areas = Object.keys(prices.travel.areas);
    const missing = settings.site.primaryAreas.filter((area) => !areas.includes(area));
    if (missing.length > 0) throw new Error(`travel.areas: give the ZIP code of ${missing.join(', ')}`);
    for (const [area, zip] of Object.entries(prices.travel.areas)) {
      if (!locateTexasZip(zip)) throw new Error(`travel.areas.${area}: ${zip} is not a Texas ZIP code`);
    }
    return prices;
  } catch (error) {
    context.addIssue({ code: 'custom', message: (error as Error).message });
    return z.NEVER;
  }
});
