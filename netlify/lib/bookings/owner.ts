import type { Booking } from '@shared/schemas/booking';
import { done, refused, type Result } from '@shared/result';
import { slotHasStarted } from '@shared/time-slots';
import type { BookingMail } from '../mail/messages';
import type { Transaction } from '../transaction';
import { BOOKING_COLUMNS, type BookingRow } from './row';
import { toBooking, toBookingMail } from './views';
import { insertOwnerReservation, lockCancelTokens, updateSaleStanding, type ReservationInput } from './write';

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

/** A reservation as a sale's step reads it under its lock: what its mails need, and where it stands. */
export type SaleBooking = BookingMail & { held: boolean; tentativeUntil: Date | null; signedAt: Date | null };

/**
 * Locks reservation `id` for a step of its sale (a proposal sent, signed, countersigned, withdrawn or expired): its
 * links first, then its row, in the order every cancel and move takes them, so no two steps deadlock. Undefined for
 * an id that is no client's reservation.
 */
export async function lockForSale(tx: Transaction, id: string): Promise<SaleBooking | undefined> {
  await lockCancelTokens(tx, { bookingId: id });
  const { rows } = await tx.query<BookingRow>(`SELECT ${BOOKING_COLUMNS} FROM bookings WHERE id = $1 FOR UPDATE`, [id]);
  const row = rows[0];
  const mail = row && toBookingMail(row);
  if (!row || !mail) return undefined;
  const at = (value: Date | string | null) => (value === null ? null : new Date(value));
  return { ...mail, held: !row.is_available, tentativeUntil: at(row.tentative_until), signedAt: at(row.signed_at) };
}

/**
 * Records a step of the sale on held reservation `id`: a tentative hold's new end (a replacing proposal's), the
 * client's signature (the date is then firmly theirs), or the owner's countersignature (confirmed). Whether it
 * applied (see updateSaleStanding for when it does not).
 */
export async function recordSaleStep(
  tx: Transaction,
  id: string,
  step: { tentativeUntil: Date } | { signedAt: Date } | { confirmedAt: Date },
): Promise<boolean> {
  return (await updateSaleStanding(tx, id, step)) !== undefined;
}
