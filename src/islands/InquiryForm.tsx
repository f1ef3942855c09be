import { useEffect, useMemo, useRef, useState, type InputEvent } from 'react';
import * as v from 'valibot';
import type { InquiryFormCopy } from '../content-schemas/forms';
import { submitInquiry } from '../lib/api';
import type { PlanMessageCopy } from '../lib/plan-message';
import type { BrowserPrices } from '../lib/estimate';
import { readInquiryAddress, withEstimate, type AddressRules } from '../lib/inquiry-address';
import { useHydrated } from '../lib/use-hydrated';
import type { EstimateRequest } from '@shared/schemas/estimate';
import { INQUIRY_EVENT_TYPES, InquirySchema } from '@shared/schemas/inquiry';
import { showToast } from '../stores/toasts';
import AttachedEstimate from './contact/AttachedEstimate';
import Field, { Options } from './form/Field';
import Honeypot from './form/Honeypot';
import styles from './form/form.module.css';
import { useApiForm } from './form/use-api-form';

interface Props {
  /** The form's copy (content/forms.json, `contact.form`). */
  copy: InquiryFormCopy;
  /** id of the heading that names the form (the card title "Book Your Event"). */
  labelledBy?: string;
  /** The bar planner's message words (content/bar-planner.json): only a message of their shape is filled in. */
  plan: PlanMessageCopy;
  /** The price list's part the estimate's schema and summary read (content/prices.json). */
  prices: BrowserPrices;
  /** The business's phone (the estimate's "call us" sentence). */
  phone: string;
}

type FieldName = keyof InquiryFormCopy['labels'];

/** Makes a text box as tall as its text (never shorter than its rows), so nothing it holds is out of sight. */
function fitToContent(box: HTMLTextAreaElement): void {
  box.style.height = '';
  // offsetHeight - clientHeight: the borders (and a scroll bar), which scrollHeight leaves out.
  if (box.scrollHeight > box.clientHeight) box.style.height = `${box.scrollHeight + box.offsetHeight - box.clientHeight}px`;
}

/**
 * Fills the empty fields the address names (?guestCount=120&message=…&package=…) with what their rules accept,
 * removes the parameters the form reads from the address, and answers the estimate it carries, if any.
 */
function prefillFromAddress(form: HTMLFormElement, rules: AddressRules): EstimateRequest | undefined {
  const { fills, estimate, cleaned } = readInquiryAddress(new URL(window.location.href), rules);
  for (const [name, value] of Object.entries(fills)) {
    const control = form.elements.namedItem(name);
    if (value && (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement) && !control.value) {
      control.value = value;
      if (control instanceof HTMLTextAreaElement) fitToContent(control);
    }
  }
  if (cleaned) window.history.replaceState(window.history.state, '', cleaned);
  return estimate;
}

/**
 * The event inquiry form of the contact page. Validates with the shared InquirySchema before sending, shows each
 * field's message next to it (also a 400's `fields` from the server), keeps the input on failure, resets on success.
 * Until hydrated (or with JavaScript off) the submit button stays disabled: the API only takes JSON.
 */
export default function InquiryForm({ copy, labelledBy, plan, prices, phone }: Props) {
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  // The estimate the planner's link attached, until the visitor removes it or sends it.
  const [attached, setAttached] = useState<EstimateRequest>();
  const attachedNow = useRef(attached);
  attachedNow.current = attached;
  useEffect(() => {
    if (formRef.current) setAttached(prefillFromAddress(formRef.current, { plan, prices, phone }));
  }, [plan, prices, phone]);
  // The inquiry's own schema, then the attached estimate with the form's guest count and date: sent, and keyed, as one.
  const schema = useMemo(() => v.pipe(InquirySchema, v.transform((values) => withEstimate(values, attachedNow.current))), []);
  const { pending, errors, onSubmit, clearError } = useApiForm({
    schema,
    send: submitInquiry,
    failure: copy.failure,
    // SPEC §8: the toast shows the error message ("500: boom" from a proxy), the fallback only without an answer.
    failureShowsStatus: true,
    onSuccess: (_answer, { form }) => {
      form.reset();
      setAttached(undefined);
      showToast(copy.success);
    },
  });

  // A field's message goes once the visitor edits that field; the rest stay until the next submit.
  // The message box grows with what is typed, as with what the address filled in.
  const onInput = (event: InputEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement | HTMLTextAreaElement;
    clearError(target.name);
    if (target instanceof HTMLTextAreaElement) fitToContent(target);
  };

  const field = (name: FieldName) => ({ id: `inquiry-${name}`, label: copy.labels[name], error: errors[name] });

  return (
    <form ref={formRef} className={styles.form} noValidate aria-labelledby={labelledBy} aria-busy={pending} onSubmit={onSubmit} onInput={onInput}>
      <div className={styles.row}>
        <Field {...field('firstName')}>
          {(control) => <input {...control} name="firstName" type="text" autoComplete="given-name" required />}
        </Field>
        <Field {...field('lastName')}>
          {(control) => <input {...control} name="lastName" type="text" autoComplete="family-name" required />}
        </Field>
      </div>
      <div className={styles.row}>
        <Field {...field('email')}>
          {(control) => <input {...control} name="email" type="email" autoComplete="email" required />}
        </Field>
        <Field {...field('phone')}>
          {(control) => <input {...control} name="phone" type="tel" autoComplete="tel" required />}
        </Field>
      </div>
      <div className={styles.row}>
        <Field {...field('eventType')}>
          {(control) => (
            <select {...control} name="eventType" defaultValue="" required>
              <Options placeholder={copy.eventTypePlaceholder} options={INQUIRY_EVENT_TYPES} />
            </select>
          )}
        </Field>
        <Field {...field('guestCount')}>
          {(control) => <input {...control} name="guestCount" type="text" inputMode="numeric" autoComplete="off" required />}
        </Field>
      </div>
      <div className={styles.row}>
        <Field {...field('eventDate')}>{(control) => <input {...control} name="eventDate" type="date" required />}</Field>
        <Field {...field('eventLocation')}>
          {(control) => (
            <input
              {...control}
              name="eventLocation"
              type="text"
              placeholder={copy.locationPlaceholder}
              autoComplete="address-level2"
              required
            />
          )}
        </Field>
      </div>
      <Field {...field('message')}>{(control) => <textarea {...control} name="message" rows={4} />}</Field>
      <AttachedEstimate request={attached} prices={prices} copy={copy.estimate} onDetach={() => setAttached(undefined)} />
      <Honeypot idPrefix="inquiry" />
      <button type="submit" className={`btn btn--primary ${styles.submit}`} disabled={!hydrated || pending}>
        {pending ? copy.pending : copy.submit}
      </button>
    </form>
  );
}
