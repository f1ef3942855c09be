import * as v from 'valibot';
import { BUSINESS_PHONE, PRICES } from '../prices';
import { TimeSlotSchema, createBookableDateSchema, type TimeSlotKey } from './booking';
export { BOOKING_STAGES, type BookingStage } from './booking';
import { CancelTokenSchema } from './cancel';
import { createEstimateRequestSchema } from './estimate';
import { formObject, requiredText } from './fields';

// The sale's shapes: what the desk sends to make a proposal, what the client's event page sends to sign it, and what
// both are answered. The states are written down once here (docs/api.md shows them).

/** A proposal's states: sent (and viewed by the client) until signed and countersigned, or closed before signing. */
export const PROPOSAL_STATES = ['sent', 'viewed', 'signed', 'countersigned', 'withdrawn', 'replaced', 'expired'] as const;
export type ProposalState = (typeof PROPOSAL_STATES)[number];
/** The states a client may still sign in. */
export const OPEN_PROPOSAL_STATES: readonly ProposalState[] = ['sent', 'viewed'];
/** The states of a signed proposal (countersigned or not): it never changes again, and it takes payments. */
export const SIGNED_PROPOSAL_STATES: readonly ProposalState[] = ['signed', 'countersigned'];

/** A line of a proposal: the estimate's lines, and the owner's extra lines or discounts (negative). */
export type ProposalLine = { label: string; amountCents: number };
/** A payment due: the retainer on signing, the balance before the event. */
export type ScheduleItem = { label: string; amountCents: number; dueOn: string };

/** A proposal as the owner's desk sees it (POST/GET /api/admin/proposals…). */
export type Proposal = {
  id: string;
  state: ProposalState;
  bookingId: string;
  inquiryId: string | null;
  date: string;
  timeSlot: TimeSlotKey;
  lines: ProposalLine[];
  totalCents: number;
  schedule: ScheduleItem[];
  /** The last Texas day it may be signed. */
  validUntil: string;
  contractVersion: string;
  documentSha256: string;
  createdAt: string;
  createdBy: string;
  viewedAt: string | null;
  signedAt: string | null;
  signatureName: string | null;
  countersignedAt: string | null;
  countersignedBy: string | null;
  closedAt: string | null;
};

/** A proposal as the client's event page shows it. */
export type ClientProposal = Pick<
  Proposal,
  'id' | 'state' | 'lines' | 'totalCents' | 'schedule' | 'validUntil' | 'documentSha256' | 'signedAt' | 'signatureName' | 'countersignedAt'
>;

/** The contract as the event page shows it: the frozen text's sections and the words of the electronic signature. */
export type ClientContract = {
  version: string;
  title: string;
  sections: { heading: string; body: string }[];
  esign: { disclosures: string[]; consent: string; intent: string };
};

const MAX_EXTRA_LINES = 10;
/** The largest extra line or discount, either way: $100,000. */
export const MAX_EXTRA_LINE_CENTS = 10_000_000;
/** Days a proposal stays open: at least one, at most MAX_VALID_DAYS (the default is content's). */
export const MAX_VALID_DAYS = 60;

const ExtraLineSchema = formObject(
  {
    label: requiredText('Please name the line.', 80, 'Please name the line in at most 80 characters.', 'the line'),
    amountCents: v.pipe(
      v.number('Please enter the amount in cents.'),
      v.integer('Please enter the amount in whole cents.'),
      v.minValue(-MAX_EXTRA_LINE_CENTS, 'That discount is too large.'),
      v.maxValue(MAX_EXTRA_LINE_CENTS, 'That amount is too large.'),
      v.check((cents) => cents !== 0, 'Please enter an amount other than zero.'),
    ),
  },
  'Please send each extra line as { label, amountCents }.',
);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuid = (message: string) => v.pipe(v.string(message), v.trim(), v.regex(UUID, message));

/**
 * What the desk sends to POST /api/admin/proposals: from an inquiry (with the date and slot to hold) or from an
 * existing booking (its own date and slot), the estimate's inputs, extra lines, and the days it stays open.
 */
export function createProposalRequestSchema(now: () => Date = () => new Date()) {
  return v.pipe(
    formObject(
      {
        inquiryId: v.optional(uuid('Please choose the inquiry.')),
        bookingId: v.optional(uuid('Please choose the booking.')),
        date: v.optional(createBookableDateSchema(now)),
        timeSlot: v.optional(TimeSlotSchema),
        estimate: createEstimateRequestSchema(PRICES, BUSINESS_PHONE, now),
        extraLines: v.optional(
          v.pipe(v.array(ExtraLineSchema, 'Please send the extra lines as a list.'), v.maxLength(MAX_EXTRA_LINES, `At most ${MAX_EXTRA_LINES} extra lines.`)),
          [],
        ),
        validDays: v.optional(
          v.pipe(
            v.number('Please enter the days as a number.'),
            v.integer('Please enter whole days.'),
            v.minValue(1, 'A proposal stays open at least 1 day.'),
            v.maxValue(MAX_VALID_DAYS, `A proposal stays open at most ${MAX_VALID_DAYS} days.`),
          ),
        ),
      },
      'Please send the proposal’s fields.',
    ),
    v.check((input) => (input.inquiryId === undefined) !== (input.bookingId === undefined), 'Please make the proposal from one inquiry or one booking.'),
    v.forward(
      v.check(
        (input) => input.inquiryId === undefined || (input.date !== undefined && input.timeSlot !== undefined),
        'Please choose the date and time slot to hold.',
      ),
      ['timeSlot'],
    ),
  );
}
export const ProposalRequestSchema = createProposalRequestSchema();
export type ProposalRequestInput = v.InferInput<typeof ProposalRequestSchema>;
export type ProposalRequest = v.InferOutput<typeof ProposalRequestSchema>;

/** The longest typed signature. */
export const MAX_SIGNATURE_LENGTH = 120;

/** What the event page sends to POST /api/portal/sign. */
export const SignRequestSchema = formObject(
  {
    token: CancelTokenSchema,
    proposalId: uuid('Please open the proposal again from your event page.'),
    consent: v.literal(true, 'Please agree to sign and receive the contract electronically.'),
    signatureName: v.pipe(
      requiredText('Please type your full name to sign.', MAX_SIGNATURE_LENGTH, `Please type your name in at most ${MAX_SIGNATURE_LENGTH} characters.`, 'your name'),
      v.check((name) => /\p{L}.*\p{L}/u.test(name), 'Please type your full name to sign.'),
    ),
  },
  'Please send the link, the proposal, your consent and your name.',
);
export type SignRequestInput = v.InferInput<typeof SignRequestSchema>;

/** What the event page sends to POST /api/portal/lookup. */
export const PortalLookupSchema = formObject({ token: CancelTokenSchema }, 'Please send the link.');
/** What the event page sends to POST /api/portal/contract.pdf. */
export const ContractPdfRequestSchema = formObject(
  { token: CancelTokenSchema, proposalId: uuid('Please open the proposal again from your event page.') },
  'Please send the link and the proposal.',
);

/** Why a proposal could not be signed or changed, with what the client or owner is told (all 409). */
export const PROPOSAL_REFUSALS = {
  proposal_signed: 'This proposal is already signed. Any change is a new proposal to sign.',
  proposal_expired: 'This proposal has expired. Please call us and we will send a new one.',
  proposal_withdrawn: 'This proposal was withdrawn. Please call us.',
  proposal_replaced: 'This proposal was replaced by a newer one. Please read and sign the newer one.',
  proposal_not_signed: 'This proposal is not signed by the client yet.',
  already_countersigned: 'This proposal is already countersigned.',
  contract_signed: 'Your contract is signed, so the date can only be changed by calling us.',
} as const;
export type ProposalRefusal = keyof typeof PROPOSAL_REFUSALS;

/** GET /api/admin/proposals' query: the proposals of one inquiry or of one booking. */
export const ProposalListQuerySchema = v.pipe(
  v.object({ inquiryId: v.optional(uuid('Please choose the inquiry.')), bookingId: v.optional(uuid('Please choose the booking.')) }),
  v.check((query) => (query.inquiryId === undefined) !== (query.bookingId === undefined), 'Please name one inquiry or one booking.'),
);
