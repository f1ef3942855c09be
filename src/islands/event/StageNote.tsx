import type { CancelBookingCopy } from '../../content-schemas/cancel';
import { fillTemplate } from '@shared/template';
import { formatLongDate, texasToday } from '@shared/texas-time';
import type { BookingStage } from '@shared/schemas/proposal';
import styles from './StageNote.module.css';

interface Props {
  copy: CancelBookingCopy['stage'];
  stage: BookingStage;
  /** The last Texas day the open proposal may be signed (YYYY-MM-DD), for the proposal's stage. */
  validUntil?: string;
  /** When a tentative hold ends (ISO instant), or null for a date held without end. */
  tentativeUntil: string | null;
}

/** Where the booking stands in the sale: the stage's name and what is agreed at that stage, with a hold's end. */
export default function StageNote({ copy, stage, validUntil, tentativeUntil }: Props) {
  const words = copy[stage];
  const text = stage === 'proposal_sent' ? fillTemplate(words.text, { validUntil: validUntil ? formatLongDate(validUntil) : '' }) : words.text;
  const holdsUntil = tentativeUntil && (stage === 'held' || stage === 'proposal_sent');
  return (
    <div className={styles.note} data-stage={stage}>
      <p className={styles.stage}>
        <span className={styles.label}>{copy.label}</span> <strong className={styles.badge}>{words.label}</strong>
      </p>
      <p>{text}</p>
      {holdsUntil && <p>{fillTemplate(copy.tentative, { until: formatLongDate(texasToday(new Date(Date.parse(tentativeUntil) - 1))) })}</p>}
    </div>
  );
}
