import type { Config } from '@netlify/functions';
import * as v from 'valibot';
import { BookingRangeSchema, OwnerBookingRequestSchema } from '@shared/schemas/owner';
import { bookForOwner } from '../lib/bookings/owner';
import { listBookingsForDesk } from '../lib/desk/bookings';
import { readJsonBody } from '../lib/http/body';
import { queryParams } from '../lib/http/query';
import { reply, replyError, replyInvalid } from '../lib/http/reply';
import { replyRefusal } from '../lib/http/refusal';
import { answerOnce, idempotentRequest, readIdempotencyKey } from '../lib/idempotency';
import { deliverSoon } from '../lib/mail/deliver';
import { ownerEndpoint } from '../lib/owner/endpoint';

/**
 * GET /api/admin/bookings?from=&to=: every reservation and block in the range (at most two years), with its state, and a
 * reservation with a signed contract with its money (paid and still owed).
 * POST /api/admin/bookings (Idempotency-Key required): the owner's booking for a client who called, without hold
 * limits; the client gets the confirmation with their link, the owner no notification. 201 { booking }, 409
 * slot_taken / slot_started; a retry with the same key replays the first answer.
 */
export default ownerEndpoint('admin-bookings', {
  GET: async (req, { db }) => {
    const range = v.safeParse(BookingRangeSchema, queryParams(req));
    if (!range.success) return replyInvalid(range.issues);
    return reply(200, { bookings: await listBookingsForDesk(db, range.output) });
  },
  POST: async (req, { db, now, ip, background, session }) => {
    const key = readIdempotencyKey(req);
    if (!key.ok) return replyRefusal(key);
    if (key.value === undefined) {
      return replyError(400, 'invalid_idempotency_key', 'Please send an Idempotency-Key header with the booking.');
    }
    const body = await readJsonBody(req);
    if (!body.ok) return replyRefusal(body);
    const booking = v.safeParse(OwnerBookingRequestSchema, body.value);
    if (!booking.success) return replyInvalid(booking.issues);
    let mailIds: readonly string[] = [];
    const request = idempotentRequest(req, 'admin_bookings', key.value, body.value, ip, now);
    const response = await answerOnce(db, request, async (tx) => {
      const made = await bookForOwner(tx, booking.output, { username: session.user.username, now });
      if (!made.ok) return replyRefusal(made);
      mailIds = made.value.mailIds;
      return reply(201, { booking: made.value.booking });
    });
    await deliverSoon(background, mailIds);
    return response;
  },
});

export const config: Config = { path: '/api/admin/bookings' };
