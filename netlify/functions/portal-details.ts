import type { Config } from '@netlify/functions';
import * as v from 'valibot';
import { DetailsRequestSchema } from '@shared/schemas/event-details';
import { withDatabase } from '../lib/db';
import { readJsonBody } from '../lib/http/body';
import { endpoint } from '../lib/http/endpoint';
import { reply, replyInvalid } from '../lib/http/reply';
import { replyRefusal } from '../lib/http/refusal';
import { saveDetailsByLink } from '../lib/portal/details';

/**
 * POST /api/portal/details { token, guestCount, adultGuests, barStart, barEnd, cocktails, venueNotes, onSiteContact,
 * onSitePhone }: the client's final details as they stand (every field may be empty), saved as they type: 200
 * { details }. 400 invalid_fields naming the field (the shared schema's, then the bar's hours against the booked
 * slot); 409 details_not_open before the contract is signed, details_closed after the due day (saying whom to call);
 * the link's own refusals as the other portal routes.
 */
export default endpoint('portal-details', ['POST'], async (req, context) => {
  const body = await readJsonBody(req);
  if (!body.ok) return replyRefusal(body);
  const request = v.safeParse(DetailsRequestSchema, body.value);
  if (!request.success) return replyInvalid(request.issues);
  const saved = await withDatabase(context, (db) => saveDetailsByLink(db, { ...request.output, now: new Date() }));
  return saved.ok ? reply(200, saved.value) : replyRefusal(saved);
});

// A save goes about a second after the client stops typing: more often than a signature, so a larger budget.
export const config: Config = {
  path: '/api/portal/details',
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'], action: 'rate_limit' },
};
