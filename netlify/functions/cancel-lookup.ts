import type { Config } from '@netlify/functions';
import * as v from 'valibot';
import { CancelRequestSchema } from '@shared/schemas/cancel';
import { findBookingByCancelToken } from '../lib/bookings/cancel-links';
import { withDatabase } from '../lib/db';
import { readJsonBody } from '../lib/http/body';
import { endpoint } from '../lib/http/endpoint';
import { reply, replyInvalid } from '../lib/http/reply';
import { replyRefusal } from '../lib/http/refusal';

/**
 * POST /api/cancel/lookup { token }: the booking a client's cancel link belongs to (200 { booking }), or why it cannot
 * be cancelled (404 unknown, 409 already cancelled or started, 410 expired). Changes nothing. The token travels in the
 * body, never in a URL: URLs end up in request logs, proxies' logs and the browser's history.
 */
export default endpoint('cancel-lookup', ['POST'], async (req, context) => {
  const body = await readJsonBody(req);
  if (!body.ok) return replyRefusal(body);
  const request = v.safeParse(CancelRequestSchema, body.value);
  if (!request.success) return replyInvalid(request.issues);
  const found = await withDatabase(context, (db) => findBookingByCancelToken(db, request.output.token, new Date()));
  return found.ok ? reply(200, { booking: found.value.booking }) : replyRefusal(found);
});

export const config: Config = {
  path: '/api/cancel/lookup',
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'], action: 'rate_limit' },
};
