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
