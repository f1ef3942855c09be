import type { Booking } from '@shared/schemas/booking';
import { done, refused, type Result } from '@shared/result';
import { slotHasStarted } from '@shared/time-slots';
import type { Transaction } from '../transaction';
import { toBooking } from './views';
import { insertOwnerReservation, type ReservationInput } from './write';

/**
 * Reserves a slot for the owner, inside `tx`: a phone booking (`tentativeUntil` null), or the tentative hold of a
 * proposal made from an inquiry, which the scheduled run releases at `tentativeUntil` unless the client signs first.
 * The visitor's rules of slots (not started at `now`, one hold per slot) without the mailbox's hold limit or the
 * client's daily budget. No mail and no audit entry: the caller's use case writes what fits it.
 */
export async function reserveForOwner(
  tx: Transaction,
  booking: ReservationInput,
  options: { now: Date; tentativeUntil: Date | null },
): Promise<Result<Booking, 'slot_taken' | 'slot_started'>> {
  if (slotHasStarted(booking.date, booking.timeSlot, options.now)) return refused('slot_started');
  const row = await insertOwnerReservation(tx, booking, options.tentativeUntil);
  return row ? done(toBooking(row)) : refused('slot_taken');
}
