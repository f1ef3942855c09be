import type { DeskCopy } from '../../content-schemas/desk';
import { formatCents } from '@shared/money';
import type { AgendaPaymentDue } from '@shared/schemas/owner/agenda';
import { fillTemplate } from '@shared/template';
import { formatLongDate } from '@shared/texas-time';
import styles from './desk.module.css';

interface Props {
  copy: DeskCopy['agenda']['paymentsDue'];
  due: readonly AgendaPaymentDue[];
}

/**
 * The money due this week on the agenda: each schedule line still owed that falls due in the next seven days, and
 * every overdue one (marked), with the client, what it is, how much is left, its due date and the event's date.
 * Nothing when nothing is due.
 */
export default function AgendaPaymentsDue({ copy, due }: Props) {
  if (due.length === 0) return null;
  return (
    <section className={`${styles.agendaDay} ${styles.agendaDue}`} aria-labelledby="agenda-payments-due">
      <h3 id="agenda-payments-due" className={styles.agendaDate}>
        {copy.heading}
      </h3>
      <p className={styles.meta}>{copy.lead}</p>
      <ul className={styles.list}>
        {due.map((line) => (
          <li key={`${line.proposalId} ${line.dueOn} ${line.label}`} className={`${styles.item} ${styles.agendaItem}`}>
            <bdi className={styles.name}>{line.clientName}</bdi>
            {line.overdue && <span className={`${styles.badge} ${styles.badge_overdue}`}>{copy.overdue}</span>}
            <span>{fillTemplate(copy.line, { label: line.label, amount: formatCents(line.amountCents), date: formatLongDate(line.dueOn) })}</span>
            <span className={styles.meta}>{fillTemplate(copy.event, { date: formatLongDate(line.eventDate) })}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
