import * as v from 'valibot';
import { BOOKING_WINDOW_DAYS, addDaysUtc, isCalendarDate, todayUtc } from './dates';
import { emailAddress, formObject, optionalField, personName } from './fields';
import { HONEYPOT_FIELD, HoneypotSchema } from './honeypot';
import { EventLocationSchema, GuestCountSchema, PhoneSchema } from './contact-details';

/** Event types a visitor can pick when reserving a slot, in display order. */
export const BOOKING_EVENT_TYPES = [
  { value: 'wedding', label: 'Wedding' },
  { value: 'birthday', label: 'Birthday Party' },
  { value: 'corporate', label: 'Corporate Event' },
  { value: 'anniversary', label: 'Anniversary' },
  { value: 'graduation', label: 'Graduation' },
  { value: 'other', label: 'Other' },
] as const;

// The slots' names and local hours (24 h clock, Texas time): stated here only; the labels, the windows, the mails and
// the calendars derive from them.
const SLOT_HOURS_BY_KEY = [
  { key: 'morning', name: 'Morning', start: 9, end: 13 },
  { key: 'afternoon', name: 'Afternoon', start: 13, end: 18 },
  { key: 'evening', name: 'Evening', start: 18, end: 23 },
] as const;

/** An hour of the 24 h clock as a slot label writes it: 9 → "9AM", 13 → "1PM". */
function hourLabel(hour: number): string {
  return `${hour % 12 === 0 ? 12 : hour % 12}${hour < 12 ? 'AM' : 'PM'}`;
}

/** The bookable time slots of a day, in order: key, label ("Morning 9AM - 1PM") and local start and end hour. */
export const TIME_SLOTS = SLOT_HOURS_BY_KEY.map(({ key, name, start, end }) => ({
  key,
  label: `${name} ${hourLabel(start)} - ${hourLabel(end)}`,
  start,
  end,
}));

/** One of the time slot keys: morning, afternoon or evening. */
export type TimeSlotKey = (typeof TIME_SLOTS)[number]['key'];
/** One of the booking event type values. */
export type BookingEventType = (typeof BOOKING_EVENT_TYPES)[number]['value'];

/** The time slot keys in day order. */
export const TIME_SLOT_KEYS: readonly TimeSlotKey[] = TIME_SLOTS.map((slot) => slot.key);

/** The last date (YYYY-MM-DD) that can be booked on the UTC day of `now`: BOOKING_WINDOW_DAYS after today. */
export function lastBookableDate(now: Date = new Date()): string {
  return addDaysUtc(todayUtc(now), BOOKING_WINDOW_DAYS);
}

/** Whether `date` (YYYY-MM-DD) can be booked on the UTC day of `now`: today up to BOOKING_WINDOW_DAYS ahead. */
export function isBookableDate(date: string, now: Date = new Date()): boolean {
  return date >= todayUtc(now) && date <= lastBookableDate(now);
}

/**
 * A date that can be booked (or a booking moved to), judging "today" (UTC) by `now()` at each validation: a real
 * calendar date from today up to BOOKING_WINDOW_DAYS ahead.
 */
export function createBookableDateSchema(now: () => Date = () => new Date()) {
  return v.pipe(
    v.string('Please choose a date.'),
    v.trim(),
    v.nonEmpty('Please choose a date.'),
    v.check(isCalendarDate, 'Please choose a valid date.'),
    v.check((date) => date >= todayUtc(now()), 'Please choose today or a later date.'),
    v.check(
      (date) => date <= lastBookableDate(now()),
      `Please choose a date within the next ${BOOKING_WINDOW_DAYS} days.`,
    ),
  );
}

/** One of the day's time slot keys. */
export const TimeSlotSchema = v.picklist(
  TIME_SLOTS.map((slot) => slot.key),
  'Please pick a time slot.',
);

/** What the API answers when another booking holds the slot asked for (a reservation's or a move's). */
export const SLOT_TAKEN_MESSAGE = 'Sorry, that time slot was just booked. Please pick another.';

/** What the API answers when the slot asked for (by a reservation or a move) has started in Texas time. */
export const SLOT_STARTED_MESSAGE = 'That time slot has already started. Please pick a later one.';

/**
 * The reservation schema, judging "today" (UTC) by `now()` at each validation: pass a fixed clock in tests.
 * Dates before today or more than BOOKING_WINDOW_DAYS ahead are refused.
 */
export function createBookingSchema(now: () => Date = () => new Date()) {
  return formObject(
    {
      date: createBookableDateSchema(now),
      timeSlot: TimeSlotSchema,
      // The confirmation greets the client by its first word: no link or address (personName).
      clientName: personName(
        'Please enter your name.',
        200,
        'Please enter a name of at most 200 characters.',
        'your name',
        'Please write your name without a web or e-mail address.',
      ),
      clientEmail: emailAddress('Please enter your email address.'),
      eventType: v.picklist(
        BOOKING_EVENT_TYPES.map((type) => type.value),
        'Please choose an event type.',
      ),
      // The client's details: optional, with the inquiry's rules and messages; not given is null. They reach the
      // owner only (the client's mails carry the guest count alone: a number, not text a stranger typed).
      phone: optionalField(PhoneSchema),
      // The inquiry stores its count as text; bookings.guest_count is an integer.
      guestCount: optionalField(v.pipe(GuestCountSchema, v.transform(Number))),
      eventLocation: optionalField(EventLocationSchema),
      [HONEYPOT_FIELD]: HoneypotSchema,
    },
    'Please send the booking form fields.',
  );
}

/** The reservation a visitor sends from the availability page, judged against today's date. */
export const BookingSchema = createBookingSchema();

/** What the reservation form sends. */
export type BookingInput = v.InferInput<typeof BookingSchema>;
/** A validated reservation: trimmed, NFC-normalised, unknown fields dropped. */
export type BookingOutput = v.InferOutput<typeof BookingSchema>;

/** A reservation as the API answers it (POST /api/bookings → 201 { booking }). */
export type Booking = {
  id: string;
  date: string;
  timeSlot: TimeSlotKey;
  clientName: string;
  clientEmail: string;
  eventType: BookingEventType;
  /** The client's optional details: null when not given. */
  phone: string | null;
  guestCount: number | null;
  eventLocation: string | null;
  isAvailable: boolean;
  createdAt: string;
  updatedAt: string;
};

/** What GET /api/availability/{date} answers: the free slot keys of that date, in day order. */
export type Availability = {
  date: string;
  availableSlots: TimeSlotKey[];
};

/**
 * Where a client's booking stands in the sale, the same words on every page and mail (content/cancel.json's
 * `stage`): held (the date is held, nothing agreed), proposal sent (a proposal waits for the client's signature),
 * signed (the client signed; the date is theirs), confirmed (the business countersigned).
 */
export const BOOKING_STAGES = ['held', 'proposal_sent', 'signed', 'confirmed'] as const;
export type BookingStage = (typeof BOOKING_STAGES)[number];

/** Whether a booking at `stage` has a signed contract (countersigned or not): its date is the client's. */
export function isSignedStage(stage: BookingStage): boolean {
  return stage === 'signed' || stage === 'confirmed';
}
