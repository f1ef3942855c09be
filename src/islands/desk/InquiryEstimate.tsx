import type { DeskCopy } from '../../content-schemas/desk';
import { formatCents } from '@shared/money';
import type { PricedRequest } from '@shared/pricing';
import { fillTemplate } from '@shared/template';
import { formatLongDate } from '@shared/time-slots';
import Template from './Template';
import styles from './desk.module.css';

interface Props {
  copy: DeskCopy['inquiries']['estimate'];
  priced: PricedRequest;
}

/**
 * The estimate an inquiry carries, as the server priced it when it arrived: a compact table of its lines (label,
 * quantity, unit, amount) with subtotal, tax and total under them, then the deposit and the balance with its date.
 */
export default function InquiryEstimate({ copy, priced }: Props) {
  const { estimate, request } = priced;
  const { deposit, balance } = estimate;
  const balanceLabel =
    balance.dueOn === null ? copy.balanceUndated : fillTemplate(copy.balance, { date: formatLongDate(balance.dueOn) });
  const total = (label: string, cents: number, strong = false) => (
    <tr className={strong ? styles.estimateTotal : undefined}>
      <th scope="row" colSpan={3}>{label}</th>
      <td>{formatCents(cents)}</td>
    </tr>
  );
  return (
    <section className={styles.estimate} aria-label={copy.heading}>
      <h3 className={styles.messageHeading}>{copy.heading}</h3>
      <p className={styles.meta}>
        <Template text={copy.lead} values={{ zip: request.zip, bartenders: String(estimate.bartenders) }} />
      </p>
      <div className={styles.estimateScroll}>
        <table className={styles.estimateTable}>
          <thead>
            <tr>
              <th scope="col">{copy.columns.item}</th>
              <th scope="col">{copy.columns.quantity}</th>
              <th scope="col">{copy.columns.unit}</th>
              <th scope="col">{copy.columns.amount}</th>
            </tr>
          </thead>
          <tbody>
            {estimate.lines.map((line) => (
              <tr key={line.id}>
                <th scope="row">{line.label}</th>
                <td>{line.quantity.toLocaleString('en-US')}</td>
                <td>{formatCents(line.unitCents)}</td>
                <td>{formatCents(line.amountCents)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            {total(copy.subtotal, estimate.subtotalCents)}
            {total(copy.tax, estimate.taxCents)}
            {total(copy.total, estimate.totalCents, true)}
            {total(copy.deposit, deposit.amountCents)}
            {balance.amountCents > 0 && total(balanceLabel, balance.amountCents)}
          </tfoot>
        </table>
      </div>
    </section>
  );
}
