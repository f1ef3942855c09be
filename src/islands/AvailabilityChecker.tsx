import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { CheckerCopy } from '../content-schemas/forms';
import { ApiError, createBooking } from '../lib/api';
import { BookingSchema } from '@shared/schemas/booking';
import { refetchAvailability } from '../stores/availability';
import { showToast } from '../stores/toasts';
import styles from './AvailabilityChecker.module.css';
import ConfirmationPanel, { type BookedSlot, type BusinessContact } from './availability/ConfirmationPanel';
import DatePicker from './availability/DatePicker';
import ReservationForm, { NO_DETAILS, type ReservationDetails } from './availability/ReservationForm';
import SlotList from './availability/SlotList';
import { useSlotPicker } from './availability/use-slot-picker';
import { useApiForm } from './form/use-api-form';

interface Props {
  /** The checker's copy (content/forms.json, `availability.checker`). */
  copy: CheckerCopy;
  /** The business's name, phone and e-mail (content/settings.json), for the calendar links. */
  business: BusinessContact;
}

/**
 * The availability page's checker: pick a date (today in UTC at the earliest), see its free slots, pick one and
 * reserve it. A picked slot survives a date change while the new date still offers it; otherwise it is cleared. A
 * booking made shows its confirmation above the picker, which keeps the date and lists its refetched slots, until the
 * visitor dismisses it to book another time.
 */
export default function AvailabilityChecker({ copy, business }: Props) {
  const [details, setDetails] = useState(NO_DETAILS);
  // What the confirmation shows of the booking just made, while it is on show (component state only).
  const [booked, setBooked] = useState<BookedSlot>();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const confirmationRef = useRef<HTMLHeadingElement>(null);
  // The reservation form vanishes with a dropped pick; if it held focus, the slot heading is a sensible home.
  const picker = useSlotPicker(BookingSchema.entries.date, headingRef);
  const { date, slot, activeDate } = picker;

  const form = useApiForm({
    schema: BookingSchema,
    // The date and the slot are picked outside the <form>; the rest (honeypot included) is inside it.
    read: (element) => ({ ...Object.fromEntries(new FormData(element)), date: activeDate, timeSlot: slot }),
    send: createBooking,
    failure: copy.reservation.failure,
    missingToast: copy.reservation.missing,
    onSuccess: (_answer, { values }) => {
      flushSync(() => {
        picker.clearSlot();
        setDetails(NO_DETAILS);
        setBooked({ date: values.date, timeSlot: values.timeSlot, clientEmail: values.clientEmail, eventType: values.eventType });
      });
      confirmationRef.current?.focus();
      showToast(copy.reservation.confirmed);
      void refetchAvailability(values.date);
    },
    // A 409: the slot was just taken. Refetching drops it from the list, which clears the pick.
    onFailure: (error, values) => {
      if (error instanceof ApiError && error.status === 409) void refetchAvailability(values.date);
    },
  });

  const pickSlot = (key: string) => {
    picker.pickSlot(key);
    form.clearError('timeSlot');
  };

  const bookAnother = () => {
    flushSync(() => setBooked(undefined));
    headingRef.current?.focus();
  };

  const edit = (name: keyof ReservationDetails, value: string) => {
    setDetails((current) => ({ ...current, [name]: value }));
    form.clearError(name);
  };

  // SPEC §4: after a booking the checker stays under the panel, the date kept and its refetched slots listed.
  return (
    <div className={styles.checker}>
      {booked && (
        <ConfirmationPanel copy={copy.confirmation} business={business} booked={booked} headingRef={confirmationRef} onBookAnother={bookAnother} />
      )}
      <DatePicker label={copy.dateLabel} value={date} error={picker.dateMessage ?? form.errors.date} onChange={picker.changeDate} />
      <SlotList
        copy={copy}
        date={activeDate}
        entry={picker.entry}
        slot={slot}
        slotGone={picker.slotGone}
        error={form.errors.timeSlot}
        onPick={pickSlot}
        onRetry={() => void refetchAvailability(activeDate)}
        headingRef={headingRef}
      />
      {picker.picked && (
        <ReservationForm copy={copy.reservation} date={activeDate} slot={slot} details={details} onEdit={edit} form={form} />
      )}
    </div>
  );
}
