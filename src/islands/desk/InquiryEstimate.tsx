import type { DeskCopy } from '../../content-schemas/desk';
import type { PricedRequest } from '@shared/pricing';
import { fillTemplate } from '@shared/template';
import { formatLongDate } from '@shared/texas-time';
import EstimateTable from '../estimate/EstimateTable';
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
  const { dueOn } = estimate.balance;
  const words = {
    ...copy.columns,
    subtotal: copy.subtotal,
    tax: copy.tax,
    total: copy.total,
    deposit: copy.deposit,
    balance: dueOn === null ? copy.balanceUndated : fillTemplate(copy.balance, { date: formatLongDate(dueOn) }),
  };
  return (
    <section className={styles.estimate} aria-label={copy.heading}>
      <h3 className={styles.messageHeading}>{copy.heading}</h3>
      <p className={styles.meta}>
        <Template text={copy.lead} values={{ zip: request.zip, bartenders: String(estimate.bartenders) }} />
      </p>
      <div className={styles.estimateScroll}>
        <EstimateTable estimate={estimate} words={words} />
      </div>
    </section>
  );
}
