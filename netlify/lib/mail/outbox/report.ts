import { isoTimestamp, type Queryable } from '../../db';
import type { MailAddress } from '../config';
import type { MessageKind } from '../messages';
import { jsonColumn as json } from './json';

/** A message the owner should know about, without its body. */
export type OutboxEntry = {
  id: string;
  kind: MessageKind;
  status: 'pending' | 'sending' | 'sent' | 'failed';
  to: MailAddress[];
  subject: string;
  attempts: number;
  lastError: string | null;
  nextAttemptAt: string;
  createdAt: string;
  inquiryId: string | null;
  bookingId: string | null;
  /** Whether it still has its body, so a retry can send it (a failed confirmation's is dropped: KINDS_WITH_SECRETS). */
  resendable: boolean;
};

type EntryRow = {
  id: string;
  kind: MessageKind;
  status: OutboxEntry['status'];
  to_addresses: MailAddress[] | string;
  subject: string;
  attempts: number;
  last_error: string | null;
  next_attempt_at: Date | string;
  created_at: Date | string;
  inquiry_id: string | null;
  booking_id: string | null;
  resendable: boolean;
};

function toEntry(row: EntryRow): OutboxEntry {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    to: json(row.to_addresses),
    subject: row.subject,
    attempts: row.attempts,
    lastError: row.last_error,
    nextAttemptAt: isoTimestamp(row.next_attempt_at),
    createdAt: isoTimestamp(row.created_at),
    inquiryId: row.inquiry_id,
    bookingId: row.booking_id,
    resendable: row.resendable,
  };
}

const ENTRY_COLUMNS = `id, kind, status, to_addresses, subject, attempts, last_error, next_attempt_at, created_at,
  inquiry_id, booking_id, text_body <> '' AS resendable`;

/** Messages that could not be sent after every try, newest first (for the owner's desk and `npm run mail:status`). */
export async function listFailedMessages(db: Queryable, limit = 100): Promise<OutboxEntry[]> {
  const { rows } = await db.query<EntryRow>(
    `SELECT ${ENTRY_COLUMNS} FROM outbox WHERE status = 'failed' ORDER BY created_at DESC LIMIT $1`,
    [limit],
  );
  return rows.map(toEntry);
}

/** Messages still waiting to go out (pending or being sent), oldest first. */
export async function listWaitingMessages(db: Queryable, limit = 100): Promise<OutboxEntry[]> {
  const { rows } = await db.query<EntryRow>(
    `SELECT ${ENTRY_COLUMNS} FROM outbox WHERE status IN ('pending', 'sending') ORDER BY created_at LIMIT $1`,
    [limit],
  );
  return rows.map(toEntry);
}

/** How many messages are in each state. */
export async function countMessages(db: Queryable): Promise<Record<OutboxEntry['status'], number>> {
  const { rows } = await db.query<{ status: OutboxEntry['status']; n: number }>(
    // Held messages are no part of the sending's state; the desk shows them on their inquiry or booking.
    "SELECT status, count(*)::int AS n FROM outbox WHERE status <> 'held' GROUP BY status",
  );
  const counts = { pending: 0, sending: 0, sent: 0, failed: 0 };
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}

/** How many messages the outbox gave up on (read on outbox_failed_idx), for the desk's agenda. */
export async function countFailedMessages(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM outbox WHERE status = 'failed'");
  return Number(rows[0]!.n);
}

/**
 * Puts failed messages back in line for a fresh round of tries (the owner fixed an address or the mail settings).
 * A message whose body was dropped (KINDS_WITH_SECRETS) is not: it would go out empty.
 */
export async function retryFailedMessages(db: Queryable, ids: readonly string[], now: Date = new Date()): Promise<number> {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = $2, last_error = NULL
      WHERE status = 'failed' AND id = ANY($1::uuid[]) AND text_body <> '' RETURNING id`,
    [[...ids], now],
  );
  return rows.length;
}
