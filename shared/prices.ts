// Default imports only: Netlify's function bundler takes no named import of a JSON module.
import pricesJson from '@content/prices.json' with { type: 'json' };
import settings from '@content/settings.json' with { type: 'json' };
import { checkPriceList } from './schemas/price-list';

/** The price list of content/prices.json, checked (the build checks it too: src/content.config.ts). */
export const PRICES = checkPriceList(pricesJson.prices);

/** The number "call us" names: the site's phone (content/settings.json). */
export const BUSINESS_PHONE = settings.site.phone;
