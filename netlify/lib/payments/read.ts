import type { Queryable } from '../db';
import { PAYMENT_COLUMNS, type PaymentRow } from './row';

// What the rest of the house reads of `payments`: a proposal's payments, what was paid against proposals, and the
// payments received in a range of days (the accountant's CSV).

/** One payment by id, or undefined. */
export async function findPayment(db: Queryable, id: string): Promise<PaymentRow | undefined> {
  const { rows } = await db.query<PaymentRow>(`SELECT ${PAYMENT_COLUMNS} FROM payments WHERE id = $1`, [id]);
  return rows[0];
}

/** Every payment of proposal `proposalId`, voided ones included, in the order they were recorded. */
export async function listPayments(db: Queryable, proposalId: string): Promise<PaymentRow[]> {
  const { rows } = await db.query<PaymentRow>(
    `SELECT ${PAYMENT_COLUMNS} FROM payments WHERE proposal_id = $1 ORDER BY recorded_at, id`,
    [proposalId],
  );
  return rows;
}

/** What was paid against each of `proposalIds` (the payments not voided), in cents; a proposal paid nothing is 0. */
export async function paidByProposal(db: Queryable, proposalIds: readonly string[]): Promise<Map<string, number>> {
  const paid = new Map(proposalIds.map((id) => [id, 0]));
  if (proposalIds.length === 0) return paid;
  const { rows } = await db.query<{ proposal_id: string; paid: number | string }>(
    `SELECT proposal_id, sum(amount_cents) AS paid FROM payments
      WHERE proposal_id = ANY($1::uuid[]) AND voided_at IS NULL GROUP BY proposal_id`,
    [[...proposalIds]],
  );
  for (const row of rows) paid.set(row.proposal_id, Number(row.paid));
  return paid;
}

/** The most rows one CSV holds (two years of a busy bar's payments many times over). */
export const MAX_CSV_PAYMENTS = 10_000;

/** The payments received from `from` to `to` (Texas dates, inclusive), voided ones included, by date received. */
export async function paymentsReceived(db: Queryable, range: { from: string; to: string }): Promise<PaymentRow[]> {
  const { rows } = await db.query<PaymentRow>(
    `SELECT ${PAYMENT_COLUMNS} FROM payments WHERE received_on BETWEEN $1 AND $2
      ORDER BY received_on, recorded_at, id LIMIT $3`,
    [range.from, range.to, MAX_CSV_PAYMENTS],
  );
  return rows;
}
