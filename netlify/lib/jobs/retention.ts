import { BUSINESS_TIME_ZONE } from '@shared/texas-time';
import { MAX_REMINDER_DAYS } from '../bookings/reminders';
import type { Queryable } from '../db';
import { IDLE_TIMEOUT_MS } from '../owner/sessions';
import { inTransaction } from '../transaction';

/** Inquiries, bookings (by event date, Texas time) and audit entries are kept 24 months (the audit table's trigger holds the same figure). */
export const RECORDS_KEPT_MONTHS = 24;
/** Sent e-mails (they hold the client's data) are kept 30 days after they went out. */
export const SENT_MAIL_KEPT_DAYS = 30;
/** E-mails that failed for good are kept 30 days after their last try, so the owner sees them on the desk's mail view first. */
export const FAILED_MAIL_KEPT_DAYS = 30;
/** Messages held back by the mailbox cap (never sent) are kept 30 days after they were written, for the desk's note. */
export const HELD_MAIL_KEPT_DAYS = 30;
/** Cancel links are kept 24 hours after they expire or are spent, so a client who opens one again that day reads why it no longer works. */
export const CANCEL_TOKEN_KEPT_HOURS = 24;
/**
 * A queued reminder's mark (booking_reminders) is kept until its event is surely over: a reminder goes at most
 * MAX_REMINDER_DAYS before the start, so a day later than that nothing can be due for it again.
 */
export const REMINDER_MARKS_KEPT_DAYS = MAX_REMINDER_DAYS + 1;
/** A sign-in throttle row is kept 24 hours after its last failure (its longest wait is long over by then). */
export const THROTTLE_KEPT_HOURS = 24;

/** One delete rule: the rows of `table` matching `where` as of the run's clock ($1); `params` fill $2 … */
export type RetentionRule = {
  /** The count's name in the run's report and log line. */
  readonly name: string;
  readonly table: string;
  readonly where: string;
  readonly params: readonly unknown[];
};

/**
 * What the site deletes and when, one rule per kind of row. Cutoffs that a table's own logic judges by the
 * database's clock (idempotency keys, the audit trigger) never run ahead of it: least($1, now()).
 */
export const RETENTION_RULES = [
  // A key's window (IDEMPOTENCY_WINDOW_HOURS) is stamped in expires_at when it is claimed.
  { name: 'idempotencyKeys', table: 'idempotency_keys', where: 'expires_at <= least($1::timestamptz, now())', params: [] },
  // A client's budget (netlify/lib/throttle.ts) counts within its window only; its row is useless once the window ends.
  { name: 'clientThrottles', table: 'client_throttle', where: 'window_end <= $1::timestamptz', params: [] },
  // ABSOLUTE_LIFETIME_MS is stamped in expires_at at sign-in; IDLE_TIMEOUT_MS counts from the last request.
  {
    name: 'sessions',
    table: 'sessions',
    where: 'expires_at <= $1::timestamptz OR last_seen_at <= $1::timestamptz - make_interval(secs => $2)',
    params: [IDLE_TIMEOUT_MS / 1000],
  },
  // DEVICE_LIFETIME_MS is stamped in expires_at when the device cookie is set; past it the cookie proves nothing.
  { name: 'ownerDevices', table: 'owner_devices', where: 'expires_at <= $1::timestamptz', params: [] },
  {
    name: 'signInThrottles',
    table: 'sign_in_throttle',
    where: 'last_failure_at < $1::timestamptz - make_interval(hours => $2)',
    params: [THROTTLE_KEPT_HOURS],
  },
  {
    name: 'cancelTokens',
    table: 'booking_cancel_tokens',
    where: 'least(expires_at, used_at) < $1::timestamptz - make_interval(hours => $2)',
    params: [CANCEL_TOKEN_KEPT_HOURS],
  },
  {
    name: 'reminderMarks',
    table: 'booking_reminders',
    where: 'queued_at < $1::timestamptz - make_interval(days => $2)',
    params: [REMINDER_MARKS_KEPT_DAYS],
  },
  {
    name: 'sentMail',
    table: 'outbox',
    where: "status = 'sent' AND sent_at < $1::timestamptz - make_interval(days => $2)",
    params: [SENT_MAIL_KEPT_DAYS],
  },
  // A failed message's next_attempt_at is the time of its last try (recordDelivery).
  {
    name: 'failedMail',
    table: 'outbox',
    where: "status = 'failed' AND next_attempt_at < $1::timestamptz - make_interval(days => $2)",
    params: [FAILED_MAIL_KEPT_DAYS],
  },
  {
    name: 'heldMail',
    table: 'outbox',
    where: "status = 'held' AND created_at < $1::timestamptz - make_interval(days => $2)",
    params: [HELD_MAIL_KEPT_DAYS],
  },
  {
    name: 'inquiries',
    table: 'contact_inquiries',
    where: 'created_at < $1::timestamptz - make_interval(months => $2)',
    params: [RECORDS_KEPT_MONTHS],
  },
  {
    name: 'bookings',
    table: 'bookings',
    where: "date < to_char(($1::timestamptz AT TIME ZONE $3)::date - make_interval(months => $2), 'YYYY-MM-DD')",
    params: [RECORDS_KEPT_MONTHS, BUSINESS_TIME_ZONE],
  },
  // The audit table's trigger refuses to delete a younger row, judged by the database's clock.
  {
    name: 'auditEntries',
    table: 'audit_log',
    where: 'at < least($1::timestamptz, now()) - make_interval(months => $2)',
    params: [RECORDS_KEPT_MONTHS],
  },
] as const satisfies readonly RetentionRule[];

/** How many rows one retention run deleted, per rule. */
export type RetentionReport = Record<(typeof RETENTION_RULES)[number]['name'], number>;

/**
 * Applies every rule of RETENTION_RULES as of `now`, each in its own short transaction, and answers counts only.
 * Safe when two runs overlap: a delete is idempotent, so a row either run removes is simply not found by the other.
 */
export async function applyRetention(db: Queryable, now: Date): Promise<RetentionReport> {
  const report: Record<string, number> = {};
  for (const rule of RETENTION_RULES as readonly RetentionRule[]) {
    report[rule.name] = await inTransaction(db, async (tx) => {
      const { rows } = await tx.query<{ n: number }>(
        `WITH gone AS (DELETE FROM ${rule.table} WHERE ${rule.where} RETURNING 1) SELECT count(*)::int AS n FROM gone`,
        [now, ...rule.params],
      );
      return Number(rows[0]?.n ?? 0);
    });
  }
  return report as RetentionReport;
}
