import { TIME_SLOT_KEYS, type Booking, type BookingOutput, type TimeSlotKey } from '@shared/schemas/booking';
import { MAX_FUTURE_HOLDS } from '@shared/schemas/holds';
import { done, refused, type Result } from '@shared/result';
import { slotHasStarted } from '@shared/time-slots';
import type { Queryable } from '../db';
import { enqueueBookingMails } from '../mail/outbox/write';
import { takeFromThrottle, type ThrottleRule } from '../throttle';
import { keptIfDone, type Transaction } from '../transaction';
import { createCancelToken } from './cancel-links';
import { toBooking } from './views';
import { FUTURE_HOLDS, insertReservation, type ReservationInput } from './write';

export type { ReservationInput } from './write';

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
 * Why a reservation was refused: the slot held by someone else or already started, the mailbox at its hold limit,
 * or the client (IP) at its daily budget of new holds.
 */
export type ReserveRefusal = 'slot_taken' | 'slot_started' | 'hold_limit_reached' | 'too_many_holds';

/** Most new holds one client IP may make per UTC day, whatever the addresses (a planner booking several events fits). */
export const HOLDS_PER_IP_PER_DAY = 10;

/** The client throttle's budget of new holds: HOLDS_PER_IP_PER_DAY per IP per UTC day. */
export const HOLDS_PER_IP: ThrottleRule = { scope: 'holds_per_ip', limit: HOLDS_PER_IP_PER_DAY, windowSeconds: 86_400 };

/** Who asks for a reservation: the client's IP as Netlify saw the connection, and the request's clock. */
export type ReservationClient = { ip: string | undefined; now: Date };

// Namespace of the per-mailbox advisory locks (the two-key form keeps them apart from any other advisory lock).
const HOLD_LOCK_NAMESPACE = 0x686f6c64;

/**
 * Takes the transaction-long lock on the mailbox of one address (every spelling of it: case, +tag, gmail dots):
 * reservations for one mailbox are counted and made one at a time, so simultaneous ones cannot all slip under the
 * limit. Call it before counting.
 */
async function lockAddress(tx: Transaction, email: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1, hashtext(canonical_mailbox($2)))', [HOLD_LOCK_NAMESPACE, email]);
}

/** Whether the address of `booking` holds its limit of slots dated `today` or later. */
async function atHoldLimit(tx: Transaction, booking: Pick<BookingOutput, 'clientEmail'>, today: string): Promise<boolean> {
  const { rows } = await tx.query<{ at_hold_limit: boolean }>(`SELECT (${FUTURE_HOLDS('$1', '$2')}) >= $3 AS at_hold_limit`, [
    booking.clientEmail,
    today,
    MAX_FUTURE_HOLDS,
  ]);
  return rows[0]!.at_hold_limit;
}

/**
 * Reserves a slot for a visitor, inside `tx`; a slot that has started at `client.now` is refused first. Under the
 * mailbox's lock, one INSERT that only inserts while the mailbox holds fewer than MAX_FUTURE_HOLDS slots dated `today`
 * (UTC) or later, against the partial unique index on held slots, which decides between concurrent requests (ON
 * CONFLICT DO NOTHING). When nothing was inserted, the hold limit is reported before a taken slot. The client's
 * budget of new holds is not touched here: a visitor's reservation goes through reserveWithinBudget.
 */
export async function reserveSlot(
  tx: Transaction,
  booking: ReservationInput,
  today: string,
  client: ReservationClient,
): Promise<Result<Booking, Exclude<ReserveRefusal, 'too_many_holds'>>> {
  if (slotHasStarted(booking.date, booking.timeSlot, client.now)) return refused('slot_started');
  await lockAddress(tx, booking.clientEmail);
  const reserved = await insertReservation(tx, booking, today);
  if (reserved) return done(toBooking(reserved));
  // Still under the lock: this mailbox's count cannot have changed since the INSERT looked.
  return (await atHoldLimit(tx, booking, today)) ? refused('hold_limit_reached') : refused('slot_taken');
}

/**
 * Stores a cancel token for a booking just reserved and writes its confirmation (with the cancel link) and the
 * owner's notification to the outbox, in the reservation's transaction. Returns the message ids.
 */
export async function queueBookingMails(tx: Transaction, booking: Booking): Promise<string[]> {
  // The visitor's answer carries every field its mails need (a new booking's sequence is 0).
  return enqueueBookingMails(tx, booking, await createCancelToken(tx, booking));
}

/** A visitor's new hold and the ids of the mails written for it. */
export type NewHold = { booking: Booking; mailIds: string[] };

/**
 * A visitor's reservation, inside `tx`: reserveSlot, then its mails (queueBookingMails), then, as the last write, a
 * unit of the client's daily budget of new holds (HOLDS_PER_IP). With none left, the hold and its mails are rolled
 * back (keptIfDone) and the answer is `too_many_holds`. Only new holds spend the budget, and the budget's row is
 * locked from its update to the commit only: one client's simultaneous reservations queue on it for a moment each,
 * never for one another's whole work, and still never get past the limit (the row's update decides, one at a time).
 */
export async function reserveWithinBudget(
  tx: Transaction,
  booking: ReservationInput,
  today: string,
  client: ReservationClient,
): Promise<Result<NewHold, ReserveRefusal>> {
  return keptIfDone(tx, async (): Promise<Result<NewHold, ReserveRefusal>> => {
    const reserved = await reserveSlot(tx, booking, today, client);
    if (!reserved.ok) return reserved;
    const mailIds = await queueBookingMails(tx, reserved.value);
    const budget = await takeFromThrottle(tx, HOLDS_PER_IP, client.ip, client.now);
    return budget ? done({ booking: reserved.value, mailIds }) : refused('too_many_holds');
  });
}
