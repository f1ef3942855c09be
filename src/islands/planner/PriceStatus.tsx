import { useRef } from 'react';
import type { BrowserPrices } from '../../lib/estimate';
import type { PlannerRules } from '../../lib/bar-planner';
import styles from '../BarPlanner.module.css';
import RetryAlert from '../form/RetryAlert';
import PriceResults from './PriceResults';
import type { EstimateAsker } from './use-estimate';

interface Props {
  estimate: EstimateAsker;
  /** The inputs changed since the price was last asked: it is about to be asked again. */
  waiting: boolean;
  prices: Pick<BrowserPrices, 'deposit'>;
  copy: PlannerRules['copy']['price'];
}

/**
 * The price as it stands: the estimate (dimmed, with "Working out your price…", while a newer one is on its way), a
 * refusal's pointer to the field that says why, or a failure with a button to ask again (the inputs stay as typed).
 */
export default function PriceStatus({ estimate, waiting, prices, copy }: Props) {
  const { state, last } = estimate;
  const region = useRef<HTMLDivElement>(null);
  const retry = () => {
    estimate.retry();
    // The button goes with the failure: focus stays in the price instead of falling to the page.
    region.current?.focus();
  };
  let body;
  if (state.kind === 'failed' && !waiting) {
    body = <RetryAlert className={styles.problem} message={state.message ?? copy.failed} retryLabel={copy.retry} onRetry={retry} />;
  } else if (state.kind === 'refused' && !waiting) {
    body = <p className={styles.problem}>{copy.refused}</p>;
  } else {
    const pending = waiting || state.kind === 'pending';
    body = (
      <>
        {pending && <p className={styles.pending}>{copy.pending}</p>}
        <PriceResults estimate={state.kind === 'priced' ? state.estimate : last.estimate} pending={pending} prices={prices} copy={copy} />
      </>
    );
  }
  return (
    <div ref={region} tabIndex={-1} className={styles.priceStatus}>
      {body}
    </div>
  );
}
