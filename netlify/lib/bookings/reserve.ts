import { TIME_SLOT_KEYS, type Booking, type BookingOutput, type TimeSlotKey } from '../../../src/schemas/booking';
import { MAX_FUTURE_HOLDS } from '../../../src/schemas/holds';
import type { Queryable } from '../db';
import type { BookingMail } from '../mail/messages';
import { enqueueBookingMails } from '../mail/outbox';
import type { Transaction } from '../transaction';
import { createCancelToken } from './cancel-links';
import { RESERVATION_COLUMNS, toBooking, type ReservationRow } from './rows';

/** The slots of `date` that no booking holds, in day order (morning, afternoon, evening). */
export async function findAvailableSlots(db: Queryable, date: string): Promise<TimeSlotKey[]> {
  const { rows } = await db.query<{ time_slot: string }>(
    'SELECT time_slot FROM bookings WHERE date = $1 AND NOT is_available',
    [date],
  );
  const held = new Set(rows.map((row) => row.time_slot));
  return TIME_SLOT_KEYS.filter((slot) => !held.has(slot));
}

/** What a reservation came to: the new booking, the slot held by someone else, or the address at its hold limit. */
export type ReserveResult =
  | { outcome: 'reserved'; booking: Booking }
  | { outcome: 'slot_taken' }
  | { outcome: 'hold_limit_reached' };

// Namespace of the per-address advisory locks (the two-key form keeps them apart from any other advisory lock).
const HOLD_LOCK_NAMESPACE = 0x686f6c64;

// How many slots an address ($email) holds from $today on; the index bookings_holds_by_email_idx serves it.
const FUTURE_HOLDS = (email: string, today: string) =>
  `SELECT count(*) FROM bookings WHERE lower(client_email) = lower(${email}) AND NOT is_available AND date >= ${today}`;

/**
 * Takes the transaction-long lock on one address (case-insensitive): reservations by one address are counted and
 * made one at a time, so simultaneous ones cannot all slip under the limit. Call it before counting.
 */
export async function lockAddress(tx: Transaction, email: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1, hashtext(lower($2)))', [HOLD_LOCK_NAMESPACE, email]);
}

/** What a reservation of `booking` meets right now: its address at the hold limit, its slot held by a booking. */
export async function reservationObstacles(
  tx: Transaction,
  booking: Pick<BookingOutput, 'date' | 'timeSlot' | 'clientEmail'>,
  today: string,
): Promise<{ atHoldLimit: boolean; slotHeld: boolean }> {
  const { rows } = await tx.query<{ at_hold_limit: boolean; slot_held: boolean }>(
    `SELECT (${FUTURE_HOLDS('$1', '$2')}) >= $3 AS at_hold_limit,
            EXISTS (SELECT 1 FROM bookings WHERE date = $4 AND time_slot = $5 AND NOT is_available) AS slot_held`,
    [booking.clientEmail, today, MAX_FUTURE_HOLDS, booking.date, booking.timeSlot],
  );
  return { atHoldLimit: rows[0]!.at_hold_limit, slotHeld: rows[0]!.slot_held };
}

/**
 * Reserves a slot for a visitor, inside `tx`. Under the address's lock, one INSERT that only inserts while the
 * address holds fewer than MAX_FUTURE_HOLDS slots dated `today` (UTC) or later, against the partial unique index on
 * held slots, which decides between concurrent requests (ON CONFLICT DO NOTHING). When nothing was inserted, the
 * hold limit is reported before a taken slot.
 */
export async function reserveSlot(tx: Transaction, booking: BookingOutput, today: string): Promise<ReserveResult> {
  await lockAddress(tx, booking.clientEmail);
  const { rows } = await tx.query<ReservationRow>(
    `INSERT INTO bookings (date, time_slot, is_available, client_name, client_email, event_type)
     SELECT $1, $2, false, $3, $4, $5
     WHERE (${FUTURE_HOLDS('$4', '$6')}) < $7
     ON CONFLICT (date, time_slot) WHERE NOT is_available DO NOTHING
     RETURNING ${RESERVATION_COLUMNS}`,
    [booking.date, booking.timeSlot, booking.clientName, booking.clientEmail, booking.eventType, today, MAX_FUTURE_HOLDS],
  );
  if (rows[0]) return { outcome: 'reserved', booking: toBooking(rows[0]) };
  // Still under the lock: this address's count cannot have changed since the INSERT looked.
  const { atHoldLimit } = await reservationObstacles(tx, booking, today);
  return atHoldLimit ? { outcome: 'hold_limit_reached' } : { outcome: 'slot_taken' };
}

/**
 * Stores a cancel token for a booking just reserved and writes its confirmation (with the cancel link) and the
 * owner's notification to the outbox, in the reservation's transaction. Returns the message ids.
 */
export async function queueBookingMails(tx: Transaction, booking: BookingMail): Promise<string[]> {
  return enqueueBookingMails(tx, booking, await createCancelToken(tx, booking));
}
