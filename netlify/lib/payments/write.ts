import type { RecordPayment } from '@shared/schemas/payment';
import type { Transaction } from '../transaction';
import { PAYMENT_COLUMNS, type PaymentRow } from './row';

// The one writer of `payments`: an INSERT when money is recorded, and one UPDATE that voids a payment. The table's
// trigger refuses every other change and any DELETE but its proposal's or booking's cascade.

/** Stores a payment of proposal `proposalId` (of booking `bookingId`) recorded by `by` at `now`. */
export async function insertPayment(
  tx: Transaction,
  payment: RecordPayment & { proposalId: string; bookingId: string; by: string; now: Date },
): Promise<PaymentRow> {
  const { rows } = await tx.query<PaymentRow>(
    `INSERT INTO payments (proposal_id, booking_id, amount_cents, method, received_on, reference, recorded_by, recorded_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${PAYMENT_COLUMNS}`,
    [
      payment.proposalId,
      payment.bookingId,
      payment.amountCents,
      payment.method,
      payment.receivedOn,
      payment.reference ?? null,
      payment.by,
      payment.now,
    ],
  );
  return rows[0]!;
}

/** Voids payment `id` for `reason`, by `by` at `now`; undefined when there is no such payment or it is voided already. */
export async function voidRow(
  tx: Transaction,
  id: string,
  voiding: { reason: string; by: string; now: Date },
): Promise<PaymentRow | undefined> {
  const { rows } = await tx.query<PaymentRow>(
    `UPDATE payments SET voided_at = $2, voided_by = $3, void_reason = $4 WHERE id = $1 AND voided_at IS NULL
     RETURNING ${PAYMENT_COLUMNS}`,
    [id, voiding.now, voiding.by, voiding.reason],
  );
  return rows[0];
}
