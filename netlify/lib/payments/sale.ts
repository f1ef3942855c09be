import { done, refused, type Result } from '@shared/result';
import type { RecordPayment } from '@shared/schemas/payment';
import { recordAudit } from '../audit/log';
import type { Transaction } from '../transaction';
import { findPayment, paidByProposal } from './read';
import type { PaymentRow } from './row';
import { insertPayment, voidRow } from './write';

// The payments' two steps, each in the caller's transaction with its audit entry: money recorded against a signed
// proposal, and a payment voided. The caller has locked the proposal's booking and the proposal first (see
// desk/payments.ts), so two recordings at once are judged one after the other against what is still owed.

/** The proposal a payment is recorded against, as the caller read it under its lock. */
export type PayableProposal = { id: string; bookingId: string; totalCents: number };

/** What a payment is recorded as: the checked request, by which owner, when. */
export type NewPayment = RecordPayment & { by: string; now: Date };

/**
 * Records `payment` against `proposal` unless it comes to more than is still owed (the total less the payments not
 * voided, read now under the caller's lock): payment_exceeds_balance. Audited as payment_recorded with ids, amount
 * and method only.
 */
export async function recordPayment(
  tx: Transaction,
  proposal: PayableProposal,
  payment: NewPayment,
): Promise<Result<PaymentRow, 'payment_exceeds_balance'>> {
  const paid = (await paidByProposal(tx, [proposal.id])).get(proposal.id) ?? 0;
  if (payment.amountCents > proposal.totalCents - paid) return refused('payment_exceeds_balance');
  const row = await insertPayment(tx, { ...payment, proposalId: proposal.id, bookingId: proposal.bookingId });
  await recordAudit(tx, {
    actor: payment.by,
    action: 'payment_recorded',
    target: row.id,
    detail: { proposalId: row.proposal_id, bookingId: row.booking_id, amountCents: Number(row.amount_cents), method: row.method },
  });
  return done(row);
}

/**
 * Voids payment `id` for `reason` (the row stays, marked voided; it no longer counts as paid). Of two voids at once
 * the second finds it voided: already_voided; an unknown id is not_found. Audited as payment_voided.
 */
export async function voidPayment(
  tx: Transaction,
  id: string,
  voiding: { reason: string; by: string; now: Date },
): Promise<Result<PaymentRow, 'not_found' | 'already_voided'>> {
  const row = await voidRow(tx, id, voiding);
  if (!row) return (await findPayment(tx, id)) ? refused('already_voided') : refused('not_found');
  await recordAudit(tx, {
    actor: voiding.by,
    action: 'payment_voided',
    target: row.id,
    detail: { proposalId: row.proposal_id, bookingId: row.booking_id, amountCents: Number(row.amount_cents) },
  });
  return done(row);
}
