/**
 * The owner's desk calls about payments (docs/api.md, the payments routes), through the site's one API client. Every
 * call rejects with ApiError on a non-OK answer: 409 proposal_not_signed, payment_exceeds_balance, already_voided…
 */
import type { Balance, Payment, RecordPaymentInput } from '@shared/schemas/payment';
import { apiRequest, postJson, type WriteOptions } from './api';
import { downloadedFile, type DownloadedFile } from './desk-api';

/** A proposal's payments (voided ones too) and where its balance stands (null before the client signed). */
export type ProposalPayments = { payments: Payment[]; balance: Balance | null };

/** A payment's step: the payment as it now is, and the balance after it. */
export type PaymentStep = { payment: Payment; balance: Balance };

const paymentsPath = (proposalId: string) => `/api/admin/proposals/${encodeURIComponent(proposalId)}/payments`;

/** GET /api/admin/proposals/{id}/payments. */
export async function fetchProposalPayments(proposalId: string): Promise<ProposalPayments> {
  return (await (await apiRequest('GET', paymentsPath(proposalId))).json()) as ProposalPayments;
}

/** POST /api/admin/proposals/{id}/payments (with the form's Idempotency-Key): records money received. */
export function recordPayment(proposalId: string, payment: RecordPaymentInput, options?: WriteOptions): Promise<PaymentStep> {
  return postJson<PaymentStep>(paymentsPath(proposalId), payment, options);
}

/** POST /api/admin/payments/{id}/void { reason }: the payment stays, voided, and no longer counts. */
export function voidPayment(id: string, reason: string): Promise<PaymentStep> {
  return postJson<PaymentStep>(`/api/admin/payments/${encodeURIComponent(id)}/void`, { reason });
}

/** GET /api/admin/payments.csv?from=&to=: the payments received in the range (Texas dates, inclusive), as a file. */
export async function downloadPaymentsCsv(from: string, to: string): Promise<DownloadedFile> {
  return downloadedFile(await apiRequest('GET', `/api/admin/payments.csv?${new URLSearchParams({ from, to })}`), 'payments.csv');
}
