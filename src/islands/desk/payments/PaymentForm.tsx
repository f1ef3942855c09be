import { useEffect, useRef } from 'react';
import type { DeskCopy } from '../../../content-schemas/desk';
import { recordPayment, type PaymentStep } from '../../../lib/desk-payments';
import { formatCents } from '@shared/money';
import { MAX_REFERENCE_LENGTH, PAYMENT_METHODS, RecordPaymentSchema } from '@shared/schemas/payment';
import { fillTemplate } from '@shared/template';
import { texasToday } from '@shared/texas-time';
import Field, { Options } from '../../form/Field';
import formStyles from '../../form/form.module.css';
import { useApiForm } from '../../form/use-api-form';
import { dollarsToCents } from '../proposals/proposal-draft';
import deskStyles from '../desk.module.css';
// The desk's forms inside a row share one frame: the proposal form's.
import proposalStyles from '../proposals/proposals.module.css';

interface Props {
  copy: DeskCopy['payments'];
  proposalId: string;
  /** What is still owed, shown under the amount. */
  outstandingCents: number;
  onRecorded: (step: PaymentStep) => void;
  onClose: () => void;
  /** A failed send, after its message is shown beside its field or as a toast (a 401 returns to sign-in). */
  onFailure: (error: unknown) => void;
}

const METHODS = PAYMENT_METHODS.map((method) => ({ value: method.id, label: method.label }));

/** The form's values as the API takes them: the amount typed in dollars becomes whole cents (NaN when unreadable). */
function readPayment(form: HTMLFormElement) {
  const data = new FormData(form);
  const text = (name: string) => String(data.get(name) ?? '');
  return { amountCents: dollarsToCents(text('amountCents')), method: text('method'), receivedOn: text('receivedOn'), reference: text('reference') };
}

/**
 * Money received against a signed proposal: the amount in dollars, how it was paid (content's methods), the date it
 * came in (Texas today by default, never later) and a reference. Checked with the server's own schema; sent with an
 * Idempotency-Key per submission, so a double click records it once; the server's refusal (more than is owed) shows
 * under the amount.
 */
export default function PaymentForm({ copy, proposalId, outstandingCents, onRecorded, onClose, onFailure }: Props) {
  const text = copy.form;
  const today = texasToday(new Date());
  const id = (name: string) => `payment-${proposalId}-${name}`;
  const amount = useRef<HTMLInputElement>(null);
  // Opened from "Record payment", the form takes the focus at its first field.
  useEffect(() => amount.current?.focus(), []);
  const { pending, errors, onSubmit, clearError } = useApiForm({
    schema: RecordPaymentSchema,
    read: readPayment,
    send: (payment, options) => recordPayment(proposalId, payment, options),
    failure: text.failure,
    onSuccess: (step) => onRecorded(step),
    onFailure,
  });
  return (
    <form
      className={proposalStyles.form}
      noValidate
      aria-labelledby={id('heading')}
      aria-busy={pending}
      onSubmit={onSubmit}
      onInput={(event) => clearError((event.target as HTMLInputElement).name)}
    >
      <h5 id={id('heading')} className={proposalStyles.formHeading}>
        {text.heading}
      </h5>
      <div className={formStyles.row}>
        <Field
          id={id('amount')}
          label={text.labels.amount}
          hint={fillTemplate(text.hints.amount, { amount: formatCents(outstandingCents) })}
          error={errors.amountCents}
        >
          {(control) => <input {...control} ref={amount} name="amountCents" type="text" inputMode="decimal" autoComplete="off" required />}
        </Field>
        <Field id={id('method')} label={text.labels.method} error={errors.method}>
          {(control) => (
            <select {...control} name="method" defaultValue="" required>
              <Options placeholder={text.methodPlaceholder} options={METHODS} />
            </select>
          )}
        </Field>
      </div>
      <div className={formStyles.row}>
        <Field id={id('receivedOn')} label={text.labels.receivedOn} error={errors.receivedOn}>
          {(control) => <input {...control} name="receivedOn" type="date" max={today} defaultValue={today} required />}
        </Field>
        <Field id={id('reference')} label={text.labels.reference} hint={text.hints.reference} error={errors.reference}>
          {(control) => <input {...control} name="reference" type="text" maxLength={MAX_REFERENCE_LENGTH} autoComplete="off" />}
        </Field>
      </div>
      <div className={deskStyles.formActions}>
        <button type="submit" className="btn btn--primary" disabled={pending}>
          {pending ? text.pending : text.submit}
        </button>
        <button type="button" className="btn btn--secondary" onClick={onClose}>
          {text.close}
        </button>
      </div>
    </form>
  );
}
