import type { Ref } from 'react';
import type { CancelBookingCopy } from '../../content-schemas/cancel';
import type { PlannerSetup } from '../../lib/bar-planner';
import type { EventLookup } from '../../lib/portal';
import { telHref } from '@shared/phone';
import { OPEN_PROPOSAL_STATES, type ClientProposal } from '@shared/schemas/proposal';
import type { CancelBookingView } from '@shared/schemas/cancel';
import ContractText from '../event/ContractText';
import DetailsForm from '../event/DetailsForm';
import partStyles from '../event/Part.module.css';
import ProposalTable from '../event/ProposalTable';
import SignForm from '../event/SignForm';
import SignedContract from '../event/SignedContract';
import StageNote from '../event/StageNote';
import BookingDetails from './BookingDetails';
import CancelForm from './CancelForm';
import type { Refusal } from './refusal';
import styles from './Steps.module.css';

interface Props extends Omit<EventLookup, 'booking'> {
  copy: CancelBookingCopy;
  booking: CancelBookingView;
  token: string;
  /** The business's phone number: a signed booking is moved by calling it. */
  phone: string;
  /** The bar planner's rules, cocktails and ranges: the final details' shopping list is its plan. */
  planner: PlannerSetup;
  headingRef: Ref<HTMLHeadingElement>;
  /** Takes focus once the client has signed. */
  signedRef: Ref<HTMLHeadingElement>;
  onMove: () => void;
  onSigned: (proposal: ClientProposal) => void;
  onCancelled: (booking: CancelBookingView) => void;
  onRefused: (refusal: Refusal) => void;
}

/**
 * The client's event: where it stands, the booking, the proposal and its contract to read and sign (or as signed,
 * with its PDF), the final details once signed, then the two choices: move it to another date (by phone once signed), or cancel it.
 */
export default function ReadyStep(props: Props) {
  const { copy, booking, proposal, contract, details, token, phone, planner, headingRef, signedRef, onMove, onSigned, onCancelled, onRefused } =
    props;
  const signed = booking.stage === 'signed' || booking.stage === 'confirmed';
  const open = proposal !== null && OPEN_PROPOSAL_STATES.includes(proposal.state);
  return (
    <section aria-labelledby="cancel-booking-heading">
      <h2 id="cancel-booking-heading" ref={headingRef} tabIndex={-1}>{copy.heading}</h2>
      <StageNote copy={copy.stage} stage={booking.stage} validUntil={proposal?.validUntil} tentativeUntil={booking.tentativeUntil} />
      <BookingDetails copy={copy} booking={booking} />
      {proposal && <ProposalTable copy={copy.proposal} proposal={proposal} />}
      {proposal && contract && <ContractText copy={copy.contract} contract={contract} />}
      {proposal && open && contract && (
        <SignForm copy={copy.sign} esign={contract.esign} token={token} proposalId={proposal.id} onSigned={onSigned} onRefused={onRefused} />
      )}
      {proposal?.signedAt && <SignedContract copy={copy.signed} proposal={proposal} token={token} headingRef={signedRef} />}
      {details && (
        <DetailsForm copy={copy.details} details={details} booking={booking} token={token} phone={phone} planner={planner} onRefused={onRefused} />
      )}
      <section className={partStyles.part} aria-labelledby="event-actions-heading">
        <h3 id="event-actions-heading" className={styles.actions}>{copy.actions}</h3>
        <div className={styles.choice}>
          {signed ? (
            <p>
              {copy.change.signed} <a className={styles.slot} href={telHref(phone)}>{phone}</a>
            </p>
          ) : (
            <>
              <p>{copy.change.question}</p>
              <button type="button" className={`btn btn--secondary ${styles.wide}`} onClick={onMove}>
                {copy.change.open}
              </button>
            </>
          )}
        </div>
        <CancelForm copy={copy} booking={booking} token={token} onCancelled={onCancelled} onRefused={onRefused} />
      </section>
    </section>
  );
}
