import type { Config } from '@netlify/functions';
import { SECRET_TOKEN_PATTERN } from '@shared/schemas/secret-token';
import { withDatabase } from '../lib/db';
import { endpoint } from '../lib/http/endpoint';
import { replyCalendar, replyError } from '../lib/http/reply';
import { calendarFeedFor } from '../lib/desk/calendar-feed';

/**
 * GET /api/calendar/{token}.ics: the owner's bookings as a subscribed calendar (text/calendar). Calendar apps send no
 * cookie, so the unguessable token in the address is the key; an unknown, rotated, revoked or malformed token is the
 * same bare 404. The token never reaches a log line: the wrapper logs the endpoint's name, not the path.
 */
export default endpoint('calendar-feed', ['GET'], async (req, context) => {
  const token = context.params?.token ?? '';
  const ics = SECRET_TOKEN_PATTERN.test(token)
    ? await withDatabase(context, (db) => calendarFeedFor(db, token, new Date()))
    : undefined;
  return ics === undefined ? replyError(404, 'not_found', 'Not found.') : replyCalendar(ics, 'bookings.ics');
});

export const config: Config = {
  path: '/api/calendar/:token.ics',
  rateLimit: { windowLimit: 30, windowSize: 60, aggregateBy: ['ip', 'domain'], action: 'rate_limit' },
};
