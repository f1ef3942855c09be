import type { BookingMail } from '../mail/messages';
import type { Transaction } from '../transaction';
import { BOOKING_COLUMNS, type BookingRow } from './row';
import { toBookingMail } from './views';
import { lockCancelTokens, updateSaleStanding } from './write';

// A booking's side of the sale: the lock every step of it takes first, and where the step leaves the booking.

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
