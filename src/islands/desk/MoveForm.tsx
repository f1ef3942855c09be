import { useEffect, useRef } from 'react';
import type { DeskCopy } from '../../content-schemas/desk';
import { moveOwnerBooking } from '../../lib/desk-api';
import { TIME_SLOTS } from '@shared/schemas/booking';
import { fillTemplate } from '@shared/template';
import { OwnerMoveRequestSchema, type OwnerBooking } from '@shared/schemas/owner/bookings';
import Field, { Options } from '../form/Field';
import formStyles from '../form/form.module.css';
import { useApiForm } from '../form/use-api-form';
import { showToast } from '../../stores/toasts';
import styles from './desk.module.css';

interface Props {
  copy: DeskCopy['phoneBooking'];
  booking: OwnerBooking;
  /** The first date offered (today in Texas). */
  min: string;
  onMoved: (booking: OwnerBooking) => void;
  onClose: () => void;
  onFailure: (error: unknown) => void;
}

const SLOTS = TIME_SLOTS.map((slot) => ({ value: slot.key, label: slot.label }));

/**
 * Moves a client's booking to a new date and slot, inside its row. Opened, it takes the focus (its date); the API's
 * refusal (a taken slot, the same slot, a started one) shows by the slot, or in place when it names no field.
 */
export default function MoveForm({ copy, booking, min, onMoved, onClose, onFailure }: Props) {
  const date = useRef<HTMLInputElement>(null);
  useEffect(() => date.current?.focus(), []);
  const id = `move-${booking.id}`;
  const { pending, errors, failure, onSubmit, clearError } = useApiForm({
    schema: OwnerMoveRequestSchema,
    send: (to) => moveOwnerBooking(booking.id, to),
    failure: copy.moveFailure,
    failureToast: false,
    onSuccess: (moved) => {
      showToast(copy.moved);
      onMoved(moved);
    },
    onFailure,
  });
  const shownFailure = failure && !Object.keys(errors).length ? failure : undefined;
  return (
    <form
      className={styles.moveForm}
      noValidate
      aria-labelledby={`${id}-heading`}
      aria-busy={pending}
      onSubmit={onSubmit}
      onInput={(event) => clearError((event.target as HTMLInputElement).name)}
      onKeyDown={(event) => event.key === 'Escape' && onClose()}
    >
      <h3 id={`${id}-heading`} className={styles.moveHeading}>
        {fillTemplate(copy.moveHeading, { name: booking.clientName ?? '' })}
      </h3>
      <div className={formStyles.row}>
        <Field id={`${id}-date`} label={copy.labels.date} error={errors.date}>
          {(control) => <input {...control} ref={date} name="date" type="date" min={min} defaultValue={booking.date} required />}
        </Field>
        <Field id={`${id}-timeSlot`} label={copy.labels.timeSlot} error={errors.timeSlot}>
          {(control) => (
            <select {...control} name="timeSlot" defaultValue={booking.timeSlot} required>
              <Options placeholder={copy.slotPlaceholder} options={SLOTS} />
            </select>
          )}
        </Field>
      </div>
      {shownFailure && (
        <p role="alert" className={styles.formFailure}>
          {shownFailure}
        </p>
      )}
      <div className={styles.formActions}>
        <button type="submit" className="btn btn--primary" disabled={pending}>
          {pending ? copy.movePending : copy.moveSubmit}
        </button>
        <button type="button" className="btn btn--secondary" onClick={onClose}>
          {copy.close}
        </button>
      </div>
    </form>
  );
}
