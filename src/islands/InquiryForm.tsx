import type { InputEvent } from 'react';
import type { InquiryFormCopy } from '../content.config';
import { submitInquiry } from '../lib/api';
import { useHydrated } from '../lib/use-hydrated';
import { INQUIRY_EVENT_TYPES, InquirySchema } from '../schemas/inquiry';
import { showToast } from '../stores/toasts';
import Field, { Options } from './form/Field';
import Honeypot from './form/Honeypot';
import styles from './form/form.module.css';
import { useApiForm } from './form/use-api-form';

interface Props {
  /** The form's copy (src/content/forms.json, `contact.form`). */
  copy: InquiryFormCopy;
  /** id of the heading that names the form (the card title "Book Your Event"). */
  labelledBy?: string;
}

type FieldName = keyof InquiryFormCopy['labels'];

/**
 * The event inquiry form of the contact page. Validates with the shared InquirySchema before sending, shows each
 * field's message next to it (also a 400's `fields` from the server), keeps the input on failure, resets on success.
 * Until hydrated (or with JavaScript off) the submit button stays disabled: the API only takes JSON.
 */
export default function InquiryForm({ copy, labelledBy }: Props) {
  const hydrated = useHydrated();
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
    <form className={styles.form} noValidate aria-labelledby={labelledBy} aria-busy={pending} onSubmit={onSubmit} onInput={onInput}>
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
