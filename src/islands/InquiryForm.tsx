import { useRef, useState, type InputEvent, type SubmitEvent } from 'react';
import { flushSync } from 'react-dom';
import * as v from 'valibot';
import { ApiError, submitInquiry } from '../lib/api';
import { FieldError, errorAria, focusFirstInvalid, type FieldMessages } from '../lib/form-errors';
import { INQUIRY_TOASTS } from '../lib/messages';
import { useHydrated } from '../lib/use-hydrated';
import { fieldErrors } from '../schemas/field-errors';
import { HONEYPOT_FIELD } from '../schemas/honeypot';
import { INQUIRY_EVENT_TYPES, InquirySchema } from '../schemas/inquiry';
import { showToast } from '../stores/toasts';
import styles from './forms.module.css';

interface Props {
  /** id of the heading that names the form (the card title "Book Your Event"). */
  labelledBy?: string;
}

/** The toast text for a failed inquiry: the server's message, the "<status>: <text>" error, or the fallback. */
function failureMessage(error: unknown): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message;
  // A network failure ("Failed to fetch") tells a visitor nothing useful.
  return INQUIRY_TOASTS.failureFallback;
}

const id = (name: string) => `inquiry-${name}`;

/**
 * The event inquiry form of the contact page. Validates with the shared InquirySchema before sending, shows each
 * field's message next to it (also a 400's `fields` from the server), keeps the input on failure, resets on success.
 * Until hydrated (or with JavaScript off) the submit button stays disabled: the API only takes JSON.
 */
export default function InquiryForm({ labelledBy }: Props) {
  const hydrated = useHydrated();
  const [errors, setErrors] = useState<FieldMessages>({});
  const [pending, setPending] = useState(false);
  const sending = useRef(false);

  const showErrors = (form: HTMLFormElement, messages: FieldMessages) => {
    // Render the messages first, so the focused field is announced with its message.
    flushSync(() => setErrors(messages));
    focusFirstInvalid(form, messages);
  };

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.current) return;
    const form = event.currentTarget;
    const result = v.safeParse(InquirySchema, Object.fromEntries(new FormData(form)));
    if (!result.success) {
      showErrors(form, fieldErrors(result.issues));
      return;
    }
    sending.current = true;
    setErrors({});
    setPending(true);
    try {
      await submitInquiry(result.output);
      form.reset();
      showToast(INQUIRY_TOASTS.success);
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : {};
      if (Object.keys(fields).length > 0) showErrors(form, fields);
      showToast({ title: INQUIRY_TOASTS.failureTitle, description: failureMessage(error), variant: 'destructive' });
    } finally {
      sending.current = false;
      setPending(false);
    }
  };

  // A field's message goes once the visitor edits that field; the rest stay until the next submit.
  const clearError = (event: InputEvent<HTMLFormElement>) => {
    const { name } = event.target as HTMLInputElement;
    if (errors[name]) setErrors(({ [name]: _fixed, ...rest }) => rest);
  };

  const control = (name: string) => ({ id: id(name), name, className: styles.control, ...errorAria(id(name), errors[name]) });
  const error = (name: string) => <FieldError fieldId={id(name)} message={errors[name]} className={styles.error} />;

  return (
    <form className={styles.form} noValidate aria-labelledby={labelledBy} aria-busy={pending} onSubmit={onSubmit} onInput={clearError}>
      <div className={styles.row}>
        <div className={styles.field}>
          <label htmlFor={id('firstName')}>First Name</label>
          <input {...control('firstName')} type="text" autoComplete="given-name" required />
          {error('firstName')}
        </div>
        <div className={styles.field}>
          <label htmlFor={id('lastName')}>Last Name</label>
          <input {...control('lastName')} type="text" autoComplete="family-name" required />
          {error('lastName')}
        </div>
      </div>
      <div className={styles.row}>
        <div className={styles.field}>
          <label htmlFor={id('email')}>Email Address</label>
          <input {...control('email')} type="email" autoComplete="email" required />
          {error('email')}
        </div>
        <div className={styles.field}>
          <label htmlFor={id('phone')}>Phone Number</label>
          <input {...control('phone')} type="tel" autoComplete="tel" required />
          {error('phone')}
        </div>
      </div>
      <div className={styles.row}>
        <div className={styles.field}>
          <label htmlFor={id('eventType')}>Event Type</label>
          <select {...control('eventType')} defaultValue="" required>
            <option value="">Select event type</option>
            {INQUIRY_EVENT_TYPES.map((type) => (
              <option key={type.value} value={type.value}>
                {type.label}
              </option>
            ))}
          </select>
          {error('eventType')}
        </div>
        <div className={styles.field}>
          <label htmlFor={id('guestCount')}>Guest Count</label>
          <input {...control('guestCount')} type="text" inputMode="numeric" autoComplete="off" required />
          {error('guestCount')}
        </div>
      </div>
      <div className={styles.row}>
        <div className={styles.field}>
          <label htmlFor={id('eventDate')}>Event Date</label>
          <input {...control('eventDate')} type="date" required />
          {error('eventDate')}
        </div>
        <div className={styles.field}>
          <label htmlFor={id('eventLocation')}>Event Location</label>
          <input {...control('eventLocation')} type="text" placeholder="City, State" autoComplete="address-level2" required />
          {error('eventLocation')}
        </div>
      </div>
      <div className={styles.field}>
        <label htmlFor={id('message')}>Tell us about your event</label>
        <textarea {...control('message')} rows={4} />
        {error('message')}
      </div>
      {/* Only bots fill this in: hidden from people and from assistive technology. */}
      <div className={styles.honeypot} aria-hidden="true">
        <label htmlFor={id(HONEYPOT_FIELD)}>Website</label>
        <input id={id(HONEYPOT_FIELD)} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" />
      </div>
      <button type="submit" className={`btn btn--primary ${styles.submit}`} disabled={!hydrated || pending}>
        {pending ? 'Sending...' : 'Send My Request'}
      </button>
    </form>
  );
}
