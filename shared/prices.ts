import { prices as pricesJson } from '@content/prices.json' with { type: 'json' };
import { site } from '@content/settings.json' with { type: 'json' };
import { checkPriceList } from './schemas/price-list';

/** The price list of content/prices.json, checked (the build checks it too: src/content.config.ts). */
export const PRICES = checkPriceList(pricesJson);

/** The number "call us" names: the site's phone (content/settings.json). */
export const BUSINESS_PHONE = site.phone;
