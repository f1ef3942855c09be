import type { Config } from '@netlify/functions';
import * as v from 'valibot';
import { BookingSchema } from '../../src/schemas/booking';
import { isHoneypotFilled } from '../../src/schemas/honeypot';
import { reserveSlot } from '../lib/bookings';
import { withDatabase } from '../lib/db';
import { decoyBooking } from '../lib/honeypot';
import { endpoint, readJsonBody, reply, replyError, replyInvalid } from '../lib/http';

/** POST /api/bookings: reserves a time slot, answers 201 { booking } or 409 when someone else holds it. */
export default endpoint('bookings', ['POST'], async (req, context) => {
  const body = await readJsonBody(req);
  if (!body.ok) return body.response;
  const booking = v.safeParse(BookingSchema, body.value);
  if (!booking.success) return replyInvalid(booking.issues);
  if (isHoneypotFilled(booking.output)) return reply(201, { booking: decoyBooking(booking.output) });
  const result = await withDatabase(context, (db) => reserveSlot(db, booking.output));
  if (!result.reserved) {
    return replyError(409, 'slot_taken', 'Sorry, that time slot was just booked. Please pick another.', {
      fields: { timeSlot: 'Sorry, that time slot was just booked. Please pick another.' },
    });
  }
  return reply(201, { booking: result.booking });
});

export const config: Config = {
  path: '/api/bookings',
  rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'], action: 'rate_limit' },
};
