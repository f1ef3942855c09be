import { INQUIRY_FIELDS, type PricedInquiry } from '@shared/schemas/inquiry';
import type { InquiryStatus, OwnerInquiry, OwnerInquiryNote } from '@shared/schemas/owner';
import { recordAudit } from '../audit/log';
import type { Queryable } from '../db';
import { inTransaction, type Transaction } from '../transaction';
import { findInquiry, isoText } from './read';

// The columns come from the field list in code, never from a request; the estimate's two follow the fields.
const FIELD_COUNT = INQUIRY_FIELDS.length;
const INSERT = `INSERT INTO contact_inquiries
    (${INQUIRY_FIELDS.map((field) => field.column).join(', ')}, estimate_request, estimate)
  VALUES
    (${INQUIRY_FIELDS.map((_, index) => `$${index + 1}`).join(', ')}, $${FIELD_COUNT + 1}::jsonb, $${FIELD_COUNT + 2}::jsonb)
  RETURNING id`;

/**
 * Stores a validated inquiry and returns its new id; with its estimate, the checked inputs and the server's figures
 * (migration 012), never anything a browser priced.
 */
export async function createInquiry(db: Queryable, inquiry: PricedInquiry): Promise<{ id: string }> {
  const { estimate } = inquiry;
  const { rows } = await db.query<{ id: string }>(INSERT, [
    ...INQUIRY_FIELDS.map((field) => inquiry[field.key] ?? null),
    estimate ? JSON.stringify(estimate.request) : null,
    estimate ? JSON.stringify(estimate.estimate) : null,
  ]);
  return { id: rows[0]!.id };
}

/** Marks an inquiry opened, the first time only (opened_at keeps the first opening). */
async function markOpened(db: Queryable, id: string): Promise<void> {
  await db.query('UPDATE contact_inquiries SET opened_at = now() WHERE id = $1 AND opened_at IS NULL', [id]);
}

/** Marks an inquiry opened (see markOpened) and answers it, or undefined. */
export async function openInquiry(db: Queryable, id: string): Promise<OwnerInquiry | undefined> {
  await markOpened(db, id);
  return findInquiry(db, id);
}

/**
 * Sets an inquiry's status for `actor` and records the change (from, to) in the audit log, in one transaction. The
 * row is locked while its old status is read, so of two simultaneous changes the second sees the first's result and
 * each is logged with the status it really replaced. Setting the status it already has changes and logs nothing.
 * Changing a status also marks the inquiry opened. Answers the inquiry as it now is, or undefined for an unknown id.
 */
export function setInquiryStatus(
  db: Queryable,
  change: { id: string; status: InquiryStatus; actor: string },
): Promise<OwnerInquiry | undefined> {
  return inTransaction(db, (tx) => changeInquiryStatus(tx, change));
}

/** setInquiryStatus inside the caller's transaction (a proposal made from an inquiry moves it to `quoted`). */
export async function changeInquiryStatus(
  tx: Transaction,
  change: { id: string; status: InquiryStatus; actor: string },
): Promise<OwnerInquiry | undefined> {
  const { rows } = await tx.query<{ from: InquiryStatus }>(
    `WITH current AS (SELECT id, status FROM contact_inquiries WHERE id = $1 FOR UPDATE)
     UPDATE contact_inquiries AS inquiry
        SET status = $2,
            status_changed_at = CASE WHEN current.status = $2 THEN inquiry.status_changed_at ELSE now() END,
            opened_at = COALESCE(inquiry.opened_at, now())
       FROM current WHERE inquiry.id = current.id
     RETURNING current.status AS "from"`,
    [change.id, change.status],
  );
  const from = rows[0]?.from;
  if (from === undefined) return undefined;
  if (from !== change.status) {
    await recordAudit(tx, {
      actor: change.actor,
      action: 'inquiry_status_changed',
      target: change.id,
      detail: { from, to: change.status },
    });
  }
  return findInquiry(tx, change.id);
}

/** Appends a private note by `author` to an inquiry (which counts as opening it); undefined for an unknown id. */
export async function addInquiryNote(
  db: Queryable,
  note: { inquiryId: string; author: string; body: string },
): Promise<OwnerInquiryNote | undefined> {
  return inTransaction(db, async (tx) => {
    const { rows } = await tx.query<{ id: string; author: string; body: string; createdAt: string }>(
      `INSERT INTO inquiry_notes (inquiry_id, author, body)
       SELECT id, $2, $3 FROM contact_inquiries WHERE id = $1
       RETURNING id::text AS id, author, body, ${isoText('created_at')} AS "createdAt"`,
      [note.inquiryId, note.author, note.body],
    );
    if (!rows[0]) return undefined;
    await markOpened(tx, note.inquiryId);
    return rows[0];
  });
}
