import proposalsContent from '@content/proposals.json' with { type: 'json' };
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { flushSync } from 'react-dom';
import * as v from 'valibot';
import type { DeskCopy } from '../../../content-schemas/desk';
import { ApiError } from '../../../lib/api';
import { createProposal, type ProposalOwner } from '../../../lib/desk-proposals';
import { isUnauthorized } from '../../../lib/desk-api';
import { parseApiError, type FieldErrors } from '@shared/schemas/api-error';
import { TIME_SLOTS } from '@shared/schemas/booking';
import { ProposalRequestSchema, type Proposal } from '@shared/schemas/proposal';
import Field, { Options } from '../../form/Field';
import EstimateInputs from './EstimateInputs';
import ExtraLines from './ExtraLines';
import { dollarsToCents, formErrors, initialDraft, issuePaths, proposalRequest, type ProposalDraft, type ProposalPrefill } from './proposal-draft';
import styles from './proposals.module.css';

interface Props {
  copy: DeskCopy['proposals'];
  /** The inquiry it is made from (then a date and slot are held) or the booking it is for. */
  of: ProposalOwner;
  prefill: ProposalPrefill;
  /** The proposal made and sent. */
  onSent: (proposal: Proposal) => void;
  onClose: () => void;
  /** A failure with nothing to show in the form (a 401 returns to sign-in; anything else is a toast). */
  onError: (error: unknown) => void;
}

/** The names the form has controls for; a message under any other name is shown above the button. */
const CONTROLS = new Set(['packageId', 'serviceLevel', 'guests', 'hours', 'zip', 'addOns', 'date', 'timeSlot', 'validDays', 'extraLines']);
const isControl = (name: string) => CONTROLS.has(name) || /^extraLines\.\d+\.(label|amount)$/.test(name);

/**
 * A new proposal: the estimate's inputs (prefilled from the inquiry), from an inquiry the date and slot to hold, extra
 * lines in dollars, and the days it stays open. Checked with the server's own schema before sending; the server's
 * messages come back beside their fields, and a taken slot (any 409) as an alert.
 */
export default function ProposalForm({ copy, of, prefill, onSent, onClose, onError }: Props) {
  const text = copy.form;
  const [draft, setDraft] = useState<ProposalDraft>(() => initialDraft(prefill, proposalsContent.validDaysDefault));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState('');
  const [pending, setPending] = useState(false);
  const idPrefix = `proposal-${'inquiryId' in of ? of.inquiryId : of.bookingId}`;
  const id = (name: string) => `${idPrefix}-${name}`;
  const formRef = useRef<HTMLFormElement>(null);
  // Opened, the form takes focus at its first control, so a keyboard user starts where the form does.
  useEffect(() => (formRef.current?.elements[0] as HTMLElement | undefined)?.focus(), []);

  const change = (update: Partial<ProposalDraft>) => {
    setDraft((current) => ({ ...current, ...update }));
    const touched = Object.keys(update);
    setErrors((current) => Object.fromEntries(Object.entries(current).filter(([name]) => !touched.some((key) => name.startsWith(key)))));
  };

  const show = (form: HTMLFormElement, messages: FieldErrors) => {
    flushSync(() => setErrors(messages));
    const first = Array.from(form.elements).find((element) => 'name' in element && messages[String(element.name)]);
    if (first instanceof HTMLElement) first.focus();
  };

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    const form = event.currentTarget;
    setAlert('');
    const request = proposalRequest(of, draft);
    const parsed = v.safeParse(ProposalRequestSchema, request);
    const amounts = Object.fromEntries(
      draft.extraLines.flatMap((line, index) => (line.amount.trim() && Number.isNaN(dollarsToCents(line.amount)) ? [[`extraLines.${index}.amount`, text.amountInvalid]] : [])),
    );
    const found = { ...(parsed.success ? {} : formErrors(issuePaths(parsed.issues))), ...amounts };
    if (Object.keys(found).length > 0) return show(form, found);
    setErrors({});
    setPending(true);
    let answer: { made: Proposal } | { error: unknown };
    try {
      answer = { made: await createProposal(request) };
    } catch (error) {
      answer = { error };
    }
    // The controls are enabled again before a message focuses one of them.
    flushSync(() => setPending(false));
    if ('made' in answer) return onSent(answer.made);
    const { error } = answer;
    if (isUnauthorized(error) || !(error instanceof ApiError)) return onError(error);
    if (error.status === 409) return setAlert(parseApiError(error.body)?.message || text.failure.fallback);
    const fields = formErrors(error.fields);
    if (Object.keys(fields).length === 0) return onError(error);
    show(form, fields);
  };

  const general = Object.entries(errors).filter(([name]) => !isControl(name));
  const holds = 'inquiryId' in of;
  return (
    <form ref={formRef} className={styles.form} noValidate aria-labelledby={id('heading')} aria-busy={pending} onSubmit={submit}>
      <h4 id={id('heading')} className={styles.formHeading}>
        {text.heading}
      </h4>
      <EstimateInputs copy={text} idPrefix={idPrefix} draft={draft} onChange={change} errors={errors} disabled={pending} />
      {holds && (
        <div className={styles.row}>
          <Field id={id('date')} label={text.labels.date} hint={text.hints.hold} error={errors.date}>
            {(control) => (
              <input {...control} name="date" type="date" value={draft.date} disabled={pending} onChange={(event) => change({ date: event.currentTarget.value })} />
            )}
          </Field>
          <Field id={id('slot')} label={text.labels.timeSlot} error={errors.timeSlot}>
            {(control) => (
              <select
                {...control}
                name="timeSlot"
                value={draft.timeSlot}
                disabled={pending}
                onChange={(event) => change({ timeSlot: event.currentTarget.value as ProposalDraft['timeSlot'] })}
              >
                <Options placeholder={text.slotPlaceholder} options={TIME_SLOTS.map((slot) => ({ value: slot.key, label: slot.label }))} />
              </select>
            )}
          </Field>
        </div>
      )}
      <ExtraLines copy={text} idPrefix={idPrefix} lines={draft.extraLines} onChange={(extraLines) => change({ extraLines })} errors={errors} disabled={pending} />
      <Field id={id('valid-days')} label={text.labels.validDays} hint={text.hints.validDays} error={errors.validDays} className={styles.days}>
        {(control) => (
          <input
            {...control}
            name="validDays"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={draft.validDays}
            disabled={pending}
            onChange={(event) => change({ validDays: event.currentTarget.value })}
          />
        )}
      </Field>
      {general.length > 0 && (
        <ul className={styles.problems} role="alert">
          {general.map(([name, message]) => (
            <li key={name}>{message}</li>
          ))}
        </ul>
      )}
      {alert && (
        <p className={styles.alert} role="alert">
          {alert}
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className="btn btn--primary" disabled={pending} aria-busy={pending}>
          {pending ? text.pending : text.submit}
        </button>
        <button type="button" className="btn btn--secondary" disabled={pending} onClick={onClose}>
          {text.close}
        </button>
      </div>
    </form>
  );
}
