import { useEffect, useRef } from 'react';
import type { DeskCopy } from '../../content-schemas/desk';
import { createOwnerBooking } from '../../lib/desk-api';
import { BOOKING_EVENT_TYPES, TIME_SLOTS } from '@shared/schemas/booking';
import { OwnerBookingRequestSchema, type OwnerBooking } from '@shared/schemas/owner/bookings';
import Field, { Options } from '../form/Field';
import formStyles from '../form/form.module.css';
import { useApiForm } from '../form/use-api-form';
import { showToast } from '../../stores/toasts';
import styles from './desk.module.css';

interface Props {
  copy: DeskCopy['phoneBooking'];
  /** The first date offered (today in Texas). */
  min: string;
  onBooked: (booking: OwnerBooking) => void;
  onClose: () => void;
  /** A failed send, after its message is shown (a 401 returns to sign-in). */
  onFailure: (error: unknown) => void;
}

const SLOTS = TIME_SLOTS.map((slot) => ({ value: slot.key, label: slot.label }));

/**
 * The owner's booking for a client who called: date, slot, the client's name, e-mail and event type, and the optional
 * phone, guests and place; the shared schema's messages, then the server's (a taken slot, by field), by each field.
 */
export default function PhoneBookingForm({ copy, min, onBooked, onClose, onFailure }: Props) {
  const labels = copy.labels;
  // Opened from "New booking" (which it replaces), the form takes the focus at its first field.
  const date = useRef<HTMLInputElement>(null);
  useEffect(() => date.current?.focus(), []);
  const { pending, errors, onSubmit, clearError } = useApiForm({
    schema: OwnerBookingRequestSchema,
    send: createOwnerBooking,
    failure: copy.failure,
    onSuccess: (booking, { form }) => {
      form.reset();
      showToast(copy.booked);
      onBooked(booking);
    },
    onFailure,
  });
  const text = (name: 'clientName' | 'phone' | 'guestCount' | 'eventLocation', type: string, autoComplete: string) => (
    <Field id={`phone-booking-${name}`} label={labels[name]} error={errors[name]}>
      {(control) => <input {...control} name={name} type={type} autoComplete={autoComplete} />}
    </Field>
  );
  return (
    <form
      className={`card ${styles.blockForm}`}
      noValidate
      aria-labelledby="phone-booking-heading"
      aria-busy={pending}
      onSubmit={onSubmit}
      onInput={(event) => clearError((event.target as HTMLInputElement).name)}
    >
      <h3 id="phone-booking-heading">{copy.formHeading}</h3>
      <p className={styles.meta}>{copy.formLead}</p>
      <div className={formStyles.row}>
        <Field id="phone-booking-date" label={labels.date} error={errors.date}>
          {(control) => <input {...control} ref={date} name="date" type="date" min={min} required />}
        </Field>
        <Field id="phone-booking-timeSlot" label={labels.timeSlot} error={errors.timeSlot}>
          {(control) => (
            <select {...control} name="timeSlot" defaultValue="" required>
              <Options placeholder={copy.slotPlaceholder} options={SLOTS} />
            </select>
          )}
        </Field>
      </div>
      <div className={formStyles.row}>
        {text('clientName', 'text', 'off')}
        <Field id="phone-booking-clientEmail" label={labels.clientEmail} error={errors.clientEmail}>
          {(control) => <input {...control} name="clientEmail" type="email" autoComplete="off" required />}
        </Field>
      </div>
      <div className={formStyles.row}>
        <Field id="phone-booking-eventType" label={labels.eventType} error={errors.eventType}>
          {(control) => (
            <select {...control} name="eventType" defaultValue="" required>
              <Options placeholder={copy.eventTypePlaceholder} options={BOOKING_EVENT_TYPES} />
            </select>
          )}
        </Field>
        {text('phone', 'tel', 'off')}
      </div>
      <div className={formStyles.row}>
        {text('guestCount', 'text', 'off')}
        {text('eventLocation', 'text', 'off')}
      </div>
      <div className={styles.formActions}>
        <button type="submit" className="btn btn--primary" disabled={pending}>
          {pending ? copy.pending : copy.submit}
        </button>
        <button type="button" className="btn btn--secondary" onClick={onClose}>
          {copy.close}
        </button>
      </div>
    </form>
  );
}
