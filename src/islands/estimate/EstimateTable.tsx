import { formatCents } from '@shared/money';
import type { Estimate } from '@shared/pricing';
import styles from './EstimateTable.module.css';

/** The words around an estimate's figures: its caption, the column headings, the totals', deposit's and balance's. */
export interface EstimateTableWords {
  caption?: string;
  item: string;
  quantity: string;
  unit: string;
  amount: string;
  subtotal: string;
  tax: string;
  total: string;
  deposit: string;
  balance: string;
}

interface Props {
  estimate: Estimate;
  words: EstimateTableWords;
}

/**
 * An estimate as a table that explains itself, wherever it is shown (the planner on /services, an inquiry in the
 * desk): each line's label (the server's words: the travel line names its miles and area), quantity, unit price and
 * amount, then subtotal, tax, total, the deposit and, when any is left, the balance.
 */
export default function EstimateTable({ estimate, words }: Props) {
  const money = (cents: number) => <td className={styles.money}>{formatCents(cents)}</td>;
  const sum = (label: string, cents: number, className?: string) => (
    <tr className={className}>
      <th scope="row" colSpan={3}>
        {label}
      </th>
      {money(cents)}
    </tr>
  );
  return (
    <table className={styles.table}>
      {words.caption && <caption>{words.caption}</caption>}
      <thead>
        <tr>
          <th scope="col">{words.item}</th>
          <th scope="col" className={styles.money}>
            {words.quantity}
          </th>
          <th scope="col" className={styles.money}>
            {words.unit}
          </th>
          <th scope="col" className={styles.money}>
            {words.amount}
          </th>
        </tr>
      </thead>
      <tbody>
        {estimate.lines.map((line) => (
          <tr key={line.id}>
            <th scope="row">{line.label}</th>
            <td className={styles.money}>{line.quantity.toLocaleString('en-US')}</td>
            {money(line.unitCents)}
            {money(line.amountCents)}
          </tr>
        ))}
      </tbody>
      <tfoot>
        {sum(words.subtotal, estimate.subtotalCents)}
        {sum(words.tax, estimate.taxCents)}
        {sum(words.total, estimate.totalCents, styles.total)}
        {sum(words.deposit, estimate.deposit.amountCents)}
        {estimate.balance.amountCents > 0 && sum(words.balance, estimate.balance.amountCents)}
      </tfoot>
    </table>
  );
}
