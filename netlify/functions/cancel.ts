import type { Config } from '@netlify/functions';
import * as v from 'valibot';
import { CancelRequestSchema } from '@shared/schemas/cancel';
import { releaseByCancelLink } from '../lib/bookings/release';
import { withDatabase } from '../lib/db';
import { readJsonBody } from '../lib/http/body';
import { endpoint } from '../lib/http/endpoint';
import { reply, replyInvalid } from '../lib/http/reply';
import { replyRefusal } from '../lib/http/refusal';
import { deliverSoon } from '../lib/mail/deliver';

/**
 * POST /api/cancel { token }: releases the booking of a client's cancel link once, frees the slot and sends the
 * cancellation e-mails (200 { booking }), or says why it cannot (404 unknown, 409 already cancelled or started, 410
 * expired, 409 change_window_closed: the event is within the change policy's window, only a phone call cancels it).
 * The page looks the booking up first with POST /api/portal/lookup. Any other method, the old
 * `GET /api/cancel?token=` included, is a 405 that looks nothing up: a token must never travel in a URL.
 */
export default endpoint('cancel', ['POST'], async (req, context) => {
  const body = await readJsonBody(req);
  if (!body.ok) return replyRefusal(body);
  const request = v.safeParse(CancelRequestSchema, body.value);
  if (!request.success) return replyInvalid(request.issues);
  const result = await withDatabase(context, (db) => releaseByCancelLink(db, request.output.token, new Date()));
  if (!result.ok) return replyRefusal(result);
  await deliverSoon(context, result.value.mailIds);
  return reply(200, { booking: result.value.booking });
});

export const config: Config = {
  path: '/api/cancel',
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'], action: 'rate_limit' },
};
