import type { Queryable } from '../db';

/** What the audit log records. */
export type AuditAction =
  | 'sign_in'
  | 'sign_in_failed'
  | 'sign_out'
  | 'password_set'
  | 'booking_cancelled'
  | 'booking_moved'
  | 'block_created'
  | 'block_lifted'
  | 'inquiries_exported'
  | 'inquiry_status_changed'
  | 'mail_retried'
  | 'calendar_feed_created'
  | 'calendar_feed_rotated'
  | 'calendar_feed_revoked'
  | 'booking_made_by_owner'
  | 'booking_link_sent'
  | 'tentative_hold_released'
  | 'proposal_sent'
  | 'proposal_viewed'
  | 'proposal_signed'
  | 'proposal_countersigned'
  | 'proposal_withdrawn'
  | 'proposal_replaced'
  | 'proposal_expired'
  | 'payment_recorded'
  | 'payment_voided'
  | 'payments_exported';

/** One audit entry: who (a username, or null when nobody known), what, on what, with counts or ids only. */
export type AuditEntry = {
  actor: string | null;
  action: AuditAction;
  target?: string;
  detail?: Record<string, string | number | boolean | null>;
};

/** Appends one entry to the audit log (the table refuses edits; rows leave only with retention). */
export async function recordAudit(db: Queryable, entry: AuditEntry): Promise<void> {
  // `at` is the database's own clock: the application cannot date an entry.
  await db.query('INSERT INTO audit_log (actor, action, target, detail) VALUES ($1, $2, $3, $4)', [
    entry.actor,
    entry.action,
    entry.target ?? null,
    JSON.stringify(entry.detail ?? {}),
  ]);
}
