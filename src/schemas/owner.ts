import * as v from 'valibot';
import { type BookingEventType, TIME_SLOT_KEYS, type TimeSlotKey } from './booking';
import { IsoDateSchema, addDaysUtc } from './dates';
import { formObject, multiLineText, requiredText, storableText } from './fields';
import type { InquiryRecord } from './inquiry';

/** What an owner's username may hold: letters, digits, dot, dash, underscore, 1 to 64 of them. */
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

/** Shortest password an owner may set (no composition rules: length and a strength estimate instead). */
export const MIN_PASSWORD_LENGTH = 12;
/** Longest password accepted anywhere (scrypt takes any length; this only bounds the work per request). */
export const MAX_PASSWORD_LENGTH = 1024;

/** The one message for every failed sign-in, whatever was wrong. */
export const SIGN_IN_FAILED_MESSAGE = 'That username and password do not match. Please try again.';

/** The sign-in form: username (trimmed) and password (exactly as typed). */
export const SignInSchema = formObject(
  {
    username: requiredText('Please enter your username.', 200, 'Please enter a username of at most 200 characters.', 'your username'),
    password: v.pipe(
      v.string('Please enter your password.'),
      v.nonEmpty('Please enter your password.'),
      v.maxLength(MAX_PASSWORD_LENGTH, 'Please enter a password of at most 1024 characters.'),
    ),
  },
  'Please send your username and password.',
);

/** What the sign-in form sends. */
export type SignInInput = v.InferInput<typeof SignInSchema>;

/** An owner's username as `npm run owner:add` accepts it. */
export const UsernameSchema = v.pipe(
  v.string('Please give a username.'),
  v.trim(),
  v.regex(USERNAME_PATTERN, 'A username is 1 to 64 letters, digits, dots, dashes or underscores.'),
);

/**
 * A new owner password: 12 to 1024 characters, and strong enough for `weakness` (passed in: the strength estimate
 * and its dictionaries are server-side), which answers why a password is too weak, or undefined.
 */
export function createNewPasswordSchema(weakness: (password: string) => string | undefined) {
  return v.pipe(
    v.string('Please type a password.'),
    v.minLength(MIN_PASSWORD_LENGTH, `Please use at least ${MIN_PASSWORD_LENGTH} characters.`),
    v.maxLength(MAX_PASSWORD_LENGTH, 'Please use at most 1024 characters.'),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const problem = weakness(dataset.value);
      if (problem) addIssue({ message: problem });
    }),
  );
}

/** What the owner can block: one slot, or `all` for every free slot of the day. */
export const BLOCK_SLOTS = [...TIME_SLOT_KEYS, 'all'] as const;

/** POST /api/admin/blocks: a date (any real calendar date) and a slot key or `all`. */
export const BlockSchema = formObject(
  {
    date: IsoDateSchema,
    timeSlot: v.picklist(BLOCK_SLOTS, 'Please pick a time slot or the whole day.'),
  },
  'Please send a date and a time slot.',
);

/** What the block form sends. */
export type BlockInput = v.InferInput<typeof BlockSchema>;

/** The longest reason the owner may give for cancelling a reservation, in characters. */
export const MAX_CANCEL_REASON_LENGTH = 500;

/** POST /api/admin/bookings/{id}/cancel: an optional reason, kept in the audit log only (blank means none). */
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
  v.forward(
    v.check((range) => range.to >= range.from, 'The end date must not be before the start date.'),
    ['to'],
  ),
  v.forward(
    v.check(
      (range) => range.to <= addDaysUtc(range.from, MAX_BOOKING_RANGE_DAYS),
      'Please ask for at most two years at a time.',
    ),
    ['to'],
  ),
);

/** How many inquiries one page of GET /api/admin/inquiries holds. */
export const INQUIRY_PAGE_SIZE = 50;

/** GET /api/admin/inquiries?q=&cursor=: an optional search text and the cursor of the previous page. */
export const InquiryQuerySchema = v.object({
  q: v.optional(
    v.pipe(v.string(), v.trim(), v.maxLength(200, 'Please search for at most 200 characters.')),
    '',
  ),
  cursor: v.optional(
    v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,200}$/, 'That page link is not valid; please start again.')),
  ),
});

/**
 * The signed-in owner, as GET/POST /api/admin/session answer it, with the failed sign-in attempts for the account
 * between the previous successful sign-in and this session's (shown on the desk).
 */
export type OwnerSession = { user: { username: string }; failedSignIns: number };

/** One inquiry in the desk: its id, when it was received (ISO instant) and its stored fields. */
export type OwnerInquiry = { id: string; createdAt: string } & InquiryRecord;

/** GET /api/admin/inquiries: a page of inquiries, newest first, and the cursor of the next page (null at the end). */
export type OwnerInquiryPage = { inquiries: OwnerInquiry[]; nextCursor: string | null };

/** Whether a hold still holds its slot, or how it was released. */
export type OwnerBookingState = 'held' | 'cancelled' | 'lifted';

/** One hold in the desk: a visitor's reservation (client fields set) or an owner's block (client fields null). */
export type OwnerBooking = {
  id: string;
  date: string;
  timeSlot: TimeSlotKey;
  kind: 'reservation' | 'block';
  state: OwnerBookingState;
  clientName: string | null;
  clientEmail: string | null;
  eventType: BookingEventType | null;
  createdAt: string;
  cancelledAt: string | null;
  cancelledBy: string | null;
};

/** A message the outbox gave up on, as the desk lists it (GET /api/admin/mail). */
export type OwnerMailMessage = {
  id: string;
  /** What it was: inquiry_owner, inquiry_client, booking_owner, booking_client, cancellation_owner, ... */
  kind: string;
  /** Recipient addresses. */
  to: string[];
  subject: string;
  attempts: number;
  /** The mail server's code and status only (e.g. "EENVELOPE 550"), never its text. */
  lastError: string | null;
  createdAt: string;
};

/** The outbox as the desk shows it: how many messages are in each state, and the failed ones. */
export type OwnerMailStatus = {
  counts: { pending: number; sending: number; sent: number; failed: number };
  failed: OwnerMailMessage[];
};
