import type { BrowserPrices } from '../../lib/estimate';
import { balanceText, depositText } from '../../lib/estimate-words';
import type { PlannerRules } from '../../lib/bar-planner';
import { formatCents } from '@shared/money';
import type { Estimate } from '@shared/pricing';
import styles from '../BarPlanner.module.css';

interface Props {
  /** The estimate on show: the last priced one, dimmed while `pending`. */
  estimate: Estimate;
  pending: boolean;
  prices: Pick<BrowserPrices, 'deposit'>;
  copy: PlannerRules['copy']['price'];
}

/**
 * An estimate as a table that explains itself: each line's label, quantity, unit price and amount (the server's
 * words: the travel line names the miles and the area), then subtotal, tax, total, deposit and balance.
 */
export default function PriceResults({ estimate, pending, prices, copy }: Props) {
  const money = (cents: number) => <td className={styles.money}>{formatCents(cents)}</td>;
  return (
    <div className={styles.price} aria-busy={pending}>
      <table className={`${styles.table} ${styles.priceTable}`}>
        <caption>{copy.heading}</caption>
        <thead>
          <tr>
            <th scope="col">{copy.itemHeader}</th>
            <th scope="col" className={styles.money}>
              {copy.quantityHeader}
            </th>
            <th scope="col" className={styles.money}>
              {copy.unitHeader}
            </th>
            <th scope="col" className={styles.money}>
              {copy.amountHeader}
            </th>
          </tr>
        </thead>
        <tbody>
          {estimate.lines.map((line) => (
            <tr key={line.id}>
              <th scope="row">{line.label}</th>
              <td className={styles.money}>{line.quantity}</td>
              {money(line.unitCents)}
              {money(line.amountCents)}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={3}>
              {copy.subtotal}
            </th>
            {money(estimate.subtotalCents)}
          </tr>
          <tr>
            <th scope="row" colSpan={3}>
              {copy.tax}
            </th>
            {money(estimate.taxCents)}
          </tr>
          <tr className={styles.total}>
            <th scope="row" colSpan={3}>
              {copy.total}
            </th>
            {money(estimate.totalCents)}
          </tr>
          <tr>
            <th scope="row" colSpan={3}>
              {depositText(estimate, prices, copy)}
            </th>
            {money(estimate.deposit.amountCents)}
          </tr>
          {estimate.balance.amountCents > 0 && (
            <tr>
              <th scope="row" colSpan={3}>
                {balanceText(estimate, prices, copy)}
              </th>
              {money(estimate.balance.amountCents)}
            </tr>
          )}
        </tfoot>
      </table>
      <p className={styles.note}>{copy.note}</p>
    </div>
  );
}
