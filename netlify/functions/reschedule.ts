import type { Config } from '@netlify/functions';
import * as v from 'valibot';
import { RescheduleRequestSchema, SAME_SLOT_MESSAGE } from '@shared/schemas/cancel';
import { moveByCancelLink, type MoveRefusal } from '../lib/bookings/move';
import { withDatabase } from '../lib/db';
import { readJsonBody } from '../lib/http/body';
import { replyCancelRefusal } from '../lib/http/cancel-refusal';
import { endpoint } from '../lib/http/endpoint';
import { reply, replyError, replyInvalid } from '../lib/http/reply';
import { replySlotRefusal } from '../lib/http/slot-refusal';
import { deliverSoon } from '../lib/mail/deliver';

function replyMoveRefusal(refusal: MoveRefusal): Response {
  switch (refusal) {
    // The booking endpoint's very answers: one message for a slot someone else holds, one for a slot under way.
    case 'slot_taken':
    case 'slot_started':
      return replySlotRefusal(refusal);
    case 'same_slot':
      return replyError(409, 'same_slot', SAME_SLOT_MESSAGE, { fields: { timeSlot: SAME_SLOT_MESSAGE } });
    default:
      return replyCancelRefusal(refusal);
  }
}

/**
 * POST /api/bookings/reschedule { token, date, timeSlot }: moves the booking of a client's change-or-cancel link to
 * another free date and slot (the reservation's rules), all or nothing, and sends the client (calendar update, a new
 * link) and the owner a mail: 200 { booking } at its new date and slot. Refusals: the link's (404 unknown, 409
 * already cancelled or started, 410 expired), 409 slot_taken (the booking endpoint's answer), 409 slot_started, 409
 * same_slot (the booking already holds it: the request is well formed but conflicts with the booking's state).
 */
export default endpoint('reschedule', ['POST'], async (req, context) => {
  const body = await readJsonBody(req);
  if (!body.ok) return body.response;
  const request = v.safeParse(RescheduleRequestSchema, body.value);
  if (!request.success) return replyInvalid(request.issues);
  const { token, date, timeSlot } = request.output;
  const result = await withDatabase(context, (db) => moveByCancelLink(db, { token, date, timeSlot, now: new Date() }));
  if (!result.ok) return replyMoveRefusal(result.refusal);
  await deliverSoon(context, result.mailIds);
  return reply(200, { booking: result.booking });
});

export const config: Config = {
  path: '/api/bookings/reschedule',
  rateLimit: { windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'], action: 'rate_limit' },
};
