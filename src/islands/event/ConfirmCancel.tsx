import { useEffect, useRef } from 'react';
import type { CancelBookingCopy } from '../../content-schemas/cancel';
import { fillTemplate } from '@shared/template';
import { formatLongDate } from '@shared/texas-time';
import { slotLabel } from '@shared/time-slots';
import type { CancelBookingView } from '@shared/schemas/cancel';
import styles from './ConfirmCancel.module.css';

interface Props {
  copy: CancelBookingCopy['confirm'];
  booking: Pick<CancelBookingView, 'date' | 'timeSlot'>;
  /** Whether a signed contract (and its retainer terms) ends with the booking. */
  signed: boolean;
  /** The retainer's terms (the change policy's), said with a signed contract's. */
  retainerTerms?: string | undefined;
  pending: boolean;
  /** The button's words while the cancellation is sent. */
  pendingLabel: string;
  onKeep: () => void;
}

/**
 * The question asked once more before cancelling, inside the page: it names the date and slot released (and the
 * signed contract's terms with the retainer's), "Keep my booking" is the primary button, "Yes, cancel it" submits the
 * enclosing form.
 * The question takes focus when shown, so it is read out before either button.
 */
export default function ConfirmCancel({ copy, booking, signed, retainerTerms, pending, pendingLabel, onKeep }: Props) {
  const question = useRef<HTMLDivElement>(null);
  useEffect(() => question.current?.focus(), []);
  return (
    <div className={styles.confirm} role="group" aria-labelledby="confirm-cancel-ask">
      <div ref={question} tabIndex={-1} className={styles.question}>
        <p id="confirm-cancel-ask">{fillTemplate(copy.ask, { date: formatLongDate(booking.date), slot: slotLabel(booking.timeSlot) })}</p>
        {signed && <p>{copy.signed}</p>}
        {signed && retainerTerms && <p>{retainerTerms}</p>}
      </div>
      <div className={styles.actions}>
        <button type="button" className="btn btn--primary" onClick={onKeep} disabled={pending}>
          {copy.keep}
        </button>
        <button type="submit" className={`btn ${styles.danger}`} disabled={pending} aria-busy={pending}>
          {pending ? pendingLabel : copy.submit}
        </button>
      </div>
    </div>
  );
}
