import { useRef, useState } from 'react';
import * as v from 'valibot';
import type { DeskCopy } from '../../../content-schemas/desk';
import { isUnauthorized } from '../../../lib/desk-api';
import { fetchProposalPayments, voidPayment, type PaymentStep } from '../../../lib/desk-payments';
import { formatCents } from '@shared/money';
import { MAX_VOID_REASON_LENGTH, VoidPaymentSchema, type Balance, type Payment } from '@shared/schemas/payment';
import { fillTemplate } from '@shared/template';
import { showToast } from '../../../stores/toasts';
import Field from '../../form/Field';
import LoadState from '../LoadState';
import ConfirmDialog from '../ConfirmDialog';
import Template from '../Template';
import deskStyles from '../desk.module.css';
import { useFocusAfter } from '../use-focus-after';
import { useLoad } from '../use-load';
import PaymentForm from './PaymentForm';
import PaymentItem, { BalanceLines } from './PaymentItem';
import styles from './payments.module.css';

interface Props {
  desk: DeskCopy;
  proposalId: string;
  /** The client's name, for the toasts and the dialog. */
  clientName: string;
  onError: (error: unknown) => void;
  /** Told where the money stands after each payment recorded or voided here. */
  onBalance?: (balance: Balance) => void;
}

/**
 * A signed proposal's money on the desk: paid and outstanding, each line of the schedule with its standing, every
 * payment (voided ones struck through, with the reason), "Record payment" opening the form, and "Void" on a payment,
 * which asks once more and for a reason.
 */
export default function PaymentsPanel({ desk, proposalId, clientName, onError, onBalance }: Props) {
  const copy = desk.payments;
  const loaded = useLoad(() => fetchProposalPayments(proposalId), proposalId, onError);
  const [formOpen, setFormOpen] = useState(false);
  const [asked, setAsked] = useState<Payment>();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string>();
  const [pending, setPending] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  // After a void the button is gone with the dialog: focus goes to the voided payment instead.
  const focusAfter = useFocusAfter(asked !== undefined);
  const headingId = `payments-${proposalId}`;
  const formId = `payment-form-${proposalId}`;
  const onFormFailure = (error: unknown) => isUnauthorized(error) && onError(error);

  /** A step's answer in the panel: the payment added or changed, the balance as it now stands. */
  const apply = ({ payment, balance }: PaymentStep) => {
    loaded.setData((data) => ({
      balance,
      payments: data.payments.some((old) => old.id === payment.id)
        ? data.payments.map((old) => (old.id === payment.id ? payment : old))
        : [...data.payments, payment],
    }));
    onBalance?.(balance);
  };

  const ask = (payment: Payment) => {
    setReason('');
    setReasonError(undefined);
    setAsked(payment);
  };

  const confirmVoid = async (payment: Payment) => {
    const checked = v.safeParse(VoidPaymentSchema, { reason });
    if (!checked.success) {
      setReasonError(reason.trim() ? checked.issues[0].message : copy.voidConfirm.reasonRequired);
      document.getElementById('void-reason')?.focus();
      return;
    }
    setPending(true);
    try {
      apply(await voidPayment(payment.id, checked.output.reason));
      focusAfter.current = `payment-${payment.id}`;
      showToast(copy.voidedToast);
    } catch (error) {
      onError(error);
      if (!isUnauthorized(error)) loaded.reload();
    } finally {
      setPending(false);
      setAsked(undefined);
    }
  };

  const data = loaded.data;
  const balance = data?.balance;
  return (
    <section className={styles.panel} aria-labelledby={headingId}>
      <h4 id={headingId} className={deskStyles.messageHeading}>
        {copy.heading}
      </h4>
      <p className={deskStyles.meta}>{copy.lead}</p>
      {!data ? (
        <LoadState copy={desk} failed={loaded.failed} onRetry={loaded.reload} failedMessage={copy.loadFailed} small />
      ) : (
        <>
          {balance && (
            <p className={styles.totals} aria-live="polite">
              <span className={styles.total}>{fillTemplate(copy.paid, { amount: formatCents(balance.paidCents) })}</span>
              <span className={`${styles.total} ${balance.outstandingCents > 0 ? styles.owed : styles.settled}`}>
                {balance.outstandingCents > 0 ? fillTemplate(copy.outstanding, { amount: formatCents(balance.outstandingCents) }) : copy.paidInFull}
              </span>
            </p>
          )}
          {balance && <BalanceLines copy={copy} balance={balance} />}
          {data.payments.length === 0 ? (
            <p className={deskStyles.meta}>{copy.empty}</p>
          ) : (
            <ul className={styles.payments} aria-label={copy.listLabel}>
              {data.payments.map((payment) => (
                <PaymentItem key={payment.id} copy={copy} payment={payment} onVoid={ask} />
              ))}
            </ul>
          )}
          {balance && balance.outstandingCents > 0 && (
            <button
              ref={opener}
              type="button"
              className="btn btn--primary"
              aria-expanded={formOpen}
              aria-controls={formId}
              onClick={() => setFormOpen(!formOpen)}
            >
              {copy.record}
            </button>
          )}
          <div id={formId} hidden={!formOpen}>
            {formOpen && balance && (
              <PaymentForm
                copy={copy}
                proposalId={proposalId}
                outstandingCents={balance.outstandingCents}
                onRecorded={(step) => {
                  apply(step);
                  setFormOpen(false);
                  focusAfter.current = `payment-${step.payment.id}`;
                  showToast({
                    title: fillTemplate(copy.form.recorded.title, { amount: formatCents(step.payment.amountCents) }),
                    description: fillTemplate(copy.form.recorded.description, { client: clientName }),
                  });
                }}
                onClose={() => {
                  setFormOpen(false);
                  opener.current?.focus();
                }}
                onFailure={onFormFailure}
              />
            )}
          </div>
        </>
      )}
      {asked && (
        <ConfirmDialog
          title={copy.voidConfirm.title}
          confirmLabel={copy.voidConfirm.confirm}
          cancelLabel={copy.voidConfirm.keep}
          pending={pending}
          onConfirm={() => confirmVoid(asked)}
          onClose={() => setAsked(undefined)}
          extra={
            <Field id="void-reason" label={copy.voidConfirm.reasonLabel} error={reasonError}>
              {(control) => (
                <textarea
                  {...control}
                  name="reason"
                  rows={3}
                  maxLength={MAX_VOID_REASON_LENGTH}
                  required
                  value={reason}
                  disabled={pending}
                  onChange={(event) => {
                    setReason(event.currentTarget.value);
                    setReasonError(undefined);
                  }}
                />
              )}
            </Field>
          }
        >
          <Template text={copy.voidConfirm.text} values={{ amount: formatCents(asked.amountCents), client: <bdi>{clientName}</bdi> }} />
        </ConfirmDialog>
      )}
    </section>
  );
}
