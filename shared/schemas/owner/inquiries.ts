import * as v from 'valibot';
import { formObject, hasControlCharacter, multiLineText, storableText } from '../fields';
import type { PricedRequest } from '../../pricing';
import type { InquiryRecord } from '../inquiry';
import { InquiryCursorSchema } from './inquiry-cursor';

/** How many inquiries one page of GET /api/admin/inquiries holds. */
export const INQUIRY_PAGE_SIZE = 50;

/** The longest search term the desk sends, in characters. */
export const MAX_SEARCH_LENGTH = 200;

/** Where the desk's search goes: the term in a POST body, never in an address (addresses reach request logs). */
export const INQUIRY_SEARCH_PATH = '/api/admin/inquiries/search';

/** The answer to a search term sent the old way, in the query string. */
export const SEARCH_IN_QUERY_MESSAGE = `Please send the search term as { "q": ... } in a POST to ${INQUIRY_SEARCH_PATH} (or /api/admin/inquiries.csv), not in the address.`;

/** A search term: trimmed, at most MAX_SEARCH_LENGTH characters, no control character or lone surrogate. */
export const SearchTextSchema = v.pipe(
  v.string('Please send the search term as text.'),
  v.trim(),
  v.maxLength(MAX_SEARCH_LENGTH, `Please search for at most ${MAX_SEARCH_LENGTH} characters.`),
  v.check((q) => !hasControlCharacter(q), 'Please remove the hidden control characters from the search.'),
  storableText(),
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
  /** The estimate sent with it, as the server priced it when it arrived (its inputs and figures), or null. */
  estimate: PricedRequest | null;
} & InquiryRecord;

/** GET /api/admin/inquiries: a page of inquiries, newest first, and the cursor of the next page (null at the end). */
export type OwnerInquiryPage = { inquiries: OwnerInquiry[]; nextCursor: string | null };
