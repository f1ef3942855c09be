import type { DeskCopy } from '../../../content-schemas/desk';
import { formatCents } from '@shared/money';
import { methodLabel, type Balance, type Payment, type ScheduleStanding } from '@shared/schemas/payment';
import { fillTemplate } from '@shared/template';
import { formatLongDate, formatTexasMoment } from '@shared/texas-time';
import Template from '../Template';
import deskStyles from '../desk.module.css';
import styles from './payments.module.css';

type Copy = DeskCopy['payments'];

/** A schedule line's standing on the desk: paid, due on its date, overdue since it, or partly paid. */
export function standingText(copy: Copy, line: ScheduleStanding): string {
  const date = formatLongDate(line.dueOn);
  if (line.status === 'paid') return copy.standing.paid;
  if (line.paidCents > 0) {
    return fillTemplate(copy.standing.part, { paid: formatCents(line.paidCents), outstanding: formatCents(line.outstandingCents), date });
  }
  return fillTemplate(line.status === 'overdue' ? copy.standing.overdue : copy.standing.due, { date });
}

/** Each line of the schedule with its amount and its standing (an overdue one marked). */
export function BalanceLines({ copy, balance }: { copy: Copy; balance: Balance }) {
  return (
    <ul className={styles.lines} aria-label={copy.scheduleLabel}>
      {balance.schedule.map((line, index) => (
        <li key={index} className={styles[`line_${line.status}`]}>
          <span className={deskStyles.name}>{line.label}</span> <span>{formatCents(line.amountCents)}</span>{' '}
          <span className={deskStyles.meta}>{standingText(copy, line)}</span>
        </li>
      ))}
    </ul>
  );
}

interface Props {
  copy: Copy;
  payment: Payment;
  onVoid: (payment: Payment) => void;
}

/**
 * One payment: how much, how and when it came in, its reference, who recorded it; a voided one struck through with
 * who voided it and why; "Void" on one that counts.
 */
export default function PaymentItem({ copy, payment, onVoid }: Props) {
  const voided = payment.voidedAt !== null;
  const summaryId = `payment-${payment.id}-summary`;
  const summary = fillTemplate(copy.item, {
    amount: formatCents(payment.amountCents),
    method: methodLabel(payment.method),
    date: formatLongDate(payment.receivedOn),
  });
  return (
    <li className={`${deskStyles.item} ${styles.payment} ${voided ? styles.voided : ''}`} id={`payment-${payment.id}`} tabIndex={-1}>
      <span className={styles.paymentHead}>
        {voided ? (
          <>
            <span className={`${deskStyles.badge} ${styles.voidedBadge}`}>{copy.voided}</span>{' '}
            <s id={summaryId}>{summary}</s>
          </>
        ) : (
          <span id={summaryId} className={deskStyles.name}>
            {summary}
          </span>
        )}
      </span>
      {payment.reference && (
        <span className={deskStyles.meta}>
          <Template text={copy.reference} values={{ reference: <bdi>{payment.reference}</bdi> }} />
        </span>
      )}
      <span className={deskStyles.meta}>
        <Template text={copy.recordedBy} values={{ name: <bdi>{payment.recordedBy}</bdi>, date: formatTexasMoment(payment.recordedAt) }} />
      </span>
      {voided && (
        <span className={deskStyles.meta}>
          <Template
            text={copy.voidedBy}
            values={{ name: <bdi>{payment.voidedBy}</bdi>, date: formatTexasMoment(payment.voidedAt!), reason: <bdi>{payment.voidReason}</bdi> }}
          />
        </span>
      )}
      {!voided && (
        <button type="button" className={`btn btn--secondary ${deskStyles.rowAction}`} aria-describedby={summaryId} onClick={() => onVoid(payment)}>
          {copy.void}
        </button>
      )}
    </li>
  );
}
