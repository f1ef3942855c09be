import type { Ref } from 'react';
import type { CancelBookingCopy } from '../../content-schemas/cancel';
import type { PlannerSetup } from '../../lib/bar-planner';
import type { EventLookup } from '../../lib/portal';
import type { ClientPolicy } from '@shared/change-policy';
import { telHref } from '@shared/phone';
import { isSignedStage } from '@shared/schemas/booking';
import { OPEN_PROPOSAL_STATES, type ClientProposal } from '@shared/schemas/proposal';
import type { CancelBookingView } from '@shared/schemas/cancel';
import ChangePolicy, { CallUs } from '../event/ChangePolicy';
import ContractText from '../event/ContractText';
import PaymentsPart from '../event/PaymentsPart';
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

interface Props extends Omit<EventLookup, 'booking' | 'policy'> {
  /** The change policy as the look-up judged it (none from a server that sends none: both choices are offered). */
  policy: ClientPolicy | null;
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
 * with its PDF), once signed the payments and the final details, then the change policy and the two choices: move it
 * to another date (by phone once signed or at the move limit), or cancel it. Inside the policy's window neither choice
 * is shown: the policy says whom to call.
 */
export default function ReadyStep(props: Props) {
  const { copy, booking, proposal, contract, policy, payments, details, token, phone, planner, headingRef, signedRef, onMove, onSigned, onCancelled, onRefused } =
    props;
  const signed = isSignedStage(booking.stage);
  const closed = policy !== null && !policy.canCancel;
  const canMove = !signed && (policy?.canMove ?? true);
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
      {proposal?.signedAt && payments && <PaymentsPart copy={copy.payments} payments={payments} />}
      {details && (
        <DetailsForm copy={copy.details} details={details} booking={booking} token={token} phone={phone} planner={planner} onRefused={onRefused} />
      )}
      <section className={partStyles.part} aria-labelledby="event-actions-heading">
        <h3 id="event-actions-heading" className={styles.actions}>{copy.actions}</h3>
        {policy && <ChangePolicy copy={copy.policy} policy={policy} signed={signed} />}
        {!closed && (
          <>
            <div className={styles.choice}>
              {canMove ? (
                <>
                  <p>{copy.change.question}</p>
                  <button type="button" className={`btn btn--secondary ${styles.wide}`} onClick={onMove}>
                    {copy.change.open}
                  </button>
                </>
              ) : signed || !policy ? (
                <p>
                  {copy.change.signed} <a className={styles.slot} href={telHref(phone)}>{phone}</a>
                </p>
              ) : (
                <p>
                  <CallUs text={copy.policy.limit} values={{ max: policy.maxMoves }} phone={policy.phone} />
                </p>
              )}
            </div>
            <CancelForm
              copy={copy}
              booking={booking}
              token={token}
              retainerTerms={policy?.retainerTerms}
              onCancelled={onCancelled}
              onRefused={onRefused}
            />
          </>
        )}
      </section>
    </section>
  );
}
