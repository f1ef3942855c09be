import { useEffect, useRef, type InputEvent } from 'react';
import * as v from 'valibot';
import type { InquiryFormCopy } from '../content-schemas/forms';
import { submitInquiry } from '../lib/api';
import { useHydrated } from '../lib/use-hydrated';
import { GuestCountSchema, INQUIRY_EVENT_TYPES, InquirySchema, MAX_MESSAGE_LENGTH } from '@shared/schemas/inquiry';
import { showToast } from '../stores/toasts';
import Field, { Options } from './form/Field';
import Honeypot from './form/Honeypot';
import styles from './form/form.module.css';
import { useApiForm } from './form/use-api-form';

interface Props {
  /** The form's copy (content/forms.json, `contact.form`). */
  copy: InquiryFormCopy;
  /** id of the heading that names the form (the card title "Book Your Event"). */
  labelledBy?: string;
}

type FieldName = keyof InquiryFormCopy['labels'];

/** Address parameters the form fills a field from (the bar planner's "Send these numbers"), each with its schema. */
const PREFILL = { guestCount: GuestCountSchema, message: InquirySchema.entries.message } as const;

/**
 * Fills the empty fields named in the address (?guestCount=120&message=...) with what the shared schemas accept, a
 * too long message cut to the longest allowed, and removes those parameters from the address. Anything else is ignored.
 */
function prefillFromAddress(form: HTMLFormElement): void {
  const url = new URL(window.location.href);
  let found = false;
  for (const [name, schema] of Object.entries(PREFILL)) {
    const raw = url.searchParams.get(name);
    if (raw === null) continue;
    found = true;
    url.searchParams.delete(name);
    // Cut, never split a surrogate pair: the rest is judged by the schema as if typed.
    const text = raw.slice(0, MAX_MESSAGE_LENGTH).replace(/[\uD800-\uDBFF]$/, '');
    const parsed = v.safeParse(schema, text);
    const control = form.elements.namedItem(name);
    if (parsed.success && parsed.output && (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement) && !control.value) {
      control.value = parsed.output;
    }
  }
  if (found) window.history.replaceState(window.history.state, '', url);
}

/**
 * The event inquiry form of the contact page. Validates with the shared InquirySchema before sending, shows each
 * field's message next to it (also a 400's `fields` from the server), keeps the input on failure, resets on success.
 * Until hydrated (or with JavaScript off) the submit button stays disabled: the API only takes JSON.
 */
export default function InquiryForm({ copy, labelledBy }: Props) {
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (formRef.current) prefillFromAddress(formRef.current);
  }, []);
  const { pending, errors, onSubmit, clearError } = useApiForm({
    schema: InquirySchema,
    send: submitInquiry,
    failure: copy.failure,
    // SPEC §8: the toast shows the error message ("500: boom" from a proxy), the fallback only without an answer.
    failureShowsStatus: true,
    onSuccess: (_answer, { form }) => {
      form.reset();
      showToast(copy.success);
    },
  });

  // A field's message goes once the visitor edits that field; the rest stay until the next submit.
  const onInput = (event: InputEvent<HTMLFormElement>) => clearError((event.target as HTMLInputElement).name);

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
      <Honeypot idPrefix="inquiry" />
      <button type="submit" className={`btn btn--primary ${styles.submit}`} disabled={!hydrated || pending}>
        {pending ? copy.pending : copy.submit}
      </button>
    </form>
  );
}
