import { useEffect, useRef, useState } from 'react';
import { isSignedStage } from '@shared/schemas/booking';
import type { CancelBookingCopy } from '../../content-schemas/cancel';
import { cancelBooking } from '../../lib/cancel-link';
import { CancelRequestSchema, type CancelBookingView } from '@shared/schemas/cancel';
import ConfirmCancel from '../event/ConfirmCancel';
import confirmStyles from '../event/ConfirmCancel.module.css';
import { useApiForm } from '../form/use-api-form';
import { linkRefusal, type Refusal } from './refusal';
import styles from './Steps.module.css';

interface Props {
  copy: CancelBookingCopy;
  booking: CancelBookingView;
  token: string;
  /** The retainer's terms (the change policy's), named before a signed booking is cancelled. */
  retainerTerms?: string | undefined;
  onCancelled: (booking: CancelBookingView) => void;
  onRefused: (refusal: Refusal) => void;
}

/**
 * The "Cancel my booking" question and button, then the question asked once more in place (what is lost, "Keep my
 * booking" first); only "Yes, cancel it" sends the one POST of the token, its failure shown in place.
 */
export default function CancelForm({ copy, booking, token, retainerTerms, onCancelled, onRefused }: Props) {
  const [asking, setAsking] = useState(false);
  const open = useRef<HTMLButtonElement>(null);
  const form = useApiForm({
    schema: CancelRequestSchema,
    read: () => ({ token }),
    send: cancelBooking,
    failure: copy.failure,
    failureToast: false,
    onSuccess: ({ booking: cancelled }) => onCancelled(cancelled),
    onFailure: (error) => {
      const refused = linkRefusal(error);
      if (refused) onRefused(refused);
    },
  });
  const kept = useRef(false);
  // "Keep my booking" hands focus back to the button that asked, once it is shown again.
  useEffect(() => {
    if (!asking && kept.current) open.current?.focus();
  }, [asking]);
  const keep = () => {
    kept.current = true;
    setAsking(false);
  };

  return (
    <form noValidate aria-labelledby="cancel-question" aria-busy={form.pending} onSubmit={form.onSubmit} className={styles.choice}>
      <p id="cancel-question">{copy.question}</p>
      {form.failure && <p role="alert" className={styles.failure}>{form.failure}</p>}
      {asking ? (
        <ConfirmCancel
          copy={copy.confirm}
          booking={booking}
          signed={isSignedStage(booking.stage)}
          retainerTerms={retainerTerms}
          pending={form.pending}
          pendingLabel={copy.pending}
          onKeep={keep}
        />
      ) : (
        <>
          <button ref={open} type="button" className={`btn ${confirmStyles.danger} ${styles.wide}`} onClick={() => setAsking(true)}>
            {copy.submit}
          </button>
          <p className={styles.keep}>{copy.keep}</p>
        </>
      )}
    </form>
  );
}
