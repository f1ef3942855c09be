import { judgeClientChange, type ChangeRefusal } from '@shared/change-policy';
import type { TimeSlotKey } from '@shared/schemas/booking';
import type { CancelBookingView, CancelRefusal } from '@shared/schemas/cancel';
import { done, refused, type Result } from '@shared/result';
import { slotHasStarted, slotWindow } from '@shared/time-slots';
import { recordAudit } from '../audit/log';
import type { Queryable } from '../db';
import { enqueueRescheduleMails, withdrawStaleMails } from '../mail/outbox/write';
import { inTransaction, keptIfDone, type Transaction } from '../transaction';
import { createCancelToken, lockBookingByCancelToken } from './cancel-links';
import type { BookingActor } from './release';
import type { BookingRow } from './row';
import { toBookingMail, toCancelView } from './views';
import { extendCancelTokens, moveReservation } from './write';

/** A client's move of their booking, through their link: to `date` and `timeSlot`, at `now`. */
export type MoveRequest = { token: string; date: string; timeSlot: TimeSlotKey; now: Date };

/**
 * Why a move was refused: the link's refusals (unknown, already cancelled, expired, started), the change policy's
 * (inside the change window, at the move limit), a signed contract, the new slot held by another booking or already
 * started, or the new slot is the one the booking holds.
 */
export type MoveRefusal = CancelRefusal | ChangeRefusal | 'slot_taken' | 'slot_started' | 'same_slot' | 'contract_signed';

/** What a move answers: the booking at its new date and slot, and the queued mails' ids. */
export type Moved = { booking: CancelBookingView; mailIds: string[] };

// Postgres's unique_violation: the partial unique index bookings_one_hold_per_slot found the new slot held.
const UNIQUE_VIOLATION = '23505';

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION;
}

/** Why a held booking could not move: the new slot is its own, has started, is held by another, or it was released. */
export type HeldMoveRefusal = 'slot_taken' | 'slot_started' | 'same_slot' | 'already_cancelled';

/** What moveHeld did: the booking's row at its new date and slot, and the queued mails' ids. */
export type HeldMove = { row: BookingRow; mailIds: string[] };

/**
 * The one place a held reservation changes date or slot, inside `tx`, for a caller that has locked its links
 * (lockCancelTokens) and read `row`: one UPDATE of its row takes the new slot, frees the old one and raises its
 * sequence (the calendar event keeps its UID); the partial unique index on held slots decides a race with a booking of
 * the new slot, and the loser of it changes nothing. Then every unused link of the booking is valid until the new slot
 * ends, its unsent mails about the old slot (confirmation, an earlier notice, reminders) are withdrawn
 * (withdrawStaleMails), an audit entry names the actor ('client' or the owner's username) and the client's notice
 * (with a new link; the old ones stay valid) and the owner's are queued. A client's move counts towards the change
 * policy's limit (client_moves, in the same UPDATE); an owner's does not.
 */
export async function moveHeld(
  tx: Transaction,
  row: BookingRow,
  target: { date: string; timeSlot: TimeSlotKey },
  now: Date,
  by: BookingActor,
): Promise<Result<HeldMove, HeldMoveRefusal>> {
  const actor = by.role === 'client' ? 'client' : by.username;
  const { date, timeSlot } = target;
  const from = { date: row.date, timeSlot: row.time_slot };
  if (from.date === date && from.timeSlot === timeSlot) return refused('same_slot');
  if (slotHasStarted(date, timeSlot, now)) return refused('slot_started');
  // When the index refuses the new slot, keptIfDone keeps the transaction usable and the refused UPDATE leaves nothing.
  const moving = await keptIfDone(tx, async (): Promise<Result<BookingRow | undefined, 'slot_taken'>> => {
    try {
      return done(await moveReservation(tx, row.id, { date, timeSlot }, by.role === 'client'));
    } catch (error) {
      if (isUniqueViolation(error)) return refused('slot_taken');
      throw error;
    }
  });
  if (!moving.ok) return moving;
  const moved = moving.value;
  // Under the links' lock a held booking cannot have been released since the caller read it; kept for safety.
  if (!moved) return refused('already_cancelled');
  await extendCancelTokens(tx, row.id, slotWindow(date, timeSlot).end);
  await withdrawStaleMails(tx, row.id);
  await recordAudit(tx, {
    actor,
    action: 'booking_moved',
    target: row.id,
    detail: { fromDate: from.date, fromSlot: from.timeSlot, toDate: date, toSlot: timeSlot },
  });
  const newToken = await createCancelToken(tx, { id: moved.id, date, timeSlot });
  const mailIds = await enqueueRescheduleMails(tx, { ...toBookingMail(moved)!, sequence: moved.sequence }, from, newToken);
  return done({ row: moved, mailIds });
}

/**
 * Moves the booking of a client's link to another date and slot, all or nothing, in one transaction: its links are
 * locked and judged (lockBookingByCancelToken), then under that lock the change policy's window at `now`, a signed
 * contract (it keeps its date: only the owner moves it) and the policy's move limit (judgeClientChange), then moveHeld
 * does the move and counts it. Of two moves at the limit's edge, the second waits for the first and sees its count.
 */
export function moveByCancelLink(db: Queryable, request: MoveRequest): Promise<Result<Moved, MoveRefusal>> {
  const { token, date, timeSlot, now } = request;
  return inTransaction(db, async (tx): Promise<Result<Moved, MoveRefusal>> => {
    const found = await lockBookingByCancelToken(tx, token, now);
    if (!found.ok) return found;
    const { row } = found.value;
    const booking = { date: row.date, clientMoves: row.client_moves };
    // The window first (judged as for a cancel: the window alone): inside it the link neither moves nor cancels.
    const closed = judgeClientChange(booking, 'cancel', now);
    if (closed) return refused(closed);
    // A signed contract names the date: only the owner moves it (a change is a new proposal to sign).
    if (row.signed_at !== null) return refused('contract_signed');
    const limit = judgeClientChange(booking, 'move', now);
    if (limit) return refused(limit);
    const moved = await moveHeld(tx, row, { date, timeSlot }, now, { role: 'client' });
    if (!moved.ok) return moved;
    return done({ booking: toCancelView(moved.value.row), mailIds: moved.value.mailIds });
  });
}
