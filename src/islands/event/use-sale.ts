import { useEffect, useRef, useState } from 'react';
import type { EventLookup } from '../../lib/portal';
import { clientPolicy, type ClientPolicy } from '@shared/change-policy';
import type { CancelBookingView } from '@shared/schemas/cancel';
import { balanceOf } from '@shared/schemas/payment';
import type { ClientProposal } from '@shared/schemas/proposal';
import { texasToday } from '@shared/texas-time';
import { EMPTY_DETAILS, detailsCloseAt, detailsDueOn } from '@shared/schemas/event-details';

/**
 * The proposal and contract of the event (none before the owner sends one), once signed its payments and final
 * details, and the change policy as it stands.
 */
export type Sale = Omit<EventLookup, 'booking' | 'policy'> & {
  /** None only from a server that sends none: the page then offers the move and cancel, and the server judges. */
  policy: ClientPolicy | null;
};

/** The event page's sale: what the look-up found, and what signing changes, with focus on the signed contract. */
export function useSale() {
  const [sale, setSale] = useState<Sale>({ proposal: null, contract: null, policy: null, payments: null, details: null });
  const signedHeading = useRef<HTMLHeadingElement>(null);
  const justSigned = useRef(false);

  // Once signed, the signed contract's heading takes focus: the form it replaces is gone.
  useEffect(() => {
    if (justSigned.current) signedHeading.current?.focus();
    justSigned.current = false;
  }, [sale.proposal]);

  return {
    sale,
    signedHeading,
    /** The look-up's answer; before the owner sends a proposal there is none to show. */
    found: ({ proposal, contract, policy, payments, details }: Partial<Omit<EventLookup, 'booking'>>) =>
      setSale({
        proposal: proposal ?? null,
        contract: contract ?? null,
        policy: policy ?? null,
        payments: payments ?? null,
        details: details ?? null,
      }),
    /**
     * The proposal as signed, shown in place of the form, with the payments and the final details it opens (nothing
     * paid or given yet); answers the booking at its new stage, without a new look-up.
     */
    signed: (proposal: ClientProposal, booking: CancelBookingView): CancelBookingView => {
      justSigned.current = true;
      // Nothing is paid at the moment of signing: the schedule's standing as of today, until the next look-up.
      const payments = { list: [], balance: balanceOf(proposal.totalCents, proposal.schedule, 0, texasToday(new Date())) };
      const opened = {
        ...EMPTY_DETAILS,
        updatedAt: null,
        updatedBy: null,
        dueOn: detailsDueOn(booking.date),
        open: Date.now() < detailsCloseAt(booking.date).getTime(),
        complete: false,
      };
      setSale((current) => ({ ...current, proposal, payments: current.payments ?? payments, details: current.details ?? opened }));
      const open = booking.stage === 'held' || booking.stage === 'proposal_sent';
      return open ? { ...booking, stage: 'signed', tentativeUntil: null } : booking;
    },
    /**
     * The client's own move, without a new look-up: one move more, and the window of the new date (the server's rules
     * and count, judged as the server does; its judgement of the next change is the one that counts).
     */
    moved: (booking: CancelBookingView) =>
      setSale((current) => {
        const { policy } = current;
        if (!policy) return current;
        const clientMoves = policy.movesUsed + 1;
        return { ...current, policy: clientPolicy({ date: booking.date, clientMoves, signed: false }, new Date(), policy) };
      }),
  };
}
