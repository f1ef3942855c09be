import type { Config } from '@netlify/functions';
import { locateTexasZip } from '@shared/texas-zips';
import { estimatePrice } from '@shared/pricing';
import { BUSINESS_PHONE, PRICES } from '@shared/prices';
import { readJsonBody } from '../lib/http/body';
import { endpoint } from '../lib/http/endpoint';
import { reply } from '../lib/http/reply';
import { replyRefusal } from '../lib/http/refusal';

/**
 * POST /api/estimate { packageId, serviceLevel, guests, hours, zip, addOns, date? }: what the event costs under the
 * price list (200 { estimate }), or why it cannot be priced: 400 invalid_fields naming each field, 400
 * outside_service_area for a ZIP code outside Texas or not known. A read: no database, nothing stored.
 */
export default endpoint('estimate', ['POST'], async (req) => {
  const body = await readJsonBody(req);
  if (!body.ok) return replyRefusal(body);
  const priced = estimatePrice(body.value, { prices: PRICES, phone: BUSINESS_PHONE, now: new Date(), locate: locateTexasZip });
  return priced.ok
    ? reply(200, { estimate: priced.value.estimate })
    : replyRefusal({ ...priced, details: { fields: priced.details } });
});

export const config: Config = {
  path: '/api/estimate',
  // As the other public reads (availability): the planner asks again each time the visitor pauses while typing.
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'], action: 'rate_limit' },
};
