import { clientPolicy, type ClientPolicy } from '@shared/change-policy';
import type { CancelBookingView, CancelRefusal } from '@shared/schemas/cancel';
import type { Balance, ClientPayment } from '@shared/schemas/payment';
import type { EventDetails } from '@shared/schemas/event-details';
import { SIGNED_PROPOSAL_STATES, type ClientContract, type ClientProposal } from '@shared/schemas/proposal';
import { done, refused, type Result } from '@shared/result';
import { findBookingByCancelToken, lockBookingByCancelToken } from '../bookings/cancel-links';
import { lockForSale, recordSaleStep } from '../bookings/sale';
import type { Queryable } from '../db';
import { balanceOfProposal, isPayable } from '../desk/balances';
import { listPayments } from '../payments/read';
import { toClientPayment, toPayment } from '../payments/row';
import { proposalMail } from '../desk/proposals';
import { enqueueProposalSignedMails } from '../mail/outbox/proposal';
import { esignWords } from '../proposals/document';
import { findClientProposal, findProposal } from '../proposals/read';
import { sectionsOf, toClientProposal, type ProposalRow } from '../proposals/row';
import { contractPdf, signProposal, viewProposal, type ClosedRefusal } from '../proposals/sale';
import { inTransaction } from '../transaction';
import { clientDetails } from './details';

// The client's event page (the change-or-cancel link grown into the page of their event): what it shows, the
// signature, and the signed contract's PDF. The link's token is judged as the cancel link's, every time.

const ESIGN = esignWords();

/**
 * What POST /api/portal/lookup answers: the booking, the proposal the client sees (if any) and its contract, the
 * change policy as it stands for this booking (what the link may still do, until when, the moves left), and once
 * signed the payments recorded (not voided) and where the balance stands, and the final details (each null before
 * the contract is signed).
 */
export type EventPage = {
  booking: CancelBookingView;
  proposal: ClientProposal | null;
  contract: ClientContract | null;
  policy: ClientPolicy;
  payments: { list: ClientPayment[]; balance: Balance } | null;
  details: EventDetails | null;
};

/** What the event page shows of the money: the payments not voided and the balance, or null before a signature. */
export async function clientPayments(db: Queryable, row: ProposalRow, now: Date): Promise<{ list: ClientPayment[]; balance: Balance } | null> {
  if (!isPayable(row)) return null;
  const list = (await listPayments(db, row.id)).filter((payment) => payment.voided_at === null).map((payment) => toClientPayment(toPayment(payment)));
  return { list, balance: await balanceOfProposal(db, row, now) };
}

/** The event page of a link at `now`; a sent proposal becomes viewed (audited). */
export async function lookupEventPage(db: Queryable, token: string, now: Date): Promise<Result<EventPage, CancelRefusal>> {
  const found = await findBookingByCancelToken(db, token, now);
  if (!found.ok) return found;
  const booking = found.value.row;
  const policy = clientPolicy({ date: booking.date, clientMoves: booking.client_moves, signed: booking.signed_at !== null }, now);
  const details = await clientDetails(db, booking, now);
  const row = await findClientProposal(db, booking.id);
  if (!row) return done({ booking: found.value.booking, proposal: null, contract: null, policy, payments: null, details });
  const seen = await inTransaction(db, (tx) => viewProposal(tx, row, now));
  const { title, sections } = sectionsOf(seen);
  return done({
    booking: found.value.booking,
    proposal: toClientProposal(seen),
    contract: { version: seen.contract_version, title, sections, esign: ESIGN },
    policy,
    payments: await clientPayments(db, seen, now),
    details,
  });
}

/** A client's signature through their link: who typed which name, from where. */
export type SignRequest = { token: string; proposalId: string; signatureName: string; ip: string | null; userAgent: string | null; now: Date };

/**
 * POST /api/portal/sign: in one transaction the link's booking is locked and judged, the proposal signed (only open,
 * in time, for the booking's date and slot; the consent's exact words stored with it), the booking marked signed (no
 * longer tentative), and the signed PDF attached to the mails to the client and the owner.
 */
export function signByLink(
  db: Queryable,
  request: SignRequest,
): Promise<Result<{ proposal: ClientProposal; mailIds: string[] }, CancelRefusal | ClosedRefusal | 'not_found'>> {
  return inTransaction(db, async (tx) => {
    const found = await lockBookingByCancelToken(tx, request.token, request.now);
    if (!found.ok) return found;
    const booking = (await lockForSale(tx, found.value.row.id))!;
    const signed = await signProposal(
      tx,
      { id: request.proposalId, bookingId: booking.id, date: booking.date, timeSlot: booking.timeSlot },
      { name: request.signatureName, consentText: ESIGN.consent, ip: request.ip, userAgent: request.userAgent, now: request.now },
    );
    if (!signed.ok) return signed;
    await recordSaleStep(tx, booking.id, { signedAt: request.now });
    const pdf = await contractPdf(signed.value);
    const mailIds = await enqueueProposalSignedMails(tx, proposalMail({ ...booking, tentativeUntil: null }, signed.value), pdf);
    return done({ proposal: toClientProposal(signed.value), mailIds });
  });
}

/** POST /api/portal/contract.pdf: the signed (or countersigned) contract of the link's booking, as a PDF. */
export async function contractPdfByLink(
  db: Queryable,
  request: { token: string; proposalId: string; now: Date },
): Promise<Result<{ pdf: Uint8Array; date: string }, CancelRefusal | 'not_found' | 'proposal_not_signed'>> {
  const found = await findBookingByCancelToken(db, request.token, request.now);
  if (!found.ok) return found;
  const row = await findProposal(db, request.proposalId);
  if (!row || row.booking_id !== found.value.row.id) return refused('not_found');
  if (!SIGNED_PROPOSAL_STATES.includes(row.state)) return refused('proposal_not_signed');
  return done({ pdf: await contractPdf(row), date: row.event_date });
}
