import { done, refused, type Result } from '@shared/result';
import type { Balance, Payment, RecordPayment } from '@shared/schemas/payment';
import { createCancelToken } from '../bookings/cancel-links';
import { lockForSale } from '../bookings/sale';
import type { Queryable } from '../db';
import { enqueuePaymentReceipt } from '../mail/outbox/payment';
import { findPayment, listPayments } from '../payments/read';
import { toPayment } from '../payments/row';
import { recordPayment, voidPayment } from '../payments/sale';
import { findProposal, lockProposal } from '../proposals/read';
import { inTransaction, type Transaction } from '../transaction';
import { balanceOfProposal, isPayable } from './balances';

// The owner's side of the money, across bookings, proposals and payments: record a payment against a signed proposal
// (the booking locked first, then the proposal, as every step of the sale takes them), void one, and read where a
// proposal's balance stands. Paid and outstanding are always derived from the payments, never stored.

/** What the desk reads of a proposal's money: every payment (voided ones too) and, once signed, the balance. */
export type ProposalPayments = { payments: Payment[]; balance: Balance | null };

/** GET /api/admin/proposals/{id}/payments: the payments and balance of proposal `id` (balance null before signing). */
export async function readProposalPayments(db: Queryable, id: string, now: Date): Promise<Result<ProposalPayments, 'not_found'>> {
  const row = await findProposal(db, id);
  if (!row) return refused('not_found');
  const payments = (await listPayments(db, id)).map(toPayment);
  return done({ payments, balance: isPayable(row) ? await balanceOfProposal(db, row, now) : null });
}

/** What a payment's step answers: the payment as the desk shows it, the balance after it, and the mails to send. */
export type PaymentStep = { payment: Payment; balance: Balance; mailIds: string[] };

type RecordRefusal = 'not_found' | 'already_cancelled' | 'proposal_not_signed' | 'payment_exceeds_balance';

/**
 * POST /api/admin/proposals/{id}/payments, inside `tx` (the Idempotency-Key's transaction): the booking locked, then
 * the proposal; only a signed proposal of a held booking takes money, never more than is still owed (of two
 * recordings at once the second is judged after the first); audited, and the client's receipt queued with a fresh
 * link to their event page.
 */
export async function recordPaymentByOwner(
  tx: Transaction,
  request: { proposalId: string; payment: RecordPayment; username: string; now: Date },
): Promise<Result<PaymentStep, RecordRefusal>> {
  const found = await findProposal(tx, request.proposalId);
  if (!found) return refused('not_found');
  const booking = await lockForSale(tx, found.booking_id);
  const row = await lockProposal(tx, request.proposalId);
  if (!booking || !row) return refused('not_found');
  if (!isPayable(row)) return refused('proposal_not_signed');
  if (!booking.held) return refused('already_cancelled');
  const recorded = await recordPayment(
    tx,
    { id: row.id, bookingId: row.booking_id, totalCents: Number(row.total_cents) },
    { ...request.payment, by: request.username, now: request.now },
  );
  if (!recorded.ok) return recorded;
  const payment = toPayment(recorded.value);
  const balance = await balanceOfProposal(tx, row, request.now);
  const token = await createCancelToken(tx, booking);
  const mailIds = await enqueuePaymentReceipt(tx, { booking, balance }, payment, token);
  return done({ payment, balance, mailIds });
}

/**
 * POST /api/admin/payments/{id}/void: in one transaction the payment's booking and proposal locked, the payment
 * voided (kept, marked with the reason, no longer counted), audited. No mail: the event page shows the balance as it
 * now stands.
 */
export function voidPaymentByOwner(
  db: Queryable,
  request: { id: string; reason: string; username: string; now: Date },
): Promise<Result<Omit<PaymentStep, 'mailIds'>, 'not_found' | 'already_voided'>> {
  return inTransaction(db, async (tx) => {
    const found = await findPayment(tx, request.id);
    if (!found) return refused('not_found');
    await lockForSale(tx, found.booking_id);
    const row = await lockProposal(tx, found.proposal_id);
    if (!row) return refused('not_found');
    const voided = await voidPayment(tx, request.id, { reason: request.reason, by: request.username, now: request.now });
    if (!voided.ok) return voided;
    return done({ payment: toPayment(voided.value), balance: await balanceOfProposal(tx, row, request.now) });
  });
}
