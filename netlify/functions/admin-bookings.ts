import type { Config } from '@netlify/functions';
import * as v from 'valibot';
import { BookingRangeSchema } from '@shared/schemas/owner';
import { queryParams } from '../lib/http/query';
import { reply, replyInvalid } from '../lib/http/reply';
import { listBookings } from '../lib/bookings/read';
import { ownerEndpoint } from '../lib/owner/endpoint';

/** GET /api/admin/bookings?from=&to=: every reservation and block in the range (at most two years), with its state. */
export default ownerEndpoint('admin-bookings', {
  GET: async (req, { db }) => {
    const range = v.safeParse(BookingRangeSchema, queryParams(req));
    if (!range.success) return replyInvalid(range.issues);
    return reply(200, { bookings: await listBookings(db, range.output) });
  },
});

export const config: Config = { path: '/api/admin/bookings' };
