import type { Ref } from 'react';
import type { CancelBookingCopy } from '../../content-schemas/cancel';
import type { CancelBookingView } from '@shared/schemas/cancel';
import BookingDetails from './BookingDetails';
import CancelForm from './CancelForm';
import type { Refusal } from './refusal';
import styles from './Steps.module.css';

interface Props {
  copy: CancelBookingCopy;
  booking: CancelBookingView;
  token: string;
  headingRef: Ref<HTMLHeadingElement>;
  onMove: () => void;
  onCancelled: (booking: CancelBookingView) => void;
  onRefused: (refusal: Refusal) => void;
}

/** The booking the link leads to, with its two choices: move it to another date, or cancel it. */
export default function ReadyStep({ copy, booking, token, headingRef, onMove, onCancelled, onRefused }: Props) {
  return (
    <section aria-labelledby="cancel-booking-heading">
      <h2 id="cancel-booking-heading" ref={headingRef} tabIndex={-1}>{copy.heading}</h2>
      <BookingDetails copy={copy} booking={booking} />
      <div className={styles.choice}>
        <p>{copy.change.question}</p>
        <button type="button" className={`btn btn--secondary ${styles.wide}`} onClick={onMove}>
          {copy.change.open}
        </button>
      </div>
      <CancelForm copy={copy} token={token} onCancelled={onCancelled} onRefused={onRefused} />
    </section>
  );
}
