import type { BookingMoney, OwnerBooking } from '@shared/schemas/owner';
import { listBookings } from '../bookings/read';
import type { Queryable } from '../db';
import { paidByProposal } from '../payments/read';
import { signedProposalsOf } from '../proposals/read';

// The bookings list as the desk shows it, across bookings, proposals and payments: every hold in a range, and for a
// reservation with a signed contract where its money stands, so the owner sees who still owes without opening a row.

/**
 * GET /api/admin/bookings?from=&to=: every reservation and block dated in `range` (listBookings), each reservation
 * with a signed (or countersigned) proposal carrying `money`: the total, the payments not voided, what is still owed.
 * Three queries whatever the range's size.
 */
export async function listBookingsForDesk(db: Queryable, range: { from: string; to: string }): Promise<OwnerBooking[]> {
  const bookings = await listBookings(db, range);
  const signed = await signedProposalsOf(
    db,
    bookings.filter((booking) => booking.kind === 'reservation').map((booking) => booking.id),
  );
  const paid = await paidByProposal(db, signed.map((row) => row.id));
  const money = new Map(
    signed.map((row): [string, BookingMoney] => {
      const totalCents = Number(row.total_cents);
      const paidCents = paid.get(row.id) ?? 0;
      return [row.booking_id, { totalCents, paidCents, outstandingCents: Math.max(0, totalCents - paidCents) }];
    }),
  );
  return bookings.map((booking) => {
    const standing = money.get(booking.id);
    return standing ? { ...booking, money: standing } : booking;
  });
}
