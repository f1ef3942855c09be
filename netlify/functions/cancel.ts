import type { Config } from '@netlify/functions';
import * as v from 'valibot';
import { CANCEL_REFUSALS, CancelRequestSchema, type CancelRefusal } from '../../src/schemas/cancel';
import { findBookingByCancelToken, releaseByCancelLink } from '../lib/bookings/cancel-links';
import { withDatabase } from '../lib/db';
import { readJsonBody } from '../lib/http/body';
import { endpoint } from '../lib/http/endpoint';
import { reply, replyError, replyInvalid } from '../lib/http/reply';
import { deliverSoon } from '../lib/mail/deliver';

function refuse(refusal: CancelRefusal): Response {
  const { status, message } = CANCEL_REFUSALS[refusal];
  return replyError(status, refusal, message);
}

/**
 * GET /api/cancel?token=…: the booking a client's cancel link belongs to (200 { booking }), or why it cannot be
 * cancelled (404 unknown, 409 already cancelled or started, 410 expired).
 * POST /api/cancel { token }: releases it once, frees the slot and sends the cancellation e-mails (200 { booking }).
 */
export default endpoint('cancel', ['GET', 'POST'], async (req, context) => {
  if (req.method === 'GET') {
    const query = v.safeParse(CancelRequestSchema, { token: new URL(req.url).searchParams.get('token') ?? undefined });
    if (!query.success) return replyInvalid(query.issues);
    const found = await withDatabase(context, (db) => findBookingByCancelToken(db, query.output.token, new Date()));
    return found.ok ? reply(200, { booking: found.booking }) : refuse(found.refusal);
  }
  const body = await readJsonBody(req);
  if (!body.ok) return body.response;
  const request = v.safeParse(CancelRequestSchema, body.value);
  if (!request.success) return replyInvalid(request.issues);
  const result = await withDatabase(context, (db) => releaseByCancelLink(db, request.output.token, new Date()));
  if (!result.ok) return refuse(result.refusal);
  await deliverSoon(context, result.mailIds);
  return reply(200, { booking: result.booking });
});

export const config: Config = {
  path: '/api/cancel',
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'], action: 'rate_limit' },
};
