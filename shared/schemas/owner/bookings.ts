import type { BookingStage } from '../booking';
import * as v from 'valibot';
import { TimeSlotSchema, createBookableDateSchema, createBookingSchema, type BookingEventType, type TimeSlotKey } from '../booking';
import { IsoDateSchema, daysBetweenUtc, isCalendarDate } from '../dates';
import { formObject, multiLineText, storableText } from '../fields';
import { HONEYPOT_FIELD } from '../honeypot';

/** The longest reason the owner may give for cancelling a reservation, in characters. */
export const MAX_CANCEL_REASON_LENGTH = 500;

/** POST /api/admin/bookings/{id}/cancel: an optional reason (blank means none), stored and sent to the client. */
export const OwnerCancelSchema = formObject(
  {
    reason: v.optional(
      v.pipe(
        v.string('Please write the reason as text.'),
        v.trim(),
        v.normalize('NFC'),
        v.maxLength(MAX_CANCEL_REASON_LENGTH, `Please keep the reason to ${MAX_CANCEL_REASON_LENGTH} characters.`),
        storableText(),
        multiLineText('the reason'),
        v.transform((reason) => reason || undefined),
      ),
    ),
  },
  'Please send the cancellation as an object, with a reason or without.',
);

/** What the desk may send with a cancellation. */
export type OwnerCancelInput = v.InferInput<typeof OwnerCancelSchema>;

/** The longest range GET /api/admin/bookings answers, in days (two years). */
export const MAX_BOOKING_RANGE_DAYS = 731;

/** GET /api/admin/bookings?from=&to=: two calendar dates, `to` not before `from`, at most two years apart. */
export const BookingRangeSchema = v.pipe(
  formObject({ from: IsoDateSchema, to: IsoDateSchema }, 'Please give a date range (from and to).'),
  // A date that failed its own check still reaches these (valibot runs validations on a value that kept its type):
  // they compare only two real dates, so `from=2027-01-01'--` is a 400 from IsoDateSchema, never a RangeError here.
  v.forward(
    v.check((range) => !isDateRange(range) || range.to >= range.from, 'The end date must not be before the start date.'),
    ['to'],
  ),
  v.forward(
    v.check(
      // A day count, not addDaysUtc's text: two years after 9999-12-01 has no YYYY-MM-DD to compare with.
      (range) => !isDateRange(range) || daysBetweenUtc(range.from, range.to) <= MAX_BOOKING_RANGE_DAYS,
      'Please ask for at most two years at a time.',
    ),
    ['to'],
  ),
);

function isDateRange(range: { from: string; to: string }): boolean {
  return isCalendarDate(range.from) && isCalendarDate(range.to);
}
/**
 * POST /api/admin/bookings: the owner's booking for a client who called, judging "today" (UTC) by `now()`: the
 * visitor's reservation fields and rules (createBookingSchema) without the honeypot, which no desk form has.
 */
export function createOwnerBookingRequestSchema(now: () => Date = () => new Date()) {
  return v.omit(createBookingSchema(now), [HONEYPOT_FIELD]);
}

/** The owner's phone booking, judged against today's date. */
export const OwnerBookingRequestSchema = createOwnerBookingRequestSchema();

/** What the desk's phone booking form sends. */
export type OwnerBookingRequestInput = v.InferInput<typeof OwnerBookingRequestSchema>;
/** A validated phone booking, as the desk sends it. */
export type OwnerBookingRequest = v.InferOutput<typeof OwnerBookingRequestSchema>;

/** POST /api/admin/bookings/{id}/move: the new date (within the booking window) and time slot. */
export const OwnerMoveRequestSchema = formObject(
  { date: createBookableDateSchema(), timeSlot: TimeSlotSchema },
  'Please send the new date and the new time slot.',
);

/** What the desk's move form sends. */
export type OwnerMoveRequestInput = v.InferInput<typeof OwnerMoveRequestSchema>;
/** A validated move, as the desk sends it. */
export type OwnerMoveRequest = v.InferOutput<typeof OwnerMoveRequestSchema>;

/** Whether a hold still holds its slot, or how it was released. */
export type OwnerBookingState = 'held' | 'cancelled' | 'lifted';

/** One hold in the desk: a visitor's reservation (client fields set) or an owner's block (client fields null). */
/**
 * Where a client's reservation stands in the sale (BOOKING_STAGES), and until when a tentative hold from an open
 * proposal holds its date (an ISO instant; null when it is not tentative). A block's stage is 'held'.
 */
export type SaleStanding = { stage: BookingStage; tentativeUntil: string | null };

/** Where a signed reservation's money stands: its contract's total, the payments not voided, what is still owed. */
export type BookingMoney = { totalCents: number; paidCents: number; outstandingCents: number };

export type OwnerBooking = SaleStanding & {
  id: string;
  date: string;
  timeSlot: TimeSlotKey;
  kind: 'reservation' | 'block';
  state: OwnerBookingState;
  clientName: string | null;
  clientEmail: string | null;
  eventType: BookingEventType | null;
  /** The client's optional details: null when not given, and for a block. */
  phone: string | null;
  guestCount: number | null;
  eventLocation: string | null;
  createdAt: string;
  cancelledAt: string | null;
  cancelledBy: string | null;
  /** The client's confirmation went over the per-mailbox cap and was never sent. */
  confirmationHeld: boolean;
  /** The client's cancellation notice went over the per-mailbox cap and was never sent. */
  cancellationHeld: boolean;
  /** The reason the owner gave when cancelling (sent to the client), or null. */
  cancelReason: string | null;
  /** The block this row belongs to (its rows share it), or null for a reservation. */
  blockId: string | null;
  /** The owner's note on that block, or null. */
  blockNote: string | null;
  /** GET /api/admin/bookings only: a reservation with a signed contract, where its money stands (else absent). */
  money?: BookingMoney;
};
