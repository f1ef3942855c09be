import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { InquiryFormCopy } from '../../content-schemas/forms';
import { ApiError, fetchEstimate } from '../../lib/api';
import type { BrowserPrices } from '../../lib/estimate';
import { formatCents } from '@shared/money';
import type { EstimateRequest } from '@shared/schemas/estimate';
import { fillTemplate } from '@shared/template';
import styles from './AttachedEstimate.module.css';

interface Props {
  /** The estimate the address attached, or undefined. */
  request: EstimateRequest | undefined;
  prices: Pick<BrowserPrices, 'packages' | 'serviceLevels' | 'addOns'>;
  copy: InquiryFormCopy['estimate'];
  /** Takes the estimate off the inquiry (the visitor removed it, or the server could not price it). */
  onDetach: () => void;
}

type Total = { kind: 'pending' } | { kind: 'priced'; cents: number } | { kind: 'failed' };

const addOnList = new Intl.ListFormat('en-US', { type: 'conjunction' });

/**
 * "Estimate attached": what the planner's link attached (package, level, guests, hours, ZIP, add-ons), its total
 * asked of the server once, and a button that removes it. A note says when it was removed (taking the focus the
 * button had) or could not be priced.
 */
export default function AttachedEstimate({ request, prices, copy, onDetach }: Props) {
  const [total, setTotal] = useState<Total>({ kind: 'pending' });
  const [note, setNote] = useState('');
  const noteRef = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (!request) return;
    setTotal({ kind: 'pending' });
    const question = new AbortController();
    fetchEstimate(request, question.signal).then(
      (estimate) => setTotal({ kind: 'priced', cents: estimate.totalCents }),
      (error: unknown) => {
        if (question.signal.aborted) return;
        if (error instanceof ApiError && error.status === 400) {
          setNote(copy.refused);
          onDetach();
        } else setTotal({ kind: 'failed' });
      },
    );
    return () => question.abort();
  }, [request]);

  // The button goes with the estimate: its note takes the focus, so a screen reader reads what happened.
  const remove = () => {
    flushSync(() => {
      setNote(copy.removed);
      onDetach();
    });
    noteRef.current?.focus();
  };

  if (!request) {
    return note ? (
      <p ref={noteRef} className={styles.note} tabIndex={-1}>
        {note}
      </p>
    ) : null;
  }
  const labels = prices.addOns.filter((addOn) => request.addOns.includes(addOn.id)).map((addOn) => addOn.label);
  const summary = fillTemplate(copy.summary, {
    package: prices.packages[request.packageId].label,
    level: prices.serviceLevels[request.serviceLevel].short,
    guests: request.guests,
    hours: request.hours,
    zip: request.zip,
  });
  return (
    <>
      <section className={styles.estimate} aria-labelledby="attached-estimate-heading">
        <h3 id="attached-estimate-heading">{copy.heading}</h3>
        <p>{summary}</p>
        {labels.length > 0 && <p>{fillTemplate(copy.addOns, { addOns: addOnList.format(labels) })}</p>}
        <p className={styles.total} aria-busy={total.kind === 'pending'}>
          {total.kind === 'priced' ? fillTemplate(copy.total, { total: formatCents(total.cents) }) : total.kind === 'pending' ? copy.pending : copy.failed}
        </p>
        <p className={styles.small}>{copy.note}</p>
        <button type="button" className="btn btn--secondary" onClick={remove}>
          {copy.remove}
        </button>
      </section>
    </>
  );
}
