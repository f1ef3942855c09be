import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import { flushSync } from 'react-dom';
import * as v from 'valibot';
import { ApiError, createBooking } from '../lib/api';
import { FieldError, errorAria, focusFirstInvalid, type FieldMessages } from '../lib/form-errors';
import { AVAILABILITY_MESSAGES, BOOKING_TOASTS } from '../lib/messages';
import { formatLongDate, slotLabel } from '../lib/time-slots';
import { useHydrated } from '../lib/use-hydrated';
import { BOOKING_EVENT_TYPES, BookingSchema } from '../schemas/booking';
import { BOOKING_WINDOW_DAYS, addDaysUtc, todayUtc } from '../schemas/dates';
import { fieldErrors } from '../schemas/field-errors';
import { HONEYPOT_FIELD } from '../schemas/honeypot';
import { $availability, loadAvailability, refetchAvailability } from '../stores/availability';
import { showToast } from '../stores/toasts';
import styles from './forms.module.css';

const DATE_ID = 'availability-date';
const id = (name: string) => `booking-${name}`;

/** The shared schema's message for a chosen date (past, too far ahead, not a date), or undefined when bookable. */
function dateProblem(date: string): string | undefined {
  const result = v.safeParse(BookingSchema.entries.date, date);
  return result.success ? undefined : result.issues[0].message;
}

/**
 * The availability page's checker: pick a date (today in UTC at the earliest), see its free slots, pick one and
 * reserve it. A picked slot survives a date change while the new date still offers it; otherwise it is cleared.
 */
export default function AvailabilityChecker() {
  const hydrated = useHydrated();
  const [date, setDate] = useState('');
  const [slot, setSlot] = useState('');
  const [clientName, setClientName] = useState('');
  const [clientEmail, setClientEmail] = useState('');
  const [eventType, setEventType] = useState('');
  const [errors, setErrors] = useState<FieldMessages>({});
  const [slotGone, setSlotGone] = useState(false);
  const [pending, setPending] = useState(false);
  const sending = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const honeypotRef = useRef<HTMLInputElement>(null);
  const availability = useStore($availability);

  const today = hydrated ? todayUtc() : undefined;
  const dateMessage = date ? dateProblem(date) : undefined;
  const activeDate = date && !dateMessage ? date : '';
  const entry = activeDate ? (availability[activeDate] ?? { status: 'loading' as const }) : undefined;
  const offered = entry?.status === 'ready' ? entry.slots : undefined;
  const slotOffered = slot !== '' && offered !== undefined && offered.includes(slot);

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
    setErrors(({ timeSlot: _picked, ...rest }) => rest);
  };

  const changeDate = (value: string) => {
    setDate(value);
    setSlotGone(false);
  };

  const edit = (name: string, set: (value: string) => void) => (value: string) => {
    set(value);
    if (errors[name]) setErrors(({ [name]: _fixed, ...rest }) => rest);
  };

  const showErrors = (form: HTMLFormElement, messages: FieldMessages) => {
    flushSync(() => setErrors(messages));
    focusFirstInvalid(form, messages);
  };

  const onSubmit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending.current) return;
    const form = event.currentTarget;
    const values = {
      date: activeDate,
      timeSlot: slot,
      clientName,
      clientEmail,
      eventType,
      [HONEYPOT_FIELD]: honeypotRef.current?.value ?? '',
    };
    const result = v.safeParse(BookingSchema, values);
    if ([activeDate, slot, clientName.trim(), clientEmail.trim(), eventType].includes('')) {
      showToast({ ...BOOKING_TOASTS.missing, variant: 'destructive' });
    }
    if (!result.success) {
      showErrors(form, fieldErrors(result.issues));
      return;
    }
    sending.current = true;
    setErrors({});
    setPending(true);
    try {
      await createBooking(result.output);
      flushSync(() => {
        setSlot('');
        setClientName('');
        setClientEmail('');
        setEventType('');
      });
      headingRef.current?.focus();
      showToast(BOOKING_TOASTS.confirmed);
      void refetchAvailability(result.output.date);
    } catch (error) {
      showToast({ ...BOOKING_TOASTS.failed, variant: 'destructive' });
      if (error instanceof ApiError && error.status === 409) void refetchAvailability(result.output.date);
      const fields = error instanceof ApiError ? error.fields : {};
      if (Object.keys(fields).length > 0) showErrors(form, fields);
    } finally {
      sending.current = false;
      setPending(false);
    }
  };

  return (
    <div className={styles.checker}>
      <div className={`${styles.field} ${styles.dateField}`}>
        <label htmlFor={DATE_ID}>Select a date</label>
        <input
          id={DATE_ID}
          className={styles.control}
          type="date"
          min={today}
          max={today && addDaysUtc(today, BOOKING_WINDOW_DAYS)}
          value={date}
          disabled={!hydrated}
          onChange={(event) => changeDate(event.target.value)}
          {...errorAria(DATE_ID, dateMessage ?? errors.date)}
        />
        <FieldError fieldId={DATE_ID} message={dateMessage ?? errors.date} className={styles.error} />
      </div>

      {/* Always rendered, so the live region inside exists before it has anything to say; out of the flow until a date is chosen. */}
      <div className={activeDate ? styles.results : styles.resultsIdle}>
        {activeDate && (
          <h3 id="slots-heading" ref={headingRef} className={styles.slotsHeading} tabIndex={-1}>
            Available Time Slots
          </h3>
        )}

        <div role="status" aria-live="polite">
          {entry?.status === 'loading' && (
            <p className={styles.loading}>
              <span className={styles.spinner} aria-hidden="true" />
              {AVAILABILITY_MESSAGES.loading}
            </p>
          )}
          {offered?.length === 0 && (
            <div className={styles.empty}>
              <p className={styles.emptyTitle}>{AVAILABILITY_MESSAGES.empty.title}</p>
              <p>{AVAILABILITY_MESSAGES.empty.description}</p>
            </div>
          )}
          {offered !== undefined && offered.length > 0 && (
            <p className="visually-hidden">
              {offered.length === 1 ? '1 time slot' : `${offered.length} time slots`} available on{' '}
              {formatLongDate(activeDate)}.
            </p>
          )}
          {slotGone && offered !== undefined && <p className={styles.notice}>{AVAILABILITY_MESSAGES.slotGone}</p>}
        </div>

        {entry?.status === 'error' && (
          <div className={styles.loadError} role="alert">
            <p>{AVAILABILITY_MESSAGES.loadFailed}</p>
            <button type="button" className="btn btn--secondary" onClick={() => void refetchAvailability(activeDate)}>
              {AVAILABILITY_MESSAGES.retry}
            </button>
          </div>
        )}

        {offered !== undefined && offered.length > 0 && (
          <fieldset
            className={styles.fieldset}
            aria-describedby={errors.timeSlot ? 'booking-timeSlot-error' : undefined}
          >
            <legend className={styles.legend}>Pick a time slot for {formatLongDate(activeDate)}</legend>
            <div className={styles.slots} aria-busy={entry?.status === 'ready' && entry.refreshing}>
              {offered.map((key) => (
                <label key={key} className={styles.slot}>
                  <input type="radio" name="timeSlot" value={key} checked={slot === key} onChange={() => pickSlot(key)} />
                  {slotLabel(key)}
                </label>
              ))}
            </div>
            <FieldError fieldId="booking-timeSlot" message={errors.timeSlot} className={styles.error} />
          </fieldset>
        )}
      </div>

      {slotOffered && (
        <form
          className={`card ${styles.reservation}`}
          noValidate
          aria-labelledby="reservation-heading"
          aria-busy={pending}
          onSubmit={onSubmit}
        >
          <h3 id="reservation-heading" className={styles.reservationHeading}>
            Reserve Your Slot
          </h3>
          <p className={styles.summary}>
            {slotLabel(slot)} on {formatLongDate(activeDate)}
          </p>
          <div className={styles.form}>
            <div className={styles.field}>
              <label htmlFor={id('clientName')}>Your Name</label>
              <input
                id={id('clientName')}
                name="clientName"
                className={styles.control}
                type="text"
                autoComplete="name"
                required
                value={clientName}
                onChange={(event) => edit('clientName', setClientName)(event.target.value)}
                {...errorAria(id('clientName'), errors.clientName)}
              />
              <FieldError fieldId={id('clientName')} message={errors.clientName} className={styles.error} />
            </div>
            <div className={styles.field}>
              <label htmlFor={id('clientEmail')}>Email Address</label>
              <input
                id={id('clientEmail')}
                name="clientEmail"
                className={styles.control}
                type="email"
                autoComplete="email"
                required
                value={clientEmail}
                onChange={(event) => edit('clientEmail', setClientEmail)(event.target.value)}
                {...errorAria(id('clientEmail'), errors.clientEmail)}
              />
              <FieldError fieldId={id('clientEmail')} message={errors.clientEmail} className={styles.error} />
            </div>
            <div className={styles.field}>
              <label htmlFor={id('eventType')}>Event Type</label>
              <select
                id={id('eventType')}
                name="eventType"
                className={styles.control}
                required
                value={eventType}
                onChange={(event) => edit('eventType', setEventType)(event.target.value)}
                {...errorAria(id('eventType'), errors.eventType)}
              >
                <option value="">Select event type</option>
                {BOOKING_EVENT_TYPES.map((type) => (
                  <option key={type.value} value={type.value}>
                    {type.label}
                  </option>
                ))}
              </select>
              <FieldError fieldId={id('eventType')} message={errors.eventType} className={styles.error} />
            </div>
            <div className={styles.honeypot} aria-hidden="true">
              <label htmlFor={id(HONEYPOT_FIELD)}>Website</label>
              <input
                ref={honeypotRef}
                id={id(HONEYPOT_FIELD)}
                name={HONEYPOT_FIELD}
                type="text"
                tabIndex={-1}
                autoComplete="off"
              />
            </div>
            <button type="submit" className={`btn btn--primary ${styles.submit}`} disabled={pending}>
              {pending ? 'Booking...' : 'Book This Slot'}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
