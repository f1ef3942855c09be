import type { ReservationCopy } from '../../content.config';
import { fillTemplate } from '../../lib/template';
import { formatLongDate, slotLabel } from '../../lib/time-slots';
import { BOOKING_EVENT_TYPES } from '../../schemas/booking';
import Field, { Options } from '../form/Field';
import Honeypot from '../form/Honeypot';
import formStyles from '../form/form.module.css';
import type { ApiForm } from '../form/use-api-form';
import styles from './ReservationForm.module.css';

/** What the visitor types into the reservation form (kept by the checker, so a re-picked slot keeps it). */
export type ReservationDetails = { clientName: string; clientEmail: string; eventType: string };

interface Props {
  copy: ReservationCopy;
  date: string;
  slot: string;
  details: ReservationDetails;
  onEdit: (name: keyof ReservationDetails, value: string) => void;
  /** The checker's form state (useApiForm), which also covers the date and slot outside this form. */
  form: Pick<ApiForm, 'errors' | 'pending' | 'onSubmit'>;
}

const id = (name: string) => `booking-${name}`;

/** The card that reserves the picked slot: name, e-mail and event type. */
export default function ReservationForm({ copy, date, slot, details, onEdit, form }: Props) {
  const field = (name: keyof ReservationDetails) => ({ id: id(name), label: copy.labels[name], error: form.errors[name] });
  const control = (name: keyof ReservationDetails) => ({
    name,
    required: true,
    value: details[name],
    onChange: (event: { target: { value: string } }) => onEdit(name, event.target.value),
  });
  return (
    <form
      className={`card ${styles.reservation}`}
      noValidate
      aria-labelledby="reservation-heading"
      aria-busy={form.pending}
      onSubmit={form.onSubmit}
    >
      <h3 id="reservation-heading" className={styles.reservationHeading}>
        {copy.heading}
      </h3>
      <p className={styles.summary}>{fillTemplate(copy.summary, { slot: slotLabel(slot), date: formatLongDate(date) })}</p>
      <div className={formStyles.form}>
        <Field {...field('clientName')}>{(props) => <input {...props} {...control('clientName')} type="text" autoComplete="name" />}</Field>
        <Field {...field('clientEmail')}>
          {(props) => <input {...props} {...control('clientEmail')} type="email" autoComplete="email" />}
        </Field>
        <Field {...field('eventType')}>
          {(props) => (
            <select {...props} {...control('eventType')}>
              <Options placeholder={copy.eventTypePlaceholder} options={BOOKING_EVENT_TYPES} />
            </select>
          )}
        </Field>
        <Honeypot idPrefix="booking" />
        <button type="submit" className={`btn btn--primary ${formStyles.submit}`} disabled={form.pending}>
          {form.pending ? copy.pending : copy.submit}
        </button>
      </div>
    </form>
  );
}
