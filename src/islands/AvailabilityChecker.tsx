import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import * as v from 'valibot';
import type { CheckerCopy } from '../content.config';
import { ApiError, createBooking } from '../lib/api';
import { BookingSchema } from '../schemas/booking';
import { $availability, loadAvailability, refetchAvailability } from '../stores/availability';
import { showToast } from '../stores/toasts';
import styles from './AvailabilityChecker.module.css';
import ConfirmationPanel, { type BookedSlot, type BusinessContact } from './availability/ConfirmationPanel';
import DatePicker from './availability/DatePicker';
import ReservationForm, { NO_DETAILS, type ReservationDetails } from './availability/ReservationForm';
import SlotList from './availability/SlotList';
import { useApiForm } from './form/use-api-form';

interface Props {
  /** The checker's copy (src/content/forms.json, `availability.checker`). */
  copy: CheckerCopy;
  /** The business's name, phone and e-mail (src/content/settings.json), for the calendar links. */
  business: BusinessContact;
}

/** The shared schema's message for a chosen date (past, too far ahead, not a date), or undefined when bookable. */
function dateProblem(date: string): string | undefined {
  const result = v.safeParse(BookingSchema.entries.date, date);
  return result.success ? undefined : result.issues[0].message;
}

/**
 * The availability page's checker: pick a date (today in UTC at the earliest), see its free slots, pick one and
 * reserve it. A picked slot survives a date change while the new date still offers it; otherwise it is cleared. A
 * booking made shows its confirmation in place of the picker until the visitor chooses to book another time.
 */
export default function AvailabilityChecker({ copy, business }: Props) {
  const [date, setDate] = useState('');
  const [slot, setSlot] = useState('');
  const [details, setDetails] = useState(NO_DETAILS);
  const [slotGone, setSlotGone] = useState(false);
  // What the confirmation shows of the booking just made, while it is on show (component state only).
  const [booked, setBooked] = useState<BookedSlot>();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const confirmationRef = useRef<HTMLHeadingElement>(null);
  const availability = useStore($availability);

  const dateMessage = date ? dateProblem(date) : undefined;
  const activeDate = date && !dateMessage ? date : '';
  const entry = activeDate ? (availability[activeDate] ?? { status: 'loading' as const }) : undefined;
  const offered = entry?.status === 'ready' ? entry.slots : undefined;

  const form = useApiForm({
    schema: BookingSchema,
    // The date and the slot are picked outside the <form>; the rest (honeypot included) is inside it.
    read: (element) => ({ ...Object.fromEntries(new FormData(element)), date: activeDate, timeSlot: slot }),
    send: createBooking,
    failure: copy.reservation.failure,
    missingToast: copy.reservation.missing,
    onSuccess: (_answer, { values }) => {
      flushSync(() => {
        setSlot('');
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

  useEffect(() => {
    if (activeDate) void loadAvailability(activeDate);
  }, [activeDate]);

  useEffect(() => {
    // The date now on show does not offer the picked slot (date changed, or it was just taken): drop the pick.
    if (!slot || !offered || offered.includes(slot)) return;
    setSlot('');
    setSlotGone(true);
    // The reservation form just vanished; if it held focus, give focus a sensible home.
    if (document.activeElement === document.body) headingRef.current?.focus();
  }, [slot, offered]);

  const pickSlot = (key: string) => {
    setSlot(key);
    setSlotGone(false);
    form.clearError('timeSlot');
  };

  const changeDate = (value: string) => {
    setDate(value);
    setSlotGone(false);
  };

  const bookAnother = () => {
    flushSync(() => setBooked(undefined));
    headingRef.current?.focus();
  };

  const edit = (name: keyof ReservationDetails, value: string) => {
    setDetails((current) => ({ ...current, [name]: value }));
    form.clearError(name);
  };

  if (booked) {
    return (
      <div className={styles.checker}>
        <ConfirmationPanel copy={copy.confirmation} business={business} booked={booked} headingRef={confirmationRef} onBookAnother={bookAnother} />
      </div>
    );
  }

  return (
    <div className={styles.checker}>
      <DatePicker label={copy.dateLabel} value={date} error={dateMessage ?? form.errors.date} onChange={changeDate} />
      <SlotList
        copy={copy}
        date={activeDate}
        entry={entry}
        slot={slot}
        slotGone={slotGone}
        error={form.errors.timeSlot}
        onPick={pickSlot}
        onRetry={() => void refetchAvailability(activeDate)}
        headingRef={headingRef}
      />
      {slot !== '' && offered?.includes(slot) && (
        <ReservationForm copy={copy.reservation} date={activeDate} slot={slot} details={details} onEdit={edit} form={form} />
      )}
    </div>
  );
}
