import type { Config } from '@netlify/functions';
import * as v from 'valibot';
import { BookingSchema } from '@shared/schemas/booking';
import { todayUtc } from '@shared/schemas/dates';
import { isHoneypotFilled } from '@shared/schemas/honeypot';
import { reserveWithinBudget } from '../lib/bookings/reserve';
import { withDatabase } from '../lib/db';
import { undoneAfter } from '../lib/honeypot';
import { readJsonBody } from '../lib/http/body';
import { endpoint } from '../lib/http/endpoint';
import { noteInLog } from '../lib/http/log';
import { reply, replyInvalid } from '../lib/http/reply';
import { replyRefusal } from '../lib/http/refusal';
import { answerOnce, idempotentRequest, readIdempotencyKey } from '../lib/idempotency';
import { deliverSoon } from '../lib/mail/deliver';

/**
 * POST /api/bookings: reserves a time slot and sends the confirmation (calendar file, cancel link) and the owner's
 * notification; answers 201 { booking }, 409 when someone else holds it or it has started (Texas time), 422 when the
 * mailbox already holds its
 * limit of future dates, 429 when the client's IP has made its daily budget of new holds. An Idempotency-Key makes a
 * retry replay the first answer.
 */
export default endpoint('bookings', ['POST'], async (req, context) => {
  const key = readIdempotencyKey(req);
  if (!key.ok) return replyRefusal(key);
  const body = await readJsonBody(req);
  if (!body.ok) return replyRefusal(body);
  const booking = v.safeParse(BookingSchema, body.value);
  if (!booking.success) return replyInvalid(booking.issues);
  const now = new Date();
  const today = todayUtc(now);
  const isBot = isHoneypotFilled(booking.output);
  // The confirmation (with its cancel token) and the owner's notification are written in the booking's transaction;
  // after the commit they are sent without holding up the answer.
  let mailIds: readonly string[] = [];
  const response = await withDatabase(context, (db) =>
    answerOnce(db, idempotentRequest(req, 'bookings', key.value, body.value, context.ip, now), async (tx) => {
      const reserve = () => reserveWithinBudget(tx, booking.output, today, { ip: context.ip, now });
      // A bot's reservation is made and undone: it gets a person's answer, and no slot, hold or mail stays.
      const result = isBot ? await undoneAfter(tx, reserve) : await reserve();
      if (!result.ok) return replyRefusal(result);
      if (!isBot) mailIds = result.value.mailIds;
      return reply(201, { booking: result.value.booking });
    }),
  );
  await deliverSoon(context, mailIds);
  return isBot ? noteInLog(response, { honeypot: true }) : response;
});

export const config: Config = {
  path: '/api/bookings',
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'], action: 'rate_limit' },
};
