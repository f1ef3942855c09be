import { useState, type SubmitEvent } from 'react';
import type { DeskCopy } from '../../content-schemas/desk';
import { downloadPaymentsCsv } from '../../lib/desk-payments';
import { saveBlob } from '../../lib/save-blob';
import { texasToday } from '@shared/texas-time';
import Field from '../form/Field';
import styles from './desk.module.css';

interface Props {
  copy: DeskCopy['payments']['export'];
  onError: (error: unknown) => void;
}

/**
 * The accountant's CSV of the payments received in a range of Texas dates (this year so far by default; at most two
 * years, the server's rule), voided ones included: "Payments CSV" (a native disclosure) opens the two dates and the
 * download button.
 */
export default function PaymentsExport({ copy, onError }: Props) {
  const today = texasToday(new Date());
  const [busy, setBusy] = useState(false);
  const download = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setBusy(true);
    try {
      const file = await downloadPaymentsCsv(String(data.get('from') ?? ''), String(data.get('to') ?? ''));
      saveBlob(file.blob, file.filename);
    } catch (error) {
      onError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <details className={styles.paymentsExport}>
      <summary className="btn btn--secondary">{copy.heading}</summary>
      <form className={styles.exportForm} aria-label={copy.heading} onSubmit={download} aria-busy={busy}>
        <p className={styles.meta}>{copy.lead}</p>
        <Field id="payments-export-from" label={copy.from}>
          {(control) => <input {...control} name="from" type="date" defaultValue={`${today.slice(0, 4)}-01-01`} max={today} required />}
        </Field>
        <Field id="payments-export-to" label={copy.to}>
          {(control) => <input {...control} name="to" type="date" defaultValue={today} required />}
        </Field>
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? copy.pending : copy.download}
        </button>
      </form>
    </details>
  );
}
