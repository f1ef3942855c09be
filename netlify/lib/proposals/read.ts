import type { Queryable } from '../db';
import type { Transaction } from '../transaction';
import { PROPOSAL_COLUMNS, type ProposalRow } from './row';

/** One proposal by id, or undefined. */
export async function findProposal(db: Queryable, id: string): Promise<ProposalRow | undefined> {
  const { rows } = await db.query<ProposalRow>(`SELECT ${PROPOSAL_COLUMNS} FROM proposals WHERE id = $1`, [id]);
  return rows[0];
}

/** The proposals of one inquiry or one booking, newest first. */
export async function listProposals(db: Queryable, of: { inquiryId: string } | { bookingId: string }): Promise<ProposalRow[]> {
  const [column, value] = 'inquiryId' in of ? ['inquiry_id', of.inquiryId] : ['booking_id', of.bookingId];
  const { rows } = await db.query<ProposalRow>(
    `SELECT ${PROPOSAL_COLUMNS} FROM proposals WHERE ${column} = $1 ORDER BY created_at DESC, id DESC LIMIT 50`,
    [value],
  );
  return rows;
}

/** The proposal a booking's client sees: the open one, else the signed one, else none. */
export async function findClientProposal(db: Queryable, bookingId: string): Promise<ProposalRow | undefined> {
  const { rows } = await db.query<ProposalRow>(
    `SELECT ${PROPOSAL_COLUMNS} FROM proposals
      WHERE booking_id = $1 AND state IN ('sent', 'viewed', 'signed', 'countersigned')
      ORDER BY state IN ('sent', 'viewed') DESC, created_at DESC LIMIT 1`,
    [bookingId],
  );
  return rows[0];
}

/** Whether booking `bookingId` has a signed (or countersigned) proposal. */
export async function hasSignedProposal(db: Queryable, bookingId: string): Promise<boolean> {
  const { rows } = await db.query("SELECT 1 FROM proposals WHERE booking_id = $1 AND state IN ('signed', 'countersigned')", [bookingId]);
  return rows.length > 0;
}

/** Open proposals whose time is up at `now`, oldest first (the scheduled run's work), at most `limit`. */
export async function dueForExpiry(db: Queryable, now: Date, limit: number): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM proposals WHERE state IN ('sent', 'viewed') AND expires_at <= $1 ORDER BY expires_at LIMIT $2`,
    [now, limit],
  );
  return rows.map((row) => row.id);
}

/**
 * Proposal `id` read and locked (FOR UPDATE) in the caller's transaction, after its booking (lockForSale): a payment
 * is judged against the proposal as it stands, and no step of the proposal's runs beside it.
 */
export async function lockProposal(tx: Transaction, id: string): Promise<ProposalRow | undefined> {
  const { rows } = await tx.query<ProposalRow>(`SELECT ${PROPOSAL_COLUMNS} FROM proposals WHERE id = $1 FOR UPDATE`, [id]);
  return rows[0];
}

/** The signed (or countersigned) proposals of `bookingIds`, one per booking at most (a signed one is never replaced). */
export async function signedProposalsOf(db: Queryable, bookingIds: readonly string[]): Promise<ProposalRow[]> {
  if (bookingIds.length === 0) return [];
  const { rows } = await db.query<ProposalRow>(
    `SELECT ${PROPOSAL_COLUMNS} FROM proposals WHERE booking_id = ANY($1::uuid[]) AND state IN ('signed', 'countersigned')
      ORDER BY created_at, id`,
    [[...bookingIds]],
  );
  return rows;
}
