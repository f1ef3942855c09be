import { lockForSale } from '../bookings/sale';
import { releaseTentativeHold } from '../bookings/release';
import type { Queryable } from '../db';
import { proposalMail } from '../desk/proposals';
import { enqueueProposalExpiredMails } from '../mail/outbox/proposal';
import { findProposal, dueForExpiry } from '../proposals/read';
import { expireProposal } from '../proposals/sale';
import { inTransaction } from '../transaction';

/** Most proposals one run expires; the rest wait for the next run. */
export const EXPIRY_BATCH = 50;

/**
 * The scheduled rule of proposals whose time is up at `now` (the end of their valid-until day in Texas): each in a
 * transaction of its own, its booking locked first, the proposal expired only if still open and due (of two runs at
 * once, the second finds it expired and does nothing), then a tentative hold it made released and both sides told.
 * Answers how many it expired; stops starting new ones at `deadline` (ms since the epoch).
 */
export async function expireDueProposals(db: Queryable, now: Date, options: { deadline?: number } = {}): Promise<{ expired: number; deferred: number }> {
  const due = await dueForExpiry(db, now, EXPIRY_BATCH);
  let expired = 0;
  for (const [index, id] of due.entries()) {
    if (options.deadline !== undefined && Date.now() >= options.deadline) return { expired, deferred: due.length - index };
    const mailIds = await inTransaction(db, async (tx) => {
      const row = await findProposal(tx, id);
      const booking = row && (await lockForSale(tx, row.booking_id));
      const closed = await expireProposal(tx, id, now);
      if (!closed || !booking) return undefined;
      // The hold ends only if it was this proposal's and is still due (a signature since keeps it).
      const released = booking.tentativeUntil ? await releaseTentativeHold(tx, booking.id, now) : undefined;
      return enqueueProposalExpiredMails(tx, proposalMail({ ...booking, tentativeUntil: released ? booking.tentativeUntil : null }, closed));
    });
    if (mailIds) expired += 1;
  }
  return { expired, deferred: 0 };
}
