import type { Booking } from '@shared/schemas/booking';
import type { OwnerBooking } from '@shared/schemas/owner';
import { done, refused, type Result } from '@shared/result';
import { slotHasStarted } from '@shared/time-slots';
import { recordAudit } from '../audit/log';
import type { Queryable } from '../db';
import { enqueueClientBookingMail, enqueueEventLinkMail, eventLinkSentWithin } from '../mail/outbox/write';
import { inTransaction, type Transaction } from '../transaction';
import { createCancelToken } from './cancel-links';
import { moveHeld, type HeldMoveRefusal } from './move';
import { readReservation } from './read';
import { toBooking, toBookingMail, toOwnerBooking } from './views';
import { insertOwnerReservation, lockCancelTokens, type OwnerReservationInput } from './write';

/**
 * Reserves a slot for the owner, inside `tx`: a phone booking (`tentativeUntil` null), or the tentative hold of a
 * proposal made from an inquiry, which the scheduled run releases at `tentativeUntil` unless the client signs first.
 * The visitor's rules of slots (not started at `now`, one hold per slot) without the mailbox's hold limit or the
 * client's daily budget. No mail and no audit entry: the caller's use case writes what fits it.
 */
export async function reserveForOwner(
  tx: Transaction,
  booking: OwnerReservationInput,
  options: { now: Date; tentativeUntil: Date | null },
): Promise<Result<Booking, 'slot_taken' | 'slot_started'>> {
  if (slotHasStarted(booking.date, booking.timeSlot, options.now)) return refused('slot_started');
  const row = await insertOwnerReservation(tx, booking, options.tentativeUntil);
  return row ? done(toBooking(row)) : refused('slot_taken');
}

/** A desk action on the client's booking: which one, by which owner (username), at `now`. */
export type OwnerAction = { id: string; username: string; now: Date };

/** What an owner's change of a booking answers: the booking as the desk shows it, and the queued mails' ids. */
export type OwnerChange = { booking: OwnerBooking; mailIds: string[] };

/**
 * The owner's booking for a client who called, inside `tx` (the Idempotency-Key's transaction): reserveForOwner with
 * no tentative end, a change-or-cancel link and the client's confirmation (no owner notification: it is the owner's
 * own booking), and the audit entry `booking_made_by_owner`.
 */
export async function bookForOwner(
  tx: Transaction,
  booking: OwnerReservationInput,
  by: { username: string; now: Date },
): Promise<Result<OwnerChange, 'slot_taken' | 'slot_started'>> {
  const reserved = await reserveForOwner(tx, booking, { now: by.now, tentativeUntil: null });
  if (!reserved.ok) return reserved;
  const made = reserved.value;
  const mailIds = await enqueueClientBookingMail(tx, made, await createCancelToken(tx, made));
  await recordAudit(tx, {
    actor: by.username,
    action: 'booking_made_by_owner',
    target: made.id,
    detail: { date: made.date, slot: made.timeSlot },
  });
  const row = await readReservation(tx, made.id);
  return done({ booking: toOwnerBooking(row!), mailIds });
}

/**
 * Locks the links of reservation `id` (the order every change of a booking takes, so none deadlocks another) and
 * reads it: not_found when there is no such reservation, already_cancelled when it is released.
 */
async function lockHeld(tx: Transaction, id: string) {
  await lockCancelTokens(tx, { bookingId: id });
  const row = await readReservation(tx, id);
  if (!row) return refused('not_found');
  return row.is_available ? refused('already_cancelled') : done(row);
}

/**
 * The client's move done by the owner from the desk, in one transaction: the same move as the client's link
 * (moveHeld: one UPDATE, links extended, stale mails withdrawn, audit, both notices with a new link), with the owner's
 * username in the audit entry. The owner is never bound by a signed contract nor by the change policy (the move is not
 * counted as the client's).
 */
export function moveByOwner(
  db: Queryable,
  action: OwnerAction,
  target: Parameters<typeof moveHeld>[2],
): Promise<Result<OwnerChange, HeldMoveRefusal | 'not_found'>> {
  return inTransaction(db, async (tx): Promise<Result<OwnerChange, HeldMoveRefusal | 'not_found'>> => {
    const found = await lockHeld(tx, action.id);
    if (!found.ok) return found;
    const moved = await moveHeld(tx, found.value, target, action.now, { role: 'owner', username: action.username });
    if (!moved.ok) return moved;
    return done({ booking: toOwnerBooking(moved.value.row), mailIds: moved.value.mailIds });
  });
}

/** How long after one event-page link the desk refuses to send the same booking another, in seconds. */
export const EVENT_LINK_INTERVAL_SECONDS = 60;

/**
 * E-mails the client of held reservation `id` a fresh link to their event page (a new change-or-cancel token; the
 * old ones stay valid), in one transaction, and writes the audit entry `booking_link_sent`. Refused with
 * too_many_attempts when a link for the booking was written less than EVENT_LINK_INTERVAL_SECONDS ago (a double
 * click, or a second owner at the same moment: the links' lock makes the second wait and then see the first).
 */
export function sendEventLink(
  db: Queryable,
  action: OwnerAction,
): Promise<Result<{ mailIds: string[] }, 'not_found' | 'already_cancelled' | 'too_many_attempts'>> {
  return inTransaction(db, async (tx) => {
    const found = await lockHeld(tx, action.id);
    if (!found.ok) return found;
    const row = found.value;
    if (await eventLinkSentWithin(tx, row.id, EVENT_LINK_INTERVAL_SECONDS)) return refused('too_many_attempts');
    const token = await createCancelToken(tx, { id: row.id, date: row.date, timeSlot: row.time_slot });
    const mailIds = await enqueueEventLinkMail(tx, toBookingMail(row)!, token);
    await recordAudit(tx, { actor: action.username, action: 'booking_link_sent', target: row.id, detail: { date: row.date } });
    return done({ mailIds });
  });
}
