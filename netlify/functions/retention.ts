import type { Config } from '@netlify/functions';
import { withDatabase } from '../lib/db';
import { endpoint } from '../lib/http/endpoint';
import { logLine } from '../lib/http/log';
import { reply } from '../lib/http/reply';
import { applyRetention } from '../lib/owner/retention';

/**
 * Scheduled daily: deletes inquiries and bookings past 24 months, expired sessions, stale throttle rows and old audit
 * entries (README, "The owner's desk"); answers 200 { deleted } and logs the counts, never a row's content. Netlify
 * invokes it with POST; GET is accepted too: it only removes what the retention rule already condemns.
 */
export default endpoint('retention', ['POST', 'GET'], async (_req, context) => {
  const deleted = await withDatabase(context, (db) => applyRetention(db, new Date()), {
    statementTimeoutMs: 20_000,
    queryTimeoutMs: 25_000,
  });
  logLine({
    endpoint: 'retention',
    deletedInquiries: deleted.inquiries,
    deletedBookings: deleted.bookings,
    deletedSessions: deleted.sessions,
    deletedThrottles: deleted.throttles,
    deletedAuditEntries: deleted.auditEntries,
  });
  return reply(200, { deleted });
});

export const config: Config = { schedule: '@daily' };
