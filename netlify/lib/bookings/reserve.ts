import { TIME_SLOT_KEYS, type Booking, type BookingOutput, type TimeSlotKey } from '@shared/schemas/booking';
import { slotHasStarted } from '@shared/time-slots';
import { MAX_FUTURE_HOLDS } from '@shared/schemas/holds';
import type { Queryable } from '../db';
import type { BookingMail } from '../mail/messages';
import { enqueueBookingMails } from '../mail/outbox';
import { takeFromThrottle, type ThrottleRule } from '../throttle';
import type { Transaction } from '../transaction';
import { createCancelToken } from './cancel-links';
import { RESERVATION_COLUMNS, toBooking, type ReservationRow } from './rows';

/** The slots of `date` that no booking holds and that have not started at `now`, in day order. */
export async function findAvailableSlots(db: Queryable, date: string, now: Date): Promise<TimeSlotKey[]> {
  const { rows } = await db.query<{ time_slot: string }>(
    'SELECT time_slot FROM bookings WHERE date = $1 AND NOT is_available',
    [date],
  );
  const held = new Set(rows.map((row) => row.time_slot));
  return TIME_SLOT_KEYS.filter((slot) => !held.has(slot) && !slotHasStarted(date, slot, now));
}

/**
 * What a reservation came to: the new booking, the slot held by someone else or already started, the mailbox at its
 * hold limit, or the client (IP) at its daily budget of new holds.
 */
export type ReserveResult =
  | { outcome: 'reserved'; booking: Booking }
  | { outcome: 'slot_taken' }
  | { outcome: 'slot_started' }
  | { outcome: 'hold_limit_reached' }
  | { outcome: 'too_many_holds' };

/** Most new holds one client IP may make per UTC day, whatever the addresses (a planner booking several events fits). */
export const HOLDS_PER_IP_PER_DAY = 10;

/** The client throttle's budget of new holds: HOLDS_PER_IP_PER_DAY per IP per UTC day. */
export const HOLDS_PER_IP: ThrottleRule = { scope: 'holds_per_ip', limit: HOLDS_PER_IP_PER_DAY, windowSeconds: 86_400 };

type DetailKey = 'phone' | 'guestCount' | 'eventLocation';

/** A validated reservation to store; the client's optional details may be left out (stored as null). */
export type ReservationInput = Omit<BookingOutput, DetailKey> & Partial<Pick<BookingOutput, DetailKey>>;

/** Who asks for a reservation: the client's IP as Netlify saw the connection, and the request's clock. */
export type ReservationClient = { ip: string | undefined; now: Date };

// Namespace of the per-mailbox advisory locks (the two-key form keeps them apart from any other advisory lock).
const HOLD_LOCK_NAMESPACE = 0x686f6c64;

// How many slots the mailbox of an address ($email) holds from $today on. canonical_mailbox (migration 005) is the
// rule of the generated column client_mailbox, so every spelling of one mailbox counts together; the index
// bookings_holds_by_mailbox_idx serves it.
const FUTURE_HOLDS = (email: string, today: string) =>
  `SELECT count(*) FROM bookings
   WHERE client_mailbox = canonical_mailbox(${email}) AND NOT is_available AND date >= ${today}`;

/**
 * Takes the transaction-long lock on the mailbox of one address (every spelling of it: case, +tag, gmail dots):
 * reservations for one mailbox are counted and made one at a time, so simultaneous ones cannot all slip under the
 * limit. Call it before counting.
 */
async function lockAddress(tx: Transaction, email: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1, hashtext(canonical_mailbox($2)))', [HOLD_LOCK_NAMESPACE, email]);
}

/** What a reservation of `booking` meets right now: its address at the hold limit, its slot held by a booking. */
async function reservationObstacles(
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
 * Reserves a slot for a visitor, inside `tx`; a slot that has started at `client.now` is refused first. Under the
 * mailbox's lock, one INSERT that only inserts while the mailbox holds fewer than MAX_FUTURE_HOLDS slots dated `today`
 * (UTC) or later, against the partial unique index on held slots, which decides between concurrent requests (ON
 * CONFLICT DO NOTHING). When nothing was inserted, the hold limit is reported before a taken slot. A new hold then
 * takes a unit of the client's daily budget (HOLDS_PER_IP); with none left it is deleted again and the answer is
 * `too_many_holds`. Only new holds spend the budget.
 */
export async function reserveSlot(
  tx: Transaction,
  booking: ReservationInput,
  today: string,
  client: ReservationClient,
): Promise<ReserveResult> {
  if (slotHasStarted(booking.date, booking.timeSlot, client.now)) return { outcome: 'slot_started' };
  await lockAddress(tx, booking.clientEmail);
  const { rows } = await tx.query<ReservationRow>(
    `INSERT INTO bookings (date, time_slot, is_available, client_name, client_email, event_type, phone, guest_count, event_location)
     SELECT $1, $2, false, $3, $4, $5, $8, $9::integer, $10
     WHERE (${FUTURE_HOLDS('$4', '$6')}) < $7
     ON CONFLICT (date, time_slot) WHERE NOT is_available DO NOTHING
     RETURNING ${RESERVATION_COLUMNS}`,
    [
      booking.date,
      booking.timeSlot,
      booking.clientName,
      booking.clientEmail,
      booking.eventType,
      today,
      MAX_FUTURE_HOLDS,
      booking.phone ?? null,
      booking.guestCount ?? null,
      booking.eventLocation ?? null,
    ],
  );
  const reserved = rows[0];
  if (reserved) {
    // Taken only once the hold exists, so requests that lose a slot race never queue on the budget's row. That row
    // stays locked until the transaction ends: one client's new holds pass here one at a time, never over the limit.
    const budget = await takeFromThrottle(tx, HOLDS_PER_IP, client.ip, client.now);
    if (budget) return { outcome: 'reserved', booking: toBooking(reserved) };
    await tx.query('DELETE FROM bookings WHERE id = $1', [reserved.id]);
    return { outcome: 'too_many_holds' };
  }
  // Still under the lock: this mailbox's count cannot have changed since the INSERT looked.
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
