import { useRef, type Ref } from 'react';
import type { CancelBookingCopy } from '../../content-schemas/cancel';
import type { CheckerCopy } from '../../content-schemas/forms';
import { ApiError } from '../../lib/api';
import { moveBooking } from '../../lib/cancel-link';
import { fillTemplate } from '@shared/template';
import { formatLongDate } from '@shared/texas-time';
import { slotLabel } from '@shared/time-slots';
import { RescheduleRequestSchema, type CancelBookingView } from '@shared/schemas/cancel';
import { refetchAvailability } from '../../stores/availability';
import DatePicker from '../availability/DatePicker';
import SlotList from '../availability/SlotList';
import { useSlotPicker } from '../availability/use-slot-picker';
import formStyles from '../form/form.module.css';
import { useApiForm } from '../form/use-api-form';
import { linkRefusal, type Refusal } from './refusal';
import styles from './Steps.module.css';

interface Props {
  copy: CancelBookingCopy;
  /** The availability checker's copy: the same date picker and slot list as /availability. */
  picker: CheckerCopy;
  token: string;
  headingRef: Ref<HTMLHeadingElement>;
  onMoved: (booking: CancelBookingView) => void;
  onRefused: (refusal: Refusal) => void;
  onBack: () => void;
}

/**
 * Moving the booking: /availability's date picker and slot list, then "Move my booking". A slot taken meanwhile
 * (409 slot_taken) shows the server's message, reloads that date's slots and keeps the picker open.
 */
export default function MoveBooking({ copy, picker, token, headingRef, onMoved, onRefused, onBack }: Props) {
  const slotsHeading = useRef<HTMLHeadingElement>(null);
  const pick = useSlotPicker(RescheduleRequestSchema.entries.date, slotsHeading);
  const { date, slot, activeDate, picked } = pick;

  const form = useApiForm({
    schema: RescheduleRequestSchema,
    read: () => ({ token, date: activeDate, timeSlot: slot }),
    send: moveBooking,
    failure: copy.move.failure,
    failureToast: false,
    onSuccess: ({ booking }, { values }) => {
      // The old slot is free again and the new one gone: a later look at either date must not show stale slots.
      void refetchAvailability(values.date);
      onMoved(booking);
    },
    onFailure: (error, values) => {
      const refused = linkRefusal(error, true);
      if (refused) onRefused(refused);
      else if (error instanceof ApiError && error.status === 409) void refetchAvailability(values.date);
    },
  });

  const longDate = activeDate ? formatLongDate(activeDate) : '';
  // The summary template around its {slot}: text, slot, text.
  const summary = copy.move.summary.split(/(\{slot\})/);
  return (
    <form noValidate aria-labelledby="move-heading" aria-busy={form.pending} onSubmit={form.onSubmit} className={styles.move}>
      <h2 id="move-heading" ref={headingRef} tabIndex={-1}>{copy.move.heading}</h2>
      <p>{copy.move.lead}</p>
      <DatePicker
        label={picker.dateLabel}
        value={date}
        error={pick.dateMessage ?? form.errors.date}
        onChange={pick.changeDate}
      />
      <SlotList
        copy={picker}
        date={activeDate}
        entry={pick.entry}
        slot={slot}
        // A taken slot is said once, by the server's message below, not again as "not available" and under the slots.
        slotGone={pick.slotGone && !form.failure}
        error={form.errors.timeSlot === form.failure ? undefined : form.errors.timeSlot}
        onPick={(key) => {
          pick.pickSlot(key);
          form.clearError('timeSlot');
        }}
        onRetry={() => void refetchAvailability(activeDate)}
        headingRef={slotsHeading}
      />
      {form.failure && <p role="alert" className={styles.failure}>{form.failure}</p>}
      {picked && (
        <div className={styles.confirm}>
          <p className={styles.summary}>
            {/* The slot on one line: its time range never breaks at a phone's width. */}
            {summary.map((part, index) => (index % 2 ? <span key={index} className={styles.slot}>{slotLabel(slot)}</span> : fillTemplate(part, { date: longDate })))}
          </p>
          <button type="submit" className={`btn btn--primary ${formStyles.submit}`} disabled={form.pending}>
            {form.pending ? copy.move.pending : copy.move.submit}
          </button>
        </div>
      )}
      <button type="button" className={`btn btn--secondary ${styles.back}`} onClick={onBack} disabled={form.pending}>
        {copy.move.back}
      </button>
    </form>
  );
}
