import type { TimeSlotKey } from '@shared/schemas/booking';
import type { ProposalLine, ScheduleItem } from '@shared/schemas/proposal';
import type { Queryable } from '../db';
import type { Transaction } from '../transaction';
import type { FrozenContract } from './document';
import { PROPOSAL_COLUMNS, type ProposalRow } from './row';

// The one writer of `proposals`: every INSERT and UPDATE on it is in this file, called by the use cases beside it.
// A state change is one UPDATE whose WHERE names the state it leaves: of two requests at once, the second finds the
// row changed under its lock and updates nothing.

const OPEN = "state IN ('sent', 'viewed')";

/** A proposal to store: its booking, its figures, the frozen contract and its hash, and how long it stays open. */
export type NewProposal = {
  bookingId: string;
  inquiryId: string | null;
  request: unknown;
  lines: ProposalLine[];
  totalCents: number;
  schedule: ScheduleItem[];
  validUntil: string;
  expiresAt: Date;
  contract: FrozenContract;
  sha256: string;
  date: string;
  timeSlot: TimeSlotKey;
  createdBy: string;
};

/** Inserts a sent proposal (the booking must have no open one: closeOpenProposals first). */
export async function insertProposal(tx: Transaction, proposal: NewProposal): Promise<ProposalRow> {
  const { rows } = await tx.query<ProposalRow>(
    `INSERT INTO proposals (booking_id, inquiry_id, state, request, lines, total_cents, schedule, valid_until, expires_at,
       contract_version, document, document_sha256, title, sections, event_date, event_slot, created_by)
     VALUES ($1, $2, 'sent', $3::jsonb, $4::jsonb, $5, $6::jsonb, $7, $8, $9, $10, $11, $12, $13::jsonb, $14, $15, $16)
     RETURNING ${PROPOSAL_COLUMNS}`,
    [
      proposal.bookingId,
      proposal.inquiryId,
      JSON.stringify(proposal.request),
      JSON.stringify(proposal.lines),
      proposal.totalCents,
      JSON.stringify(proposal.schedule),
      proposal.validUntil,
      proposal.expiresAt,
      proposal.contract.version,
      proposal.contract.text,
      proposal.sha256,
      proposal.contract.title,
      JSON.stringify(proposal.contract.sections),
      proposal.date,
      proposal.timeSlot,
      proposal.createdBy,
    ],
  );
  return rows[0]!;
}

/**
 * Closes the open proposals of a booking (`replaced` by a newer one, or `withdrawn`), or one proposal by its id, at
 * `now`. Returns the rows it closed.
 */
export async function closeProposals(
  tx: Transaction,
  which: { bookingId: string } | { id: string },
  state: 'replaced' | 'withdrawn',
  now: Date,
): Promise<ProposalRow[]> {
  const [column, value] = 'id' in which ? ['id', which.id] : ['booking_id', which.bookingId];
  const { rows } = await tx.query<ProposalRow>(
    `UPDATE proposals SET state = $2, closed_at = $3 WHERE ${column} = $1 AND ${OPEN} RETURNING ${PROPOSAL_COLUMNS}`,
    [value, state, now],
  );
  return rows;
}

/** Marks a sent proposal viewed (the first time the client opens it); undefined when it was not `sent`. */
export async function markViewed(db: Queryable, id: string, now: Date): Promise<ProposalRow | undefined> {
  const { rows } = await db.query<ProposalRow>(
    `UPDATE proposals SET state = 'viewed', viewed_at = $2 WHERE id = $1 AND state = 'sent' RETURNING ${PROPOSAL_COLUMNS}`,
    [id, now],
  );
  return rows[0];
}

/** The client's signature as stored: the typed name, the words consented to, when, from which address and browser. */
export type Signature = { name: string; consentText: string; ip: string | null; userAgent: string | null; now: Date };

/**
 * Signs open proposal `id` of booking `bookingId` if it is still open at `now` and states the booking's date and slot;
 * undefined otherwise (nothing changed).
 */
export async function signRow(
  tx: Transaction,
  target: { id: string; bookingId: string; date: string; timeSlot: TimeSlotKey },
  signature: Signature,
): Promise<ProposalRow | undefined> {
  const { rows } = await tx.query<ProposalRow>(
    `UPDATE proposals SET state = 'signed', signed_at = $5, signature_name = $6, consent_text = $7, signature_ip = $8,
            signature_user_agent = $9
      WHERE id = $1 AND booking_id = $2 AND event_date = $3 AND event_slot = $4 AND ${OPEN} AND expires_at > $5
      RETURNING ${PROPOSAL_COLUMNS}`,
    [
      target.id,
      target.bookingId,
      target.date,
      target.timeSlot,
      signature.now,
      signature.name,
      signature.consentText,
      signature.ip?.slice(0, 64) ?? null,
      signature.userAgent?.slice(0, 512) ?? null,
    ],
  );
  return rows[0];
}

/** Countersigns signed proposal `id` for `by` at `now`; undefined when it is not signed (or already countersigned). */
export async function countersignRow(tx: Transaction, id: string, by: string, now: Date): Promise<ProposalRow | undefined> {
  const { rows } = await tx.query<ProposalRow>(
    `UPDATE proposals SET state = 'countersigned', countersigned_at = $3, countersigned_by = $2
      WHERE id = $1 AND state = 'signed' RETURNING ${PROPOSAL_COLUMNS}`,
    [id, by, now],
  );
  return rows[0];
}

/** Expires open proposal `id` if its time is up at `now`; undefined when it is not (signed, closed, or still open). */
export async function expireRow(tx: Transaction, id: string, now: Date): Promise<ProposalRow | undefined> {
  const { rows } = await tx.query<ProposalRow>(
    `UPDATE proposals SET state = 'expired', closed_at = $2 WHERE id = $1 AND ${OPEN} AND expires_at <= $2
      RETURNING ${PROPOSAL_COLUMNS}`,
    [id, now],
  );
  return rows[0];
}
