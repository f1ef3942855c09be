import type { TimeSlotKey } from '@shared/schemas/booking';
import type { OwnerBlock, OwnerBooking } from '@shared/schemas/owner';
import type { Queryable } from '../db';
import type { BookingMail } from '../mail/messages';
import { enqueueCancellationMails, withdrawReminders } from '../mail/outbox';
import { recordAudit } from '../owner/audit';
import { inTransaction, type Transaction } from '../transaction';
import { blockOf } from './blocks';
import { BOOKING_COLUMNS, toOwnerBooking, type BookingRow } from './rows';

/** Who releases a hold: the client through their cancel link, or an owner (by username) from the desk. */
export type Releaser = { role: 'client' } | { role: 'owner'; username: string };

/** What to release: the hold `id` of `kind`, by whom, why (the owner's words: stored, audited, sent to the client), at `now`. */
export type ReleaseRequest = {
  id: string;
  kind: OwnerBooking['kind'];
  by: Releaser;
  reason?: string;
  now: Date;
};

/** What release did: the released hold and its queued mails, or why nothing changed. */
export type ReleaseResult =
  | { outcome: 'released'; booking: OwnerBooking; mailIds: string[] }
  | { outcome: 'not_found' }
  | { outcome: 'already_released'; booking: OwnerBooking };

/** The name a releaser is stored under, in bookings.cancelled_by and audit_log.actor. */
function actorOf(by: Releaser): string {
  return by.role === 'client' ? 'client' : by.username;
}

/** A released reservation as its cancellation e-mails need it, with the owner's reason if any (a block has none). */
function toBookingMail(booking: OwnerBooking, sequence: number): BookingMail | undefined {
  const { id, date, timeSlot, clientName, clientEmail, eventType, phone, guestCount, eventLocation, cancelReason } = booking;
  if (!clientName || !clientEmail || !eventType) return undefined;
  return {
    id, date, timeSlot, clientName, clientEmail, eventType, phone, guestCount, eventLocation, sequence,
    ...(cancelReason ? { cancelReason } : {}),
  };
}

/**
 * Releases a hold (cancels a reservation, lifts a block) inside `tx`: frees its slot at once (is_available = true;
 * the row stays as history with cancelled_at = `now` and who), spends a reservation's cancel links, writes the audit
 * entry, withdraws its unsent reminders and queues a reservation's cancellation e-mails to the client and the owner.
 * The one place a hold ends.
 */
export async function release(tx: Transaction, request: ReleaseRequest): Promise<ReleaseResult> {
  const actor = actorOf(request.by);
  if (request.kind === 'reservation') {
    // A cancel link locks its token row before the booking; taking the tokens first here too keeps an owner's and a
    // client's simultaneous cancel from deadlocking.
    await tx.query('SELECT 1 FROM booking_cancel_tokens WHERE booking_id = $1 ORDER BY token_hash FOR UPDATE', [request.id]);
  }
  const { rows } = await tx.query<BookingRow & { sequence: number }>(
    `UPDATE bookings SET is_available = true, cancelled_at = $3, cancelled_by = $4, cancel_reason = $5
      WHERE id = $1 AND kind = $2 AND NOT is_available
      RETURNING ${BOOKING_COLUMNS}, sequence`,
    // Only the owner gives a reason; a client's cancel link has none.
    [request.id, request.kind, request.now, actor, request.by.role === 'owner' ? (request.reason ?? null) : null],
  );
  if (!rows[0]) {
    const existing = await tx.query<BookingRow>(`SELECT ${BOOKING_COLUMNS} FROM bookings WHERE id = $1 AND kind = $2`, [
      request.id,
      request.kind,
    ]);
    return existing.rows[0]
      ? { outcome: 'already_released', booking: toOwnerBooking(existing.rows[0]) }
      : { outcome: 'not_found' };
  }
  const booking = toOwnerBooking(rows[0]);
  await recordAudit(tx, {
    actor,
    action: request.kind === 'block' ? 'block_lifted' : 'booking_cancelled',
    target: booking.id,
    detail: request.reason === undefined ? { date: booking.date } : { date: booking.date, reason: request.reason },
  });
  // The cancellation's calendar file must outrank the last invitation, which a move may have re-sent.
  const mail = toBookingMail(booking, rows[0].sequence);
  if (!mail) return { outcome: 'released', booking, mailIds: [] };
  await tx.query('UPDATE booking_cancel_tokens SET used_at = $2 WHERE booking_id = $1 AND used_at IS NULL', [
    booking.id,
    request.now,
  ]);
  await withdrawReminders(tx, booking.id);
  const mailIds = await enqueueCancellationMails(tx, mail, request.by.role);
  return { outcome: 'released', booking, mailIds };
}

/** Releases hold `id` of `kind` for an owner from the desk, in a transaction of its own (see release). */
export function releaseByOwner(
  db: Queryable,
  request: Omit<ReleaseRequest, 'by'> & { username: string },
): Promise<ReleaseResult> {
  const { username, ...rest } = request;
  return inTransaction(db, (tx) => release(tx, { ...rest, by: { role: 'owner', username } }));
}

/** What liftBlock did: the lifted block, or why nothing changed. */
export type LiftResult = { outcome: 'lifted'; block: OwnerBlock } | { outcome: 'not_found' } | { outcome: 'already_lifted' };

/**
 * Lifts block `id` (its block id, or the id of any one of its rows) for an owner: frees every slot it still holds in
 * one transaction, keeping the rows as history (cancelled_at = `now`, who), with one audit entry for the block.
 */
export function liftBlock(db: Queryable, request: { id: string; username: string; now: Date }): Promise<LiftResult> {
  return inTransaction(db, async (tx) => {
    const { rows: found } = await tx.query<{ block_id: string }>(
      "SELECT block_id FROM bookings WHERE kind = 'block' AND (block_id = $1 OR id = $1) LIMIT 1",
      [request.id],
    );
    const blockId = found[0]?.block_id;
    if (!blockId) return { outcome: 'not_found' as const };
    const { rows } = await tx.query<BlockRowOfLift>(
      `UPDATE bookings SET is_available = true, cancelled_at = $2, cancelled_by = $3
        WHERE block_id = $1 AND kind = 'block' AND NOT is_available
        RETURNING block_id, date, time_slot, block_note, created_at`,
      [blockId, request.now, request.username],
    );
    if (rows.length === 0) return { outcome: 'already_lifted' as const };
    const block = blockOf(rows);
    await recordAudit(tx, {
      actor: request.username,
      action: 'block_lifted',
      target: blockId,
      detail: { from: block.from, to: block.to, count: rows.length },
    });
    return { outcome: 'lifted' as const, block };
  });
}

type BlockRowOfLift = { block_id: string; date: string; time_slot: TimeSlotKey; block_note: string | null; created_at: Date | string };
