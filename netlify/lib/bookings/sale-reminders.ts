import type { Queryable } from '../db';

// The booking's side of the sale's scheduled reminders (the balance's, the final details'): the row that makes each
// one go exactly once (migration 014's sale_reminders). The rules that find what is due are the jobs'.

/** What a sale reminder reminds of. */
export type SaleReminderKind = 'balance' | 'details';

/**
 * Claims the `kind` reminder of booking `bookingId` for the due date `dueOn`, inside the caller's transaction: true
 * only for the one caller whose INSERT made the row (ON CONFLICT DO NOTHING), so of two scheduled runs in the same
 * millisecond exactly one queues the mail. A caller that then finds nothing to send rolls back and frees the claim.
 */
export async function claimSaleReminder(
  tx: Queryable,
  reminder: { bookingId: string; kind: SaleReminderKind; dueOn: string; now: Date },
): Promise<boolean> {
  const { rows } = await tx.query(
    `INSERT INTO sale_reminders (booking_id, kind, due_on, queued_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT DO NOTHING RETURNING booking_id`,
    [reminder.bookingId, reminder.kind, reminder.dueOn, reminder.now],
  );
  return rows.length > 0;
}

/** Which of `bookingIds` already have their `kind` reminder queued, as `${bookingId} ${dueOn}` keys. */
export async function queuedSaleReminders(db: Queryable, kind: SaleReminderKind, bookingIds: readonly string[]): Promise<Set<string>> {
  if (bookingIds.length === 0) return new Set();
  const { rows } = await db.query<{ booking_id: string; due_on: string }>(
    'SELECT booking_id, due_on FROM sale_reminders WHERE kind = $1 AND booking_id = ANY($2::uuid[])',
    [kind, [...bookingIds]],
  );
  return new Set(rows.map((row) => `${row.booking_id} ${row.due_on}`));
}
