import * as v from 'valibot';
import { TimeSlotSchema, createBookableDateSchema, type BookingEventType, type BookingStage, type TimeSlotKey } from './booking';
import { formObject } from './fields';
import { SECRET_TOKEN_PATTERN } from './secret-token';

const INCOMPLETE_LINK = 'This cancel link is incomplete. Please open the whole link from your confirmation e-mail.';

/** The token from a cancel link (the page reads it from the link's #token= fragment). */
export const CancelTokenSchema = v.pipe(
  v.string(INCOMPLETE_LINK),
  v.trim(),
  v.nonEmpty(INCOMPLETE_LINK),
  v.regex(SECRET_TOKEN_PATTERN, INCOMPLETE_LINK),
);

/** What the cancel page sends to POST /api/cancel. */
export const CancelRequestSchema = formObject({ token: CancelTokenSchema }, INCOMPLETE_LINK);

/** The body of POST /api/cancel. */
export type CancelRequestInput = v.InferInput<typeof CancelRequestSchema>;

/**
 * What the page sends to POST /api/bookings/reschedule: the link's token and the new date and slot, judged by the
 * reservation's own rules (today, UTC, up to the booking window) with "today" taken from `now()` at each validation.
 */
export function createRescheduleRequestSchema(now: () => Date = () => new Date()) {
  return formObject(
    { token: CancelTokenSchema, date: createBookableDateSchema(now), timeSlot: TimeSlotSchema },
    'Please send the link, the new date and the new time slot.',
  );
}

/** The move request judged against today's date. */
export const RescheduleRequestSchema = createRescheduleRequestSchema();

/** The body of POST /api/bookings/reschedule. */
export type RescheduleRequestInput = v.InferInput<typeof RescheduleRequestSchema>;

/** Why a cancel link cannot be used, with the HTTP status the API answers and what the visitor is told. */
export const CANCEL_REFUSALS = {
  unknown: {
    status: 404,
    message:
      'We could not find a booking for this cancel link. Please check that you opened the whole link from your confirmation e-mail, or give us a call.',
  },
  already_cancelled: { status: 409, message: 'This booking has already been cancelled. The time slot is free again.' },
  expired: { status: 410, message: 'This cancel link has expired: the event is over.' },
  started: {
    status: 409,
    message: 'This event has already started, so it can no longer be cancelled online. Please give us a call.',
  },
} as const;

/** What the API answers (409 same_slot) to a move into the date and slot the booking already holds. */
export const SAME_SLOT_MESSAGE =
  'Your booking already holds this date and time slot. Please pick another date or time slot to move it to.';

/** One of the reasons a cancel link is refused (also the API's error code). */
export type CancelRefusal = keyof typeof CANCEL_REFUSALS;

/**
 * The booking a cancel link belongs to, as POST /api/cancel/lookup, POST /api/cancel and POST
 * /api/bookings/reschedule (with its new date and slot) answer it: { booking }.
 */
export type CancelBookingView = {
  date: string;
  timeSlot: TimeSlotKey;
  eventType: BookingEventType;
  clientName: string;
  /** The slot's start and end (ISO 8601 instants; the window is local Texas time, America/Chicago). */
  startsAt: string;
  endsAt: string;
  /** Set once cancelled (the POST's answer). */
  cancelledAt?: string;
  /** Where the booking stands in the sale (BOOKING_STAGES), and until when a tentative hold lasts. */
  stage: BookingStage;
  tentativeUntil: string | null;
};
