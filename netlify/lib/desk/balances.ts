import { balanceOf, type Balance } from '@shared/schemas/payment';
import type { OwnerBooking } from '@shared/schemas/owner';
import { texasToday } from '@shared/texas-time';
import { listSignedHeld } from '../bookings/read';
import type { Queryable } from '../db';
import { paidByProposal } from '../payments/read';
import { signedProposalsOf } from '../proposals/read';
import { toProposal, type ProposalRow } from '../proposals/row';

// Who still owes money, across bookings, proposals and payments: each held booking with a signed contract whose
// payments (not voided) come to less than its total. The agenda lists what falls due; the scheduled run reminds.

/** A held, signed booking that still owes money: the booking, its signed proposal and where the balance stands. */
export type OpenBalance = { booking: OwnerBooking; proposal: ProposalRow; balance: Balance };

/** The open balances of held, signed bookings dated `from` or later, judged on the Texas day of `now`, by event date. */
export async function openBalances(db: Queryable, from: string, now: Date): Promise<OpenBalance[]> {
  const bookings = await listSignedHeld(db, from);
  const byId = new Map(bookings.map((booking) => [booking.id, booking]));
  const proposals = await signedProposalsOf(db, bookings.map((booking) => booking.id));
  const paid = await paidByProposal(db, proposals.map((row) => row.id));
  const today = texasToday(now);
  return proposals
    .flatMap((row): OpenBalance[] => {
      const booking = byId.get(row.booking_id);
      if (!booking) return [];
      const { totalCents, schedule } = toProposal(row);
      const balance = balanceOf(totalCents, schedule, paid.get(row.id) ?? 0, today);
      return balance.outstandingCents > 0 ? [{ booking, proposal: row, balance }] : [];
    })
    .sort((a, b) => (a.booking.date < b.booking.date ? -1 : a.booking.date > b.booking.date ? 1 : 0));
}
