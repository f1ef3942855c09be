import { done, refused, type Result } from '@shared/result';
import { SIGNED_PROPOSAL_STATES } from '@shared/schemas/proposal';
import type { TimeSlotKey } from '@shared/schemas/booking';
import { recordAudit } from '../audit/log';
import type { Queryable } from '../db';
import type { Transaction } from '../transaction';
import type { FrozenContract } from './document';
import { renderContractPdf } from './pdf';
import { findProposal, hasSignedProposal } from './read';
import { sectionsOf, type ProposalRow } from './row';
import {
  closeProposals,
  countersignRow,
  expireRow,
  insertProposal,
  markViewed,
  signRow,
  type NewProposal,
  type Signature,
} from './write';

// The proposal's steps, each in the caller's transaction with its audit entry: send (replacing an open one), view,
// sign, countersign, withdraw, expire. A signed proposal never changes but for its countersignature (the table's
// trigger refuses the rest too).

/** Why a proposal can no longer be signed or withdrawn. */
export type ClosedRefusal = 'proposal_signed' | 'proposal_expired' | 'proposal_withdrawn' | 'proposal_replaced';

/** Why `row` refused a step at `now` (it was not open, or its time was up, or its booking moved since). */
function whyClosed(row: ProposalRow, now: Date): ClosedRefusal {
  if (SIGNED_PROPOSAL_STATES.includes(row.state)) return 'proposal_signed';
  if (row.state === 'withdrawn') return 'proposal_withdrawn';
  if (row.state === 'replaced') return 'proposal_replaced';
  if (row.state === 'expired' || new Date(row.expires_at).getTime() <= now.getTime()) return 'proposal_expired';
  // Open and in time, yet not signable: the booking moved to another date or slot than the document states.
  return 'proposal_replaced';
}

/**
 * Sends a new proposal for a booking: the booking's open proposal (if any) is replaced, then the new one is stored and
 * audited. Refused when the booking's contract is already signed: a change after signing is the owner's to agree by
 * phone, and a new contract would need the signed one withdrawn, which nothing here does.
 */
export async function sendProposal(tx: Transaction, proposal: NewProposal, now: Date): Promise<Result<ProposalRow, 'proposal_signed'>> {
  if (await hasSignedProposal(tx, proposal.bookingId)) return refused('proposal_signed');
  for (const old of await closeProposals(tx, { bookingId: proposal.bookingId }, 'replaced', now)) {
    await recordAudit(tx, { actor: proposal.createdBy, action: 'proposal_replaced', target: old.id, detail: { bookingId: old.booking_id } });
  }
  const row = await insertProposal(tx, proposal);
  await recordAudit(tx, {
    actor: proposal.createdBy,
    action: 'proposal_sent',
    target: row.id,
    detail: { bookingId: row.booking_id, totalCents: row.total_cents, validUntil: row.valid_until, sha256: row.document_sha256 },
  });
  return done(row);
}

/** Marks `row` viewed the first time its client opens it (audited); answers the row as it now is. */
export async function viewProposal(db: Queryable, row: ProposalRow, now: Date): Promise<ProposalRow> {
  if (row.state !== 'sent') return row;
  const viewed = await markViewed(db, row.id, now);
  if (!viewed) return (await findProposal(db, row.id)) ?? row;
  await recordAudit(db, { actor: 'client', action: 'proposal_viewed', target: row.id, detail: { bookingId: row.booking_id } });
  return viewed;
}

/**
 * The client's signature of proposal `target.id` of their booking (which stands at `target.date` and `timeSlot`):
 * one UPDATE that signs only an open proposal, in time, that states the booking's date and slot. Of two signatures
 * at once, the second finds it signed. Refused with why it cannot be signed.
 */
export async function signProposal(
  tx: Transaction,
  target: { id: string; bookingId: string; date: string; timeSlot: TimeSlotKey },
  signature: Signature,
): Promise<Result<ProposalRow, ClosedRefusal | 'not_found'>> {
  const signed = await signRow(tx, target, signature);
  if (!signed) {
    const row = await findProposal(tx, target.id);
    if (!row || row.booking_id !== target.bookingId) return refused('not_found');
    return refused(whyClosed(row, signature.now));
  }
  await recordAudit(tx, {
    actor: 'client',
    action: 'proposal_signed',
    target: signed.id,
    detail: { bookingId: signed.booking_id, sha256: signed.document_sha256, version: signed.contract_version },
  });
  return done(signed);
}

/** The owner's countersignature of signed proposal `id`. */
export async function countersignProposal(
  tx: Transaction,
  id: string,
  by: string,
  now: Date,
): Promise<Result<ProposalRow, 'not_found' | 'proposal_not_signed' | 'already_countersigned'>> {
  const row = await countersignRow(tx, id, by, now);
  if (!row) {
    const found = await findProposal(tx, id);
    if (!found) return refused('not_found');
    return refused(found.state === 'countersigned' ? 'already_countersigned' : 'proposal_not_signed');
  }
  await recordAudit(tx, { actor: by, action: 'proposal_countersigned', target: id, detail: { bookingId: row.booking_id } });
  return done(row);
}

/** The owner's withdrawal of open proposal `id`. */
export async function withdrawProposal(
  tx: Transaction,
  id: string,
  by: string,
  now: Date,
): Promise<Result<ProposalRow, ClosedRefusal | 'not_found'>> {
  const [row] = await closeProposals(tx, { id }, 'withdrawn', now);
  if (!row) {
    const found = await findProposal(tx, id);
    return found ? refused(whyClosed(found, now)) : refused('not_found');
  }
  await recordAudit(tx, { actor: by, action: 'proposal_withdrawn', target: id, detail: { bookingId: row.booking_id } });
  return done(row);
}

/** Expires open proposal `id` when its time is up at `now` (audited); undefined when there was nothing to expire. */
export async function expireProposal(tx: Transaction, id: string, now: Date): Promise<ProposalRow | undefined> {
  const row = await expireRow(tx, id, now);
  if (row) await recordAudit(tx, { actor: 'system', action: 'proposal_expired', target: id, detail: { bookingId: row.booking_id } });
  return row;
}

/** The frozen contract of a stored proposal, as it was signed. */
export function frozenContractOf(row: ProposalRow): FrozenContract {
  const { title, sections } = sectionsOf(row);
  return { version: row.contract_version, title, sections, text: row.document };
}

/** The PDF of a stored proposal's contract, with its signature and countersignature as they stand. */
export function contractPdf(row: ProposalRow): Promise<Uint8Array> {
  return renderContractPdf({
    contract: frozenContractOf(row),
    sha256: row.document_sha256,
    proposalId: row.id,
    signature:
      row.signed_at && row.signature_name
        ? { name: row.signature_name, signedAt: new Date(row.signed_at), ip: row.signature_ip, userAgent: row.signature_user_agent }
        : null,
    countersignature:
      row.countersigned_at && row.countersigned_by ? { name: row.countersigned_by, signedAt: new Date(row.countersigned_at) } : null,
  });
}
