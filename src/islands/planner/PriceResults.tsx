import type { BrowserPrices } from '../../lib/estimate';
import { balanceText, depositText } from '../../lib/estimate-words';
import type { PlannerRules } from '../../lib/bar-planner';
import type { Estimate } from '@shared/pricing';
import EstimateTable from '../estimate/EstimateTable';
import styles from '../BarPlanner.module.css';

interface Props {
  /** The estimate on show: the last priced one, dimmed while `pending`. */
  estimate: Estimate;
  pending: boolean;
  prices: Pick<BrowserPrices, 'deposit'>;
  copy: PlannerRules['copy']['price'];
}

/** The planner's price: the estimate's table in the planner's words, dimmed while a newer one is asked, and its note. */
export default function PriceResults({ estimate, pending, prices, copy }: Props) {
  const words = {
    caption: copy.heading,
    item: copy.itemHeader,
    quantity: copy.quantityHeader,
    unit: copy.unitHeader,
    amount: copy.amountHeader,
    subtotal: copy.subtotal,
    tax: copy.tax,
    total: copy.total,
    deposit: depositText(estimate, prices, copy),
    balance: balanceText(estimate, prices, copy),
  };
  return (
    <div className={styles.price} aria-busy={pending}>
      <EstimateTable estimate={estimate} words={words} />
      <p className={styles.note}>{copy.note}</p>
    </div>
  );
}
