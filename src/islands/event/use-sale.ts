import { useEffect, useRef, useState } from 'react';
import type { EventLookup } from '../../lib/portal';
import type { CancelBookingView } from '@shared/schemas/cancel';
import type { ClientProposal } from '@shared/schemas/proposal';
import { EMPTY_DETAILS, detailsCloseAt, detailsDueOn } from '@shared/schemas/event-details';

/** The proposal and contract of the event (none before the owner sends one), and its final details (once signed). */
export type Sale = Omit<EventLookup, 'booking'>;

/** The event page's sale: what the look-up found, and what signing changes, with focus on the signed contract. */
export function useSale() {
  const [sale, setSale] = useState<Sale>({ proposal: null, contract: null, details: null });
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
    found: ({ proposal, contract, details }: Partial<Sale>) =>
      setSale({ proposal: proposal ?? null, contract: contract ?? null, details: details ?? null }),
    /**
     * The proposal as signed, shown in place of the form, and the final details it opens (none given yet); answers the
     * booking at its new stage, without a new look-up.
     */
    signed: (proposal: ClientProposal, booking: CancelBookingView): CancelBookingView => {
      justSigned.current = true;
      const opened = {
        ...EMPTY_DETAILS,
        updatedAt: null,
        updatedBy: null,
        dueOn: detailsDueOn(booking.date),
        open: Date.now() < detailsCloseAt(booking.date).getTime(),
        complete: false,
      };
      setSale((current) => ({ ...current, proposal, details: current.details ?? opened }));
      const open = booking.stage === 'held' || booking.stage === 'proposal_sent';
      return open ? { ...booking, stage: 'signed', tentativeUntil: null } : booking;
    },
  };
}
