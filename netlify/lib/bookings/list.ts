import type { OwnerBooking } from '@shared/schemas/owner';
import type { Queryable } from '../db';
import { BOOKING_COLUMNS, SLOT_ORDER, toOwnerBooking, type BookingRow } from './rows';

/** Every hold from `from` to `to` (inclusive): reservations and blocks, held and released, by date and slot. */
export async function listBookings(db: Queryable, range: { from: string; to: string }): Promise<OwnerBooking[]> {
  const { rows } = await db.query<BookingRow>(
    `SELECT ${BOOKING_COLUMNS} FROM bookings WHERE date BETWEEN $1 AND $2
     ORDER BY date, ${SLOT_ORDER}, is_available, created_at`,
    [range.from, range.to],
  );
  return rows.map(toOwnerBooking);
}
