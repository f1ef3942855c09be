import type { Config } from '@netlify/functions';
import * as v from 'valibot';
import { isBookableDate, type Availability } from '@shared/schemas/booking';
import { IsoDateSchema } from '@shared/schemas/dates';
import { findAvailableSlots } from '../lib/bookings/reserve';
import { withDatabase } from '../lib/db';
import { endpoint } from '../lib/http/endpoint';
import { reply, replyError } from '../lib/http/reply';

/**
 * GET /api/availability/{YYYY-MM-DD}: the free slots of that date that have not started (none for past dates or beyond
 * the window).
 */
export default endpoint('availability', ['GET'], async (_req, context) => {
  // Netlify hands over the `:date` part as the URL carries it: a real date is plain ASCII, so anything
  // percent-encoded is simply invalid.
  const parsed = v.safeParse(IsoDateSchema, context.params?.date ?? '');
  if (!parsed.success) {
    const message = parsed.issues[0].message;
    return replyError(400, 'invalid_date', message, { fields: { date: message } });
  }
  const date = parsed.output;
  // One clock for the request: today (UTC) and which of today's slots have started (Texas time). The answer is never
  // cached (no-store), so a started slot is gone on the next read.
  const now = new Date();
  const availableSlots = isBookableDate(date, now)
    ? await withDatabase(context, (db) => findAvailableSlots(db, date, now))
    : [];
  return reply(200, { date, availableSlots } satisfies Availability);
});

export const config: Config = {
  path: '/api/availability/:date',
  // Generous: a visitor clicking through dates sends a few a minute; each read opens a database connection.
  rateLimit: { windowLimit: 60, windowSize: 60, aggregateBy: ['ip', 'domain'], action: 'rate_limit' },
};
