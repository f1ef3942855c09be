import type { Config } from '@netlify/functions';
import * as v from 'valibot';
import { RescheduleRequestSchema } from '@shared/schemas/cancel';
import { moveByCancelLink } from '../lib/bookings/move';
import { withDatabase } from '../lib/db';
import { readJsonBody } from '../lib/http/body';
import { endpoint } from '../lib/http/endpoint';
import { reply, replyInvalid } from '../lib/http/reply';
import { replyRefusal } from '../lib/http/refusal';
import { deliverSoon } from '../lib/mail/deliver';

/**
 * POST /api/bookings/reschedule { token, date, timeSlot }: moves the booking of a client's change-or-cancel link to
 * another free date and slot (the reservation's rules), all or nothing, and sends the client (calendar update, a new
 * link) and the owner a mail: 200 { booking } at its new date and slot. Refusals: the link's (404 unknown, 409
 * already cancelled or started, 410 expired), 409 change_window_closed (the event is within the change policy's
 * window: only a phone call moves it), 409 contract_signed, 409 move_limit_reached (the client moved it the policy's
 * most times), 409 slot_taken (the booking endpoint's answer), 409 slot_started, 409 same_slot (the booking already
 * holds it: the request is well formed but conflicts with the booking's state).
 */
export default endpoint('reschedule', ['POST'], async (req, context) => {
  const body = await readJsonBody(req);
  if (!body.ok) return replyRefusal(body);
  const request = v.safeParse(RescheduleRequestSchema, body.value);
  if (!request.success) return replyInvalid(request.issues);
  const { token, date, timeSlot } = request.output;
  const result = await withDatabase(context, (db) => moveByCancelLink(db, { token, date, timeSlot, now: new Date() }));
  // A slot refusal is the booking endpoint's very answer (the same code, message and field).
  if (!result.ok) return replyRefusal(result);
  await deliverSoon(context, result.value.mailIds);
  return reply(200, { booking: result.value.booking });
});

export const config: Config = {
  path: '/api/bookings/reschedule',
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'], action: 'rate_limit' },
};
