import type { Config } from '@netlify/functions';
import * as v from 'valibot';
import { BookingSchema } from '@shared/schemas/booking';
import { todayUtc } from '@shared/schemas/dates';
import { isHoneypotFilled } from '@shared/schemas/honeypot';
import { HOLD_LIMIT_MESSAGE, TOO_MANY_HOLDS_MESSAGE } from '@shared/schemas/holds';
import { queueBookingMails, reserveSlot, type ReserveResult } from '../lib/bookings/reserve';
import { withDatabase } from '../lib/db';
import { undoneAfter } from '../lib/honeypot';
import { readJsonBody } from '../lib/http/body';
import { endpoint } from '../lib/http/endpoint';
import { noteInLog } from '../lib/http/log';
import { reply, replyError, replyInvalid } from '../lib/http/reply';
import { replySlotRefusal } from '../lib/http/slot-refusal';
import { answerOnce, idempotentRequest, readIdempotencyKey } from '../lib/idempotency';
import { deliverSoon } from '../lib/mail/deliver';

function replyReservation(result: ReserveResult): Response {
  switch (result.outcome) {
    case 'reserved':
      return reply(201, { booking: result.booking });
    case 'slot_taken':
    case 'slot_started':
      return replySlotRefusal(result.outcome);
    case 'hold_limit_reached':
      return replyError(422, 'hold_limit_reached', HOLD_LIMIT_MESSAGE, { fields: { clientEmail: HOLD_LIMIT_MESSAGE } });
    case 'too_many_holds':
      return replyError(429, 'too_many_holds', TOO_MANY_HOLDS_MESSAGE);
  }
}

/**
 * POST /api/bookings: reserves a time slot and sends the confirmation (calendar file, cancel link) and the owner's
 * notification; answers 201 { booking }, 409 when someone else holds it or it has started (Texas time), 422 when the
 * mailbox already holds its
 * limit of future dates, 429 when the client's IP has made its daily budget of new holds. An Idempotency-Key makes a
 * retry replay the first answer.
 */
export default endpoint('bookings', ['POST'], async (req, context) => {
  const key = readIdempotencyKey(req);
  if (!key.ok) return key.response;
  const body = await readJsonBody(req);
  if (!body.ok) return body.response;
  const booking = v.safeParse(BookingSchema, body.value);
  if (!booking.success) return replyInvalid(booking.issues);
  const now = new Date();
  const today = todayUtc(now);
  const isBot = isHoneypotFilled(booking.output);
  // The confirmation (with its cancel token) and the owner's notification are written in the booking's transaction;
  // after the commit they are sent without holding up the answer.
  let mailIds: readonly string[] = [];
  const response = await withDatabase(context, (db) =>
    answerOnce(db, idempotentRequest(req, 'bookings', key.key, body.value, context.ip, now), async (tx) => {
      const reserve = async () => {
        const result = await reserveSlot(tx, booking.output, today, { ip: context.ip, now });
        const ids = result.outcome === 'reserved' ? await queueBookingMails(tx, result.booking) : [];
        return { result, ids };
      };
      // A bot's reservation is made and undone: it gets a person's answer, and no slot, hold or mail stays.
      const { result, ids } = isBot ? await undoneAfter(tx, reserve) : await reserve();
      if (!isBot) mailIds = ids;
      return replyReservation(result);
    }),
  );
  await deliverSoon(context, mailIds);
  return isBot ? noteInLog(response, { honeypot: true }) : response;
});

export const config: Config = {
  path: '/api/bookings',
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'], action: 'rate_limit' },
};
