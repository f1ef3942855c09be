import type { DeskCopy } from '../../content-schemas/desk';
import type { SaleStanding } from '@shared/schemas/owner/bookings';
import { fillTemplate } from '@shared/template';
import { texasToday } from '@shared/texas-time';
import styles from './HoldMark.module.css';

interface Props extends SaleStanding {
  copy: DeskCopy['stageMarks'];
}

const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * The last Texas day a tentative hold holds, short ("Jun 5"): the day of the instant just before it ends, so a hold
 * ending as Jun 6 begins (the end of a proposal's last day) reads as Jun 5.
 */
export function tentativeDay(tentativeUntil: string): string {
  const end = Date.parse(tentativeUntil);
  if (Number.isNaN(end)) return tentativeUntil;
  return shortDate.format(new Date(`${texasToday(new Date(end - 1))}T00:00:00Z`));
}

/** A reservation's mark: its stage, or "tentative" while its hold waits for a signature and has an end. */
function markOf({ stage, tentativeUntil }: SaleStanding): keyof Props['copy'] {
  return tentativeUntil !== null && (stage === 'held' || stage === 'proposal_sent') ? 'tentative' : stage;
}

/** The words of a reservation's stage: "Tentative until Jun 5" while a tentative hold, else the stage's own. */
export function holdMarkText(copy: Props['copy'], standing: SaleStanding): string {
  const mark = markOf(standing);
  return mark === 'tentative' ? fillTemplate(copy.tentative, { date: tentativeDay(standing.tentativeUntil!) }) : copy[mark];
}

/**
 * A small mark of where a reservation stands in the sale: held (not signed), proposal sent, a tentative hold with
 * its last day, signed, confirmed. For the agenda and the bookings list.
 */
export default function HoldMark({ copy, stage, tentativeUntil }: Props) {
  const mark = markOf({ stage, tentativeUntil });
  return (
    <span className={`${styles.mark} ${styles[mark] ?? ''}`} data-stage={mark}>
      {holdMarkText(copy, { stage, tentativeUntil })}
    </span>
  );
}
