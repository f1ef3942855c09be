import type { Config } from '@netlify/functions';
import * as v from 'valibot';
import { isBookableDate, type Availability } from '../../src/schemas/booking';
import { IsoDateSchema } from '../../src/schemas/dates';
import { findAvailableSlots } from '../lib/bookings';
import { withDatabase } from '../lib/db';
import { endpoint, reply, replyError } from '../lib/http';

/** GET /api/availability/{YYYY-MM-DD}: the free slots of that date (none for past dates or beyond the window). */
export default endpoint('availability', ['GET'], async (req, context) => {
  // The raw last path segment: a real date is plain ASCII, so anything percent-encoded is simply invalid.
  const segment = new URL(req.url).pathname.split('/').pop() ?? '';
  const parsed = v.safeParse(IsoDateSchema, segment);
  if (!parsed.success) {
    const message = parsed.issues[0].message;
    return replyError(400, 'invalid_date', message, { fields: { date: message } });
  }
  const date = parsed.output;
  const availableSlots = isBookableDate(date)
    ? await withDatabase(context, (db) => findAvailableSlots(db, date))
    : [];
  return reply(200, { date, availableSlots } satisfies Availability);
});

export const config: Config = {
  path: '/api/availability/:date',
};
