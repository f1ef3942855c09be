import { slotHasStarted, slotWindow } from '@shared/time-slots';
import type { TimeSlotKey } from '@shared/schemas/booking';
import type { CancelBookingView, CancelRefusal } from '@shared/schemas/cancel';
import type { Queryable } from '../db';
import { enqueueRescheduleMails, withdrawReminders } from '../mail/outbox';
import { recordAudit } from '../owner/audit';
import { inTransaction } from '../transaction';
import { createCancelToken, lockBookingByCancelToken } from './cancel-links';
import { RESERVATION_COLUMNS, toBooking, type ReservationRow } from './rows';

/** A client's move of their booking, through their link: to `date` and `timeSlot`, at `now`. */
export type MoveRequest = { token: string; date: string; timeSlot: TimeSlotKey; now: Date };

/**
 * Why a move was refused: the link's refusals (unknown, already cancelled, expired, started), the new slot held by
 * another booking or already started, or the new slot is the one the booking holds.
 */
export type MoveRefusal = CancelRefusal | 'slot_taken' | 'slot_started' | 'same_slot';

/** What a move came to: the booking at its new date and slot with the queued mails' ids, or why nothing changed. */
export type MoveResult =
  | { ok: true; booking: CancelBookingView; mailIds: string[] }
  | { ok: false; refusal: MoveRefusal };

// Postgres's unique_violation: the partial unique index bookings_one_hold_per_slot found the new slot held.
const UNIQUE_VIOLATION = '23505';

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION;
}

/**
 * Moves the booking of a client's link to another date and slot, all or nothing, in one transaction: its links are
 * locked and judged (lockBookingByCancelToken), then one UPDATE of its row takes the new slot, frees the old one and
 * raises its sequence (the calendar event keeps its UID); the partial unique index on held slots decides a race with a
 * booking of the new slot, and the loser of it changes nothing. Then every unused link of the booking is valid until
 * the new slot ends, its unsent reminders are withdrawn, an audit entry is written and the client's notice (with a new
 * link; the old ones stay valid) and the owner's are queued. The one place a held reservation changes date or slot.
 */
export function moveByCancelLink(db: Queryable, request: MoveRequest): Promise<MoveResult> {
  const { token, date, timeSlot, now } = request;
  return inTransaction(db, async (tx): Promise<MoveResult> => {
    const found = await lockBookingByCancelToken(tx, token, now);
    if (!found.ok) return found;
    const from = { date: found.booking.date, timeSlot: found.booking.timeSlot };
    if (from.date === date && from.timeSlot === timeSlot) return { ok: false, refusal: 'same_slot' };
    if (slotHasStarted(date, timeSlot, now)) return { ok: false, refusal: 'slot_started' };
    // The savepoint keeps the transaction usable when the index refuses the new slot: nothing was written before it,
    // and rolling back to it leaves nothing after it.
    await tx.query('SAVEPOINT move');
    let moved: (ReservationRow & { sequence: number }) | undefined;
    try {
      const { rows } = await tx.query<ReservationRow & { sequence: number }>(
        `UPDATE bookings SET date = $2, time_slot = $3, sequence = sequence + 1
          WHERE id = $1 AND NOT is_available
          RETURNING ${RESERVATION_COLUMNS}, sequence`,
        [found.id, date, timeSlot],
      );
      moved = rows[0];
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      await tx.query('ROLLBACK TO SAVEPOINT move');
      return { ok: false, refusal: 'slot_taken' };
    }
    // Under the links' lock a held booking cannot have been released since the judgement; kept for safety.
    if (!moved) return { ok: false, refusal: 'already_cancelled' };
    const window = slotWindow(date, timeSlot);
    await tx.query('UPDATE booking_cancel_tokens SET expires_at = $2 WHERE booking_id = $1 AND used_at IS NULL', [
      found.id,
      window.end,
    ]);
    await withdrawReminders(tx, found.id);
    await recordAudit(tx, {
      actor: 'client',
      action: 'booking_moved',
      target: found.id,
      detail: { fromDate: from.date, fromSlot: from.timeSlot, toDate: date, toSlot: timeSlot },
    });
    const booking = toBooking(moved);
    const newToken = await createCancelToken(tx, booking);
    const mailIds = await enqueueRescheduleMails(tx, { ...booking, sequence: moved.sequence }, from, newToken);
    return {
      ok: true,
      booking: { ...found.booking, date, timeSlot, startsAt: window.start.toISOString(), endsAt: window.end.toISOString() },
      mailIds,
    };
  });
}
