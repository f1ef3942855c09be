import type { Booking, BookingOutput } from '../../src/schemas/booking';
import { lockAddress, reservationObstacles, type ReserveResult } from './bookings/reserve';
import type { Queryable } from './db';
import type { Transaction } from './transaction';

// A bot that filled the honeypot must not learn it was caught: its answer is the one a person would get for the same
// request, reached through the same database work, and nothing is stored or held.

/** A made-up inquiry for a bot's submission: a database-made id, like a real one; nothing is stored. */
export async function decoyInquiry(db: Queryable): Promise<{ id: string }> {
  const { rows } = await db.query<{ id: string }>('SELECT gen_random_uuid() AS id');
  return { id: rows[0]!.id };
}

/** A made-up booking for a bot's reservation: the same shape as a real one, nothing is stored or held. */
export function decoyBooking(booking: BookingOutput, now: Date = new Date()): Booking {
  const at = now.toISOString();
  return {
    id: crypto.randomUUID(),
    date: booking.date,
    timeSlot: booking.timeSlot,
    clientName: booking.clientName,
    clientEmail: booking.clientEmail,
    eventType: booking.eventType,
    phone: booking.phone,
    guestCount: booking.guestCount,
    eventLocation: booking.eventLocation,
    isAvailable: false,
    createdAt: at,
    updatedAt: at,
  };
}

/**
 * What reserveSlot would answer a bot's reservation, without reserving: under the same address lock, the same
 * count and the slot (two statements, like a real reservation), the hold limit first, then a held slot, else a decoy.
 */
export async function decoyReservation(tx: Transaction, booking: BookingOutput, today: string): Promise<ReserveResult> {
  await lockAddress(tx, booking.clientEmail);
  const { atHoldLimit, slotHeld } = await reservationObstacles(tx, booking, today);
  if (atHoldLimit) return { outcome: 'hold_limit_reached' };
  if (slotHeld) return { outcome: 'slot_taken' };
  return { outcome: 'reserved', booking: decoyBooking(booking) };
}
