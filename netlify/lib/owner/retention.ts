import { BUSINESS_TIME_ZONE } from '../../../src/lib/time-slots';
import type { Queryable } from '../db';
import { IDLE_TIMEOUT_MS } from './sessions';

/** How many rows one retention run deleted, per kind. */
export type RetentionReport = {
  inquiries: number;
  bookings: number;
  sessions: number;
  throttles: number;
  auditEntries: number;
};

/** How long inquiries, bookings and audit entries are kept: the README's promise. */
export const RETENTION = '24 months';

async function count(db: Queryable, sql: string, params: readonly unknown[]): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`WITH gone AS (${sql} RETURNING 1) SELECT count(*)::int AS n FROM gone`, params);
  return rows[0]?.n ?? 0;
}

/**
 * Deletes what the site no longer needs as of `now`: inquiries received more than 24 months ago, bookings whose
 * event date (Texas time) is more than 24 months past, sessions that have expired (absolute or idle), throttle rows
 * without a failure for a day, and audit entries older than 24 months. Answers counts only.
 */
export async function applyRetention(db: Queryable, now: Date): Promise<RetentionReport> {
  return {
    inquiries: await count(db, `DELETE FROM contact_inquiries WHERE created_at < $1::timestamptz - interval '${RETENTION}'`, [
      now,
    ]),
    bookings: await count(
      db,
      `DELETE FROM bookings
       WHERE date < to_char(($1::timestamptz AT TIME ZONE $2)::date - interval '${RETENTION}', 'YYYY-MM-DD')`,
      [now, BUSINESS_TIME_ZONE],
    ),
    sessions: await count(
      db,
      `DELETE FROM sessions WHERE expires_at <= $1::timestamptz OR last_seen_at <= $2::timestamptz`,
      [now, new Date(now.getTime() - IDLE_TIMEOUT_MS)],
    ),
    throttles: await count(db, `DELETE FROM sign_in_throttle WHERE last_failure_at < $1::timestamptz - interval '1 day'`, [
      now,
    ]),
    // The audit log's trigger judges age by the database's clock, so the cutoff never runs ahead of it.
    auditEntries: await count(
      db,
      `DELETE FROM audit_log WHERE at < least($1::timestamptz, now()) - interval '${RETENTION}'`,
      [now],
    ),
  };
}
