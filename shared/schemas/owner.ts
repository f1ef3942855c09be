import * as v from 'valibot';
import { type Booking, type BookingEventType, TIME_SLOT_KEYS, type TimeSlotKey } from './booking';
import { IsoDateSchema, daysBetweenUtc, isCalendarDate } from './dates';
import {
  formObject,
  hasBidiControl,
  hasControlCharacter,
  hasInvisibleCharacter,
  hasLineBreak,
  multiLineText,
  requiredText,
  storableText,
} from './fields';
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

/** The most days one block may cover, first and last included (a year, leap day and all). */
export const MAX_BLOCK_DAYS = 366;

/** The longest note the owner may keep with a block, in characters. */
export const MAX_BLOCK_NOTE_LENGTH = 200;

const BLOCK_SLOT_MESSAGE = 'Please pick a time slot or the whole day.';

/** The block form's fields as sent: `to` blank or missing means the single day `from`. */
const BlockFieldsSchema = formObject(
  {
    from: IsoDateSchema,
    to: v.optional(
      v.pipe(
        v.string('Please choose a date.'),
        v.trim(),
        v.check((to) => to === '' || isCalendarDate(to), 'Please choose a valid date.'),
      ),
    ),
    timeSlot: v.picklist(BLOCK_SLOTS, BLOCK_SLOT_MESSAGE),
    note: v.optional(
      v.pipe(
        v.string('Please write the note as text.'),
        v.trim(),
        v.normalize('NFC'),
        v.maxLength(MAX_BLOCK_NOTE_LENGTH, `Please keep the note to ${MAX_BLOCK_NOTE_LENGTH} characters.`),
        storableText(),
        // One line of plain text, like a name or a place; blank means no note.
        v.check(
          (note) =>
            !hasLineBreak(note) && !hasControlCharacter(note) && !hasBidiControl(note) && !hasInvisibleCharacter(note),
          'Please write the note as one line of plain text.',
        ),
        v.transform((note) => note || undefined),
      ),
    ),
  },
  'Please send a date range and a time slot.',
);

/** The first body of POST /api/admin/blocks, { date, timeSlot }, read as the one-day range from = to = date. */
function fromSingleDate(input: unknown): unknown {
  if (typeof input !== 'object' || input === null || Array.isArray(input) || !('date' in input) || 'from' in input) return input;
  const { date, ...rest } = input as Record<string, unknown>;
  return { ...rest, from: date, to: date };
}

/**
 * POST /api/admin/blocks { from, to?, timeSlot, note? }: every slot `timeSlot` (or with `all` every slot) of every day
 * from `from` to `to` (blank: `from` alone), at most MAX_BLOCK_DAYS days, `to` not before `from`. The first
 * { date, timeSlot } is still read, as one day.
 */
export const BlockSchema = v.pipe(
  v.unknown(),
  v.transform(fromSingleDate),
  BlockFieldsSchema,
  v.transform((block) => ({ ...block, to: block.to || block.from })),
  v.forward(v.check((block) => block.to >= block.from, 'The last day must not be before the first.'), ['to']),
  v.forward(
    v.check(
      (block) => daysBetweenUtc(block.from, block.to) + 1 <= MAX_BLOCK_DAYS,
      `Please block at most ${MAX_BLOCK_DAYS} days at a time.`,
    ),
    ['to'],
  ),
);

/** A block as POST /api/admin/blocks takes it, after validation: `to` filled in, a blank note dropped. */
export type BlockRequest = v.InferOutput<typeof BlockSchema>;

/** What the block form sends. */
export type BlockInput = v.InferInput<typeof BlockFieldsSchema>;

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

/** How many inquiries one page of GET /api/admin/inquiries holds. */
export const INQUIRY_PAGE_SIZE = 50;

/** The longest search term the desk sends, in characters. */
export const MAX_SEARCH_LENGTH = 200;

/** Where the desk's search goes: the term in a POST body, never in an address (addresses reach request logs). */
export const INQUIRY_SEARCH_PATH = '/api/admin/inquiries/search';

/** The answer to a search term sent the old way, in the query string. */
export const SEARCH_IN_QUERY_MESSAGE = `Please send the search term as { "q": ... } in a POST to ${INQUIRY_SEARCH_PATH} (or /api/admin/inquiries.csv), not in the address.`;

/** The message for a page link (cursor) this site did not write. */
export const INVALID_CURSOR_MESSAGE = 'That page link is not valid; please start again.';

/** A search term: trimmed, at most MAX_SEARCH_LENGTH characters, no control character or lone surrogate. */
export const SearchTextSchema = v.pipe(
  v.string('Please send the search term as text.'),
  v.trim(),
  v.maxLength(MAX_SEARCH_LENGTH, `Please search for at most ${MAX_SEARCH_LENGTH} characters.`),
  v.check((q) => !hasControlCharacter(q), 'Please remove the hidden control characters from the search.'),
  storableText(),
);

/** The position a page of inquiries ends at: the last row's created_at (to the microsecond, UTC) and id. */
export type InquiryCursor = { at: string; id: string };

const CURSOR_SHAPE = /^[A-Za-z0-9_-]{1,200}$/;
const CURSOR_TEXT =
  /^((\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2}):(\d{2})\.\d{6}Z)\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/**
 * The (created_at, id) a cursor names: base64url of `YYYY-MM-DDTHH:MM:SS.ffffffZ|uuid` naming a real instant, or
 * undefined (a 2026-13-45T99:99:99 cursor would reach Postgres as an impossible timestamp).
 */
export function parseInquiryCursor(cursor: string): InquiryCursor | undefined {
  // A base64 text of length 4n+1 cannot be decoded.
  if (!CURSOR_SHAPE.test(cursor) || cursor.length % 4 === 1) return undefined;
  let text: string;
  try {
    text = atob(cursor.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return undefined;
  }
  // Only the one spelling this site writes: other base64 texts of the same bytes (stray trailing bits) are refused.
  if (btoa(text).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '') !== cursor) return undefined;
  const match = CURSOR_TEXT.exec(text);
  if (!match) return undefined;
  const [, at, date, hours, minutes, seconds, id] = match as unknown as [string, string, string, string, string, string, string];
  // Postgres has no year 0: 0000-01-01 is a JavaScript date but not a timestamp.
  const real = isCalendarDate(date) && date >= '0001' && Number(hours) < 24 && Number(minutes) < 60 && Number(seconds) < 60;
  return real ? { at, id } : undefined;
}

/** A cursor from the previous page, parsed to the position it names (refused when it names none). */
export const InquiryCursorSchema = v.pipe(
  v.string(INVALID_CURSOR_MESSAGE),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const cursor = parseInquiryCursor(dataset.value);
    if (cursor) return cursor;
    addIssue({ message: INVALID_CURSOR_MESSAGE });
    return NEVER;
  }),
);

/** A search term in the query string: refused, with where it goes instead. */
const SearchInQuerySchema = v.optional(v.never(SEARCH_IN_QUERY_MESSAGE));

/** Where an inquiry stands in the owner's pipeline, in the order it usually moves (declined may come at any point). */
export const INQUIRY_STATUSES = ['new', 'contacted', 'quoted', 'booked', 'declined'] as const;

/** One step of the lead pipeline. */
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];

/** The message for a status this site does not know. */
export const UNKNOWN_STATUS_MESSAGE = `Please choose a status: ${INQUIRY_STATUSES.join(', ')}.`;

/** A status by its key (the database's CHECK allows the same five). */
export const InquiryStatusSchema = v.picklist(INQUIRY_STATUSES, UNKNOWN_STATUS_MESSAGE);

/** POST /api/admin/inquiries/{id}/status { status }: the inquiry's new status. */
export const InquiryStatusChangeSchema = formObject(
  { status: InquiryStatusSchema },
  'Please send the status as { "status": "..." }.',
);

/** What the desk sends to change a status. */
export type InquiryStatusChangeInput = v.InferInput<typeof InquiryStatusChangeSchema>;

/** The longest private note on an inquiry, in characters (the database's bound too). */
export const MAX_NOTE_LENGTH = 2000;

/** POST /api/admin/inquiries/{id}/notes { text }: a private note, 1 to 2000 characters over as many lines as needed. */
export const InquiryNoteSchema = formObject(
  {
    text: v.pipe(
      v.string('Please write the note as text.'),
      v.trim(),
      v.normalize('NFC'),
      v.nonEmpty('Please write a note.'),
      v.maxLength(MAX_NOTE_LENGTH, `Please keep the note to ${MAX_NOTE_LENGTH.toLocaleString('en-US')} characters.`),
      storableText(),
      multiLineText('the note'),
    ),
  },
  'Please send the note as { "text": "..." }.',
);

/** What the desk's note form sends. */
export type InquiryNoteInput = v.InferInput<typeof InquiryNoteSchema>;

/**
 * GET /api/admin/inquiries?status=&cursor=: one status or all, and the cursor of the previous page (a `q` is refused:
 * searches are POSTed).
 */
export const InquiryListQuerySchema = v.object({
  q: SearchInQuerySchema,
  status: v.optional(InquiryStatusSchema),
  cursor: v.optional(InquiryCursorSchema),
});

/** GET /api/admin/inquiries.csv: no parameters (a `q` is refused: a filtered export is POSTed). */
export const InquiryExportQuerySchema = v.object({ q: SearchInQuerySchema });

/**
 * POST /api/admin/inquiries/search { q, status?, cursor? }: a search term, one status or all, and the cursor of the
 * previous page of matches.
 */
export const InquirySearchSchema = formObject(
  { q: SearchTextSchema, status: v.optional(InquiryStatusSchema), cursor: v.optional(InquiryCursorSchema) },
  'Please send the search as { "q": "..." }.',
);

/** What the desk sends to search. */
export type InquirySearchInput = v.InferInput<typeof InquirySearchSchema>;

/** POST /api/admin/inquiries.csv { q, status? }: the export of the inquiries matching a search term (and a status). */
export const InquiryExportSchema = formObject(
  { q: SearchTextSchema, status: v.optional(InquiryStatusSchema) },
  'Please send the search as { "q": "..." }.',
);

/**
 * The signed-in owner, as GET/POST /api/admin/session answer it, with the failed sign-in attempts for the account
 * between the previous successful sign-in and this session's (shown on the desk).
 */
export type OwnerSession = { user: { username: string }; failedSignIns: number };

/** A private note on an inquiry: who wrote it and when (ISO instant). Notes are never changed or sent. */
export type OwnerInquiryNote = { id: string; author: string; body: string; createdAt: string };

/** One inquiry in the desk: its id, when it was received (ISO instant), its stored fields and the pipeline's view of it. */
export type OwnerInquiry = {
  id: string;
  createdAt: string;
  /** The client's acknowledgement went over the per-mailbox cap and was never sent. */
  acknowledgementHeld: boolean;
  status: InquiryStatus;
  /** When the status last changed (null while it is the first `new`). */
  statusChangedAt: string | null;
  /** Not opened in the desk yet. */
  isNew: boolean;
  /** The owner's notes, oldest first. */
  notes: OwnerInquiryNote[];
} & InquiryRecord;

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
};

/** One block as the desk lists and lifts it: its days (first to last), its slots and its note. */
export type OwnerBlock = {
  /** The block id its rows share (DELETE /api/admin/blocks/{id} lifts them all). */
  id: string;
  from: string;
  to: string;
  /** The slots it holds on each day, in day order (all three: the whole day). */
  timeSlots: TimeSlotKey[];
  note: string | null;
  createdAt: string;
};

/** A slot that kept a block from being made: its date and slot, and who holds it (a client by name, or a block). */
export type HeldSlot = { date: string; timeSlot: TimeSlotKey; heldBy: 'reservation' | 'block'; clientName: string | null };

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
  /** False for a message whose body was dropped (the client's confirmation, which held the cancel link): no retry. */
  resendable: boolean;
};

/** The outbox as the desk shows it: how many messages are in each state, and the failed ones. */
export type OwnerMailStatus = {
  counts: { pending: number; sending: number; sent: number; failed: number };
  failed: OwnerMailMessage[];
};

/** How many days "Today & upcoming" covers, today (Texas time) included. */
export const AGENDA_DAYS = 30;

/** How many of the newest unopened inquiries the agenda lists (the count covers them all). */
export const AGENDA_INQUIRY_COUNT = 3;

/** The agenda counts unopened inquiries up to this many, then says "more than" (counting stays cheap at any backlog). */
export const AGENDA_NEW_INQUIRY_CAP = 99;

/** A held reservation on the agenda, with the client's details (optional ones null). */
export type AgendaReservation = Pick<
  Booking,
  'id' | 'date' | 'timeSlot' | 'clientName' | 'clientEmail' | 'eventType' | 'phone' | 'guestCount' | 'eventLocation'
>;

/** One block on the agenda: the slots its rows hold (by date and slot) and the owner's note. */
export type AgendaBlock = {
  blockId: string;
  note: string | null;
  slots: Array<{ date: string; timeSlot: TimeSlotKey }>;
};

/** A new (never opened) inquiry as the agenda names it. */
export type AgendaInquiry = Pick<InquiryRecord, 'firstName' | 'lastName' | 'eventType' | 'eventDate'> & {
  id: string;
  createdAt: string;
};

/**
 * GET /api/admin/agenda: "Today & upcoming". The held reservations and blocks from `from` (today in Texas) to `to`
 * (AGENDA_DAYS days in all), by date and slot; the unopened inquiries (their count and the newest few); the count of
 * e-mails the outbox gave up on.
 */
export type OwnerAgenda = {
  from: string;
  to: string;
  reservations: AgendaReservation[];
  blocks: AgendaBlock[];
  /** `count` is at most AGENDA_NEW_INQUIRY_CAP; `more` says there are more than that. */
  newInquiries: { count: number; more: boolean; newest: AgendaInquiry[] };
  failedMails: number;
};
