import type { ClientPayment, Payment } from '@shared/schemas/payment';
import { isoTimestamp } from '../db';

/** The one row of `payments` this module hands out, read with PAYMENT_COLUMNS. */
export type PaymentRow = {
  id: string;
  proposal_id: string;
  booking_id: string;
  amount_cents: number;
  method: string;
  received_on: string;
  reference: string | null;
  recorded_by: string;
  recorded_at: Date | string;
  voided_at: Date | string | null;
  voided_by: string | null;
  void_reason: string | null;
};

/** The columns of a PaymentRow, for every SELECT and RETURNING on `payments`. */
export const PAYMENT_COLUMNS = `id, proposal_id, booking_id, amount_cents, method, received_on, reference, recorded_by,
  recorded_at, voided_at, voided_by, void_reason`;

/** A row as the owner's desk (and the CSV) shows it. */
export function toPayment(row: PaymentRow): Payment {
  return {
    id: row.id,
    proposalId: row.proposal_id,
    bookingId: row.booking_id,
    amountCents: Number(row.amount_cents),
    method: row.method,
    receivedOn: row.received_on,
    reference: row.reference,
    recordedBy: row.recorded_by,
    recordedAt: isoTimestamp(row.recorded_at),
    voidedAt: row.voided_at === null ? null : isoTimestamp(row.voided_at),
    voidedBy: row.voided_by,
    voidReason: row.void_reason,
  };
}

/** A payment as the client's event page and receipt show it: what, how and when; never who recorded it or why voided. */
export function toClientPayment(payment: Payment): ClientPayment {
  return { id: payment.id, amountCents: payment.amountCents, method: payment.method, receivedOn: payment.receivedOn };
}
