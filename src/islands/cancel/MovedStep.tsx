import type { Ref } from 'react';
import type { CancelBookingCopy } from '../../content-schemas/cancel';
import { texasWindow } from '../../lib/cancel-link';
import { fillTemplate } from '@shared/template';
import type { CancelBookingView } from '@shared/schemas/cancel';
import styles from './Steps.module.css';

interface Props {
  copy: CancelBookingCopy;
  booking: CancelBookingView;
  headingRef: Ref<HTMLHeadingElement>;
  onBack: () => void;
}

/** After a move: the new date and slot in Texas time, the updated invitation on its way, the link still good. */
export default function MovedStep({ copy, booking, headingRef, onBack }: Props) {
  const when = texasWindow(booking);
  return (
    <div className={styles.done}>
      <h2 ref={headingRef} tabIndex={-1}>{copy.moved.heading}</h2>
      <p>{fillTemplate(copy.moved.text, { date: when.date, time: fillTemplate(copy.timeWindow, when) })}</p>
      <p>{copy.moved.again}</p>
      <button type="button" className="btn btn--secondary" onClick={onBack}>
        {copy.moved.back}
      </button>
    </div>
  );
}
