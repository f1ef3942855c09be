import type { EventDetails } from '@shared/schemas/event-details';
import { done, refused, type Result } from '@shared/result';
import { readReservation } from '../bookings/read';
import type { Queryable } from '../db';
import { findDetails, listDetails } from '../details/read';
import { toEventDetails } from '../details/row';

// The final details as the owner reads them: one booking's on the desk, every reservation's in the calendar feed.

/** GET /api/admin/details?bookingId=: the final details of reservation `bookingId` at `now` (all empty while none). */
export async function detailsForOwner(db: Queryable, bookingId: string, now: Date): Promise<Result<EventDetails, 'not_found'>> {
  const booking = await readReservation(db, bookingId);
  if (!booking) return refused('not_found');
  return done(toEventDetails(await findDetails(db, bookingId), booking, now));
}

/** The final details saved for any of `bookings`, by booking id, as the desk's views show them at `now`. */
export async function detailsOfBookings(
  db: Queryable,
  bookings: readonly { id: string; date: string }[],
  now: Date,
): Promise<Map<string, EventDetails>> {
  const rows = await listDetails(db, bookings.map((booking) => booking.id));
  return new Map(
    bookings.flatMap((booking) => {
      const row = rows.get(booking.id);
      return row ? [[booking.id, toEventDetails(row, booking, now)] as const] : [];
    }),
  );
}
