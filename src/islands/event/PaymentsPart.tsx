import type { CancelBookingCopy } from '../../content-schemas/cancel';
import { formatCents } from '@shared/money';
import { PAYMENT_NOTICE, methodLabel, type Balance, type ClientPayment, type ScheduleStanding } from '@shared/schemas/payment';
import { fillTemplate } from '@shared/template';
import { formatLongDate } from '@shared/texas-time';
import tableStyles from '../../styles/data-table.module.css';
import partStyles from './Part.module.css';
import styles from './PaymentsPart.module.css';

interface Props {
  copy: CancelBookingCopy['payments'];
  payments: { list: ClientPayment[]; balance: Balance };
}

/** A schedule line's standing in words: paid, due, overdue, or how much of it is paid and how much is left. */
function standing(copy: Props['copy'], line: ScheduleStanding): string {
  if (line.status !== 'paid' && line.paidCents > 0) {
    return fillTemplate(copy.part, { paid: formatCents(line.paidCents), outstanding: formatCents(line.outstandingCents) });
  }
  return copy.statuses[line.status];
}

/**
 * The money of a signed contract, as we recorded it: paid so far and still to pay, each payment received (date,
 * method, amount), each line of the schedule with its date and whether it is paid, due or overdue, and the notice
 * that we record payments and this site takes no card.
 */
export default function PaymentsPart({ copy, payments }: Props) {
  const { list, balance } = payments;
  return (
    <section className={`${partStyles.part} ${styles.payments}`} aria-labelledby="payments-heading">
      <h3 id="payments-heading">{copy.heading}</h3>
      <dl className={styles.totals}>
        <div>
          <dt>{copy.paid}</dt>
          <dd>{formatCents(balance.paidCents)}</dd>
        </div>
        <div className={balance.outstandingCents > 0 ? styles.owed : undefined}>
          <dt>{copy.outstanding}</dt>
          <dd>{formatCents(balance.outstandingCents)}</dd>
        </div>
      </dl>
      {balance.outstandingCents === 0 && <p className={styles.done}>{copy.paidInFull}</p>}
      {list.length === 0 ? (
        <p className={styles.none}>{copy.none}</p>
      ) : (
        <table className={`${tableStyles.table} ${styles.table}`}>
          <caption>{copy.received}</caption>
          <thead>
            <tr>
              <th scope="col">{copy.date}</th>
              <th scope="col">{copy.method}</th>
              <th scope="col" className={styles.amount}>{copy.amount}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((payment) => (
              <tr key={payment.id}>
                <th scope="row">{formatLongDate(payment.receivedOn)}</th>
                <td className={styles.method}>{methodLabel(payment.method)}</td>
                <td className={styles.amount}>{formatCents(payment.amountCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <table className={`${tableStyles.table} ${styles.table}`}>
        <caption>{copy.schedule}</caption>
        <thead>
          <tr>
            <th scope="col">{copy.payment}</th>
            <th scope="col" className={styles.amount}>{copy.amount}</th>
            <th scope="col">{copy.status}</th>
          </tr>
        </thead>
        <tbody>
          {balance.schedule.map((line, index) => (
            <tr key={index}>
              <th scope="row">
                {line.label}
                <span className={styles.due}>
                  {copy.due} {formatLongDate(line.dueOn)}
                </span>
              </th>
              <td className={styles.amount}>{formatCents(line.amountCents)}</td>
              <td>
                <span className={`${styles.status} ${styles[`status_${line.status}`]}`}>{standing(copy, line)}</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className={styles.notice}>{PAYMENT_NOTICE}</p>
    </section>
  );
}
