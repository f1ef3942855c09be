import proposalsContent from '@content/proposals.json' with { type: 'json' };
import type { BookingEventType } from '@shared/schemas/booking';
import type { FieldErrors } from '@shared/schemas/api-error';
import { addDaysUtc } from '@shared/schemas/dates';
import type { InquiryEventType } from '@shared/schemas/inquiry';
import type { Proposal, ProposalRequest } from '@shared/schemas/proposal';
import { done, refused, type Result } from '@shared/result';
import { businessTime, texasToday } from '@shared/texas-time';
import { createCancelToken } from '../bookings/cancel-links';
import { reserveForOwner } from '../bookings/owner';
import { lockForSale, recordSaleStep, type SaleBooking } from '../bookings/sale';
import { releaseTentativeHold } from '../bookings/release';
import type { Queryable } from '../db';
import { findInquiry } from '../inquiries/read';
import { changeInquiryStatus } from '../inquiries/write';
import type { ProposalMail } from '../mail/messages/proposal';
import { enqueueProposalCountersignedMails, enqueueProposalSentMail } from '../mail/outbox/proposal';
import { documentSha256, freezeContract } from '../proposals/document';
import { priceProposal, type ProposalPriceRefusal } from '../proposals/price';
import { findProposal } from '../proposals/read';
import { toProposal, type ProposalRow } from '../proposals/row';
import { contractPdf, countersignProposal, sendProposal, withdrawProposal, type ClosedRefusal } from '../proposals/sale';
import { inTransaction, keptIfDone, type Transaction } from '../transaction';

// The owner's side of the sale, across bookings, inquiries and proposals: make a proposal (holding an inquiry's date
// tentatively), withdraw it, countersign it. Each in one transaction, the booking locked first (lockForSale).

/** What a sale's step answers: the proposal as the desk shows it, and the mails to send. */
export type SaleStep = { proposal: Proposal; mailIds: string[] };

/** An inquiry's event type as a booking's (a booking has no "private party": it is "other" there). */
const BOOKING_TYPE: Record<InquiryEventType, BookingEventType> = { wedding: 'wedding', private: 'other', corporate: 'corporate', other: 'other' };

/**
 * The last Texas day a proposal made `now` for an event on `eventDate` may be signed, and the instant that day ends:
 * `days` from today, but never the event's day or later (at the latest the day before it; today for an event
 * tomorrow or today).
 */
export function validity(
  now: Date,
  days: number = proposalsContent.validDaysDefault,
  eventDate?: string,
): { validUntil: string; expiresAt: Date } {
  const today = texasToday(now);
  let validUntil = addDaysUtc(today, days);
  if (eventDate !== undefined && validUntil >= eventDate) validUntil = addDaysUtc(eventDate, -1) < today ? today : addDaysUtc(eventDate, -1);
  return { validUntil, expiresAt: businessTime(addDaysUtc(validUntil, 1), 0) };
}

/** What a proposal's mails say of it. */
export function proposalMail(booking: SaleBooking, row: ProposalRow): ProposalMail {
  const proposal = toProposal(row);
  return {
    bookingId: booking.id,
    proposalId: row.id,
    clientName: booking.clientName,
    clientEmail: booking.clientEmail,
    eventType: booking.eventType,
    date: proposal.date,
    timeSlot: proposal.timeSlot,
    eventLocation: booking.eventLocation ?? null,
    totalCents: proposal.totalCents,
    schedule: proposal.schedule,
    validUntil: proposal.validUntil,
    tentative: booking.tentativeUntil !== null,
    documentSha256: proposal.documentSha256,
    ...(proposal.signatureName ? { signatureName: proposal.signatureName, signedAt: proposal.signedAt! } : {}),
    ...(proposal.countersignedBy ? { countersignedBy: proposal.countersignedBy, countersignedAt: proposal.countersignedAt! } : {}),
  };
}

type MakeRefusal = 'not_found' | 'already_cancelled' | 'slot_taken' | 'slot_started' | ProposalPriceRefusal | 'proposal_signed';

/** The booking a proposal is for: an existing one (locked), or an inquiry's tentative hold made now. */
async function bookingFor(
  tx: Transaction,
  request: ProposalRequest,
  owner: { username: string; now: Date },
): Promise<Result<SaleBooking, 'not_found' | 'already_cancelled' | 'slot_taken' | 'slot_started'>> {
  if (request.bookingId !== undefined) {
    const booking = await lockForSale(tx, request.bookingId);
    if (!booking) return refused('not_found');
    return booking.held ? done(booking) : refused('already_cancelled');
  }
  const inquiry = await findInquiry(tx, request.inquiryId!);
  if (!inquiry) return refused('not_found');
  const reserved = await reserveForOwner(
    tx,
    {
      date: request.date!,
      timeSlot: request.timeSlot!,
      clientName: `${inquiry.firstName} ${inquiry.lastName}`.trim(),
      clientEmail: inquiry.email,
      eventType: BOOKING_TYPE[inquiry.eventType as InquiryEventType] ?? 'other',
      phone: inquiry.phone || undefined,
      guestCount: request.estimate.guests,
      eventLocation: inquiry.eventLocation || undefined,
    },
    { now: owner.now, tentativeUntil: validity(owner.now, request.validDays, request.date).expiresAt },
  );
  if (!reserved.ok) return reserved;
  await changeInquiryStatus(tx, { id: inquiry.id, status: 'quoted', actor: owner.username });
  return done((await lockForSale(tx, reserved.value.id))!);
}

/**
 * POST /api/admin/proposals: prices the proposal (the estimate of its inputs, the extra lines, the schedule), finds
 * or makes its booking (an inquiry's date held tentatively until the proposal expires; an existing booking's open
 * proposal is replaced, and a tentative hold follows the new one's end), freezes the contract with the event's facts
 * and its SHA-256, stores it and queues the client's mail with a link to their event page.
 */
export function makeProposal(
  db: Queryable,
  request: ProposalRequest,
  owner: { username: string; now: Date },
): Promise<Result<SaleStep, MakeRefusal, { fields: FieldErrors } | undefined>> {
  return inTransaction(db, (tx) =>
    keptIfDone(tx, async (): Promise<Result<SaleStep, MakeRefusal, { fields: FieldErrors } | undefined>> => {
      const found = await bookingFor(tx, request, owner);
      if (!found.ok) return found;
      const booking = found.value;
      const { validUntil, expiresAt } = validity(owner.now, request.validDays, booking.date);
      if (booking.signedAt) return refused('proposal_signed');
      const priced = priceProposal(request.estimate, request.extraLines, { date: booking.date, validUntil }, owner.now);
      if (!priced.ok) return priced;
      const { request: checked, lines, totalCents, schedule } = priced.value;
      const contract = freezeContract({
        ...booking,
        eventLocation: booking.eventLocation ?? null,
        guestCount: booking.guestCount ?? null,
        lines,
        totalCents,
        schedule,
        validUntil,
      });
      const sent = await sendProposal(
        tx,
        {
          bookingId: booking.id,
          inquiryId: request.inquiryId ?? null,
          request: checked,
          lines,
          totalCents,
          schedule,
          validUntil,
          expiresAt,
          contract,
          sha256: documentSha256(contract.text),
          date: booking.date,
          timeSlot: booking.timeSlot,
          createdBy: owner.username,
        },
        owner.now,
      );
      if (!sent.ok) return sent;
      if (booking.tentativeUntil) await recordSaleStep(tx, booking.id, { tentativeUntil: expiresAt });
      const token = await createCancelToken(tx, booking);
      const mailIds = await enqueueProposalSentMail(tx, proposalMail(booking, sent.value), token);
      return done({ proposal: toProposal(sent.value), mailIds });
    }),
  );
}

/** POST /api/admin/proposals/{id}/withdraw: closes an open proposal; a tentative hold it made ends at once. */
export function withdrawByOwner(
  db: Queryable,
  request: { id: string; username: string; now: Date },
): Promise<Result<SaleStep, ClosedRefusal | 'not_found'>> {
  return inTransaction(db, async (tx) => {
    const row = await findProposal(tx, request.id);
    if (!row) return refused('not_found');
    const booking = await lockForSale(tx, row.booking_id);
    const withdrawn = await withdrawProposal(tx, request.id, request.username, request.now);
    if (!withdrawn.ok) return withdrawn;
    // The hold was the proposal's: with it withdrawn, nothing holds the date (a later end than now releases it too).
    if (booking?.tentativeUntil) await releaseTentativeHold(tx, booking.id, request.now, new Date(8.64e15));
    return done({ proposal: toProposal(withdrawn.value), mailIds: [] });
  });
}

/** POST /api/admin/proposals/{id}/countersign: the owner countersigns; the booking is confirmed and both get the PDF. */
export function countersignByOwner(
  db: Queryable,
  request: { id: string; username: string; now: Date },
): Promise<Result<SaleStep, 'not_found' | 'proposal_not_signed' | 'already_countersigned'>> {
  return inTransaction(db, async (tx) => {
    const row = await findProposal(tx, request.id);
    if (!row) return refused('not_found');
    const booking = await lockForSale(tx, row.booking_id);
    if (!booking) return refused('not_found');
    const signed = await countersignProposal(tx, request.id, request.username, request.now);
    if (!signed.ok) return signed;
    await recordSaleStep(tx, booking.id, { confirmedAt: request.now });
    const pdf = await contractPdf(signed.value);
    const mailIds = await enqueueProposalCountersignedMails(tx, proposalMail(booking, signed.value), pdf);
    return done({ proposal: toProposal(signed.value), mailIds });
  });
}
