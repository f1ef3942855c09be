import { balanceOf, type Balance } from '@shared/schemas/payment';
import { SIGNED_PROPOSAL_STATES } from '@shared/schemas/proposal';
import type { OwnerBooking } from '@shared/schemas/owner';
import { texasToday } from '@shared/texas-time';
import { listSignedHeld } from '../bookings/read';
import type { Queryable } from '../db';
import { paidByProposal } from '../payments/read';
import { signedProposalsOf } from '../proposals/read';
import { toProposal, type ProposalRow } from '../proposals/row';

// Where the money of a signed proposal stands, across proposals and payments (the desk, the event page and the
// scheduled run read it here), and who still owes money: each held booking with a signed contract whose
// payments (not voided) come to less than its total. The agenda lists what falls due; the scheduled run reminds.

/** Whether a proposal in this state takes payments: only a signed (or countersigned) one. */
export const isPayable = (row: Pick<ProposalRow, 'state'>) => SIGNED_PROPOSAL_STATES.includes(row.state);

/** Where proposal `row`'s money stands at `now` (Texas day), its payments not voided summed now. */
export async function balanceOfProposal(db: Queryable, row: ProposalRow, now: Date): Promise<Balance> {
  const paid = (await paidByProposal(db, [row.id])).get(row.id) ?? 0;
  const proposal = toProposal(row);
  return balanceOf(proposal.totalCents, proposal.schedule, paid, texasToday(now));
}

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
