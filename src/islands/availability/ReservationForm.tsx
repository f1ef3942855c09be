import type { ReservationCopy } from '../../content-schemas/forms';
import { fillTemplate } from '@shared/template';
import { formatLongDate } from '@shared/texas-time';
import { slotLabel } from '@shared/time-slots';
import { BOOKING_EVENT_TYPES } from '@shared/schemas/booking';
import Field, { Options } from '../form/Field';
import Honeypot from '../form/Honeypot';
import formStyles from '../form/form.module.css';
import type { ApiForm } from '../form/use-api-form';
import styles from './ReservationForm.module.css';

/** What the visitor types into the reservation form (kept by the checker, so a re-picked slot keeps it). */
export type ReservationDetails = {
  clientName: string;
  clientEmail: string;
  eventType: string;
  phone: string;
  guestCount: string;
  eventLocation: string;
};

/** The form's empty state: nothing typed yet, or just booked. */
export const NO_DETAILS: ReservationDetails = {
  clientName: '',
  clientEmail: '',
  eventType: '',
  phone: '',
  guestCount: '',
  eventLocation: '',
};

// The spec'd fields are required; the client's phone, guest count and event location may be left empty.
const OPTIONAL: ReadonlySet<keyof ReservationDetails> = new Set(['phone', 'guestCount', 'eventLocation']);

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

/** The card that reserves the picked slot: name, e-mail and event type, then phone, guests and place if the client likes. */
export default function ReservationForm({ copy, date, slot, details, onEdit, form }: Props) {
  const field = (name: keyof ReservationDetails) => ({ id: id(name), label: copy.labels[name], error: form.errors[name] });
  const control = (name: keyof ReservationDetails) => ({
    name,
    required: !OPTIONAL.has(name),
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
        <div className={formStyles.row}>
          <Field {...field('phone')}>{(props) => <input {...props} {...control('phone')} type="tel" autoComplete="tel" />}</Field>
          <Field {...field('guestCount')}>
            {(props) => <input {...props} {...control('guestCount')} type="text" inputMode="numeric" autoComplete="off" />}
          </Field>
        </div>
        <Field {...field('eventLocation')}>
          {(props) => (
            <input
              {...props}
              {...control('eventLocation')}
              type="text"
              placeholder={copy.locationPlaceholder}
              autoComplete="address-level2"
            />
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
