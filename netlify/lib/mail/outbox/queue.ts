import type { Queryable } from '../../db';
import type { Transaction } from '../../transaction';
import type { MailAttachment } from '../attachments';
import type { MailAddress } from '../config';
import type { MessageKind } from '../messages';
import { jsonColumn as json } from './json';

/** Tries per message before it is marked failed (waits of 1, 2, 4 … 256 minutes between them: about 8.5 hours). */
export const MAX_ATTEMPTS = 10;
/** How long a claimed message is reserved for its sender; after that another run may take it over. */
export const CLAIM_LEASE_MS = 2 * 60_000;

/** The wait before the next try of a message that has now failed `attempts` times: 1, 2, 4, 8 … minutes. */
export function retryDelayMs(attempts: number): number {
  return 60_000 * 2 ** Math.max(0, attempts - 1);
}

/** A claimed message, as the sender reads it. */
export type ClaimedMessage = {
  id: string;
  kind: MessageKind;
  to: MailAddress[];
  cc: MailAddress[];
  replyTo: MailAddress | null;
  subject: string;
  text: string;
  html: string;
  attachments: MailAttachment[];
  messageId: string;
  /** Tries so far, this one included. */
  attempts: number;
  createdAt: Date;
  /**
   * The booking's sequence a client's confirmation, move notice or reminder states, or null for any other message:
   * the sender sends such a message only through sendIfCurrent's check.
   */
  bookingSequence: number | null;
};

type ClaimedRow = {
  id: string;
  kind: MessageKind;
  to_addresses: MailAddress[] | string;
  cc_addresses: MailAddress[] | string;
  reply_to: MailAddress | string | null;
  subject: string;
  text_body: string;
  html_body: string;
  attachments: MailAttachment[] | string;
  message_id: string;
  attempts: number;
  created_at: Date | string;
  booking_sequence: number | null;
};

function toClaimed(row: ClaimedRow): ClaimedMessage {
  return {
    id: row.id,
    kind: row.kind,
    to: json(row.to_addresses),
    cc: json(row.cc_addresses),
    replyTo: row.reply_to ? json(row.reply_to) : null,
    subject: row.subject,
    text: row.text_body,
    html: row.html_body,
    attachments: json(row.attachments),
    messageId: row.message_id,
    attempts: row.attempts,
    createdAt: new Date(row.created_at),
    bookingSequence: row.booking_sequence,
  };
}

const CLAIMED_COLUMNS = `outbox.id, kind, to_addresses, cc_addresses, reply_to, subject, text_body, html_body,
  attachments, message_id, attempts, created_at, booking_sequence`;

/**
 * Claims up to `limit` due messages (or only those of `ids`): pending ones whose time has come, or claims whose
 * sender never finished. Each becomes 'sending' with a lease of CLAIM_LEASE_MS and one more attempt counted.
 * Returns them oldest first.
 */
export async function claimMessages(
  db: Queryable,
  options: { now?: Date; limit: number; ids?: readonly string[] | null },
): Promise<ClaimedMessage[]> {
  // Without an injected clock the database's own is used: a message written a moment ago by a server whose clock
  // is a little ahead of this function's is still due.
  const at = options.now ?? null;
  // Claiming also moves next_attempt_at to the end of the lease, so one index condition finds both due pending rows
  // and abandoned claims. SKIP LOCKED lets two senders pass each other; the status re-check under the row lock means
  // a row another sender has just claimed is never taken twice. MATERIALIZED: the locking SELECT runs exactly once
  // (as an IN (…) subquery the planner may run it again and claim more rows than LIMIT).
  const { rows } = await db.query<ClaimedRow>(
    `WITH due AS MATERIALIZED (
        SELECT id FROM outbox
         WHERE status IN ('pending', 'sending') AND next_attempt_at <= COALESCE($1::timestamptz, now())
           AND ($3::uuid[] IS NULL OR id = ANY($3::uuid[]))
         ORDER BY next_attempt_at, created_at
         LIMIT $4
         FOR UPDATE SKIP LOCKED)
     UPDATE outbox
        SET status = 'sending', attempts = attempts + 1,
            claimed_until = COALESCE($1::timestamptz, now()) + make_interval(secs => $2),
            next_attempt_at = COALESCE($1::timestamptz, now()) + make_interval(secs => $2)
       FROM due
      WHERE outbox.id = due.id
        AND status IN ('pending', 'sending') AND next_attempt_at <= COALESCE($1::timestamptz, now())
      RETURNING ${CLAIMED_COLUMNS}`,
    [at, CLAIM_LEASE_MS / 1000, options.ids ? [...options.ids] : null, options.limit],
  );
  return rows.map(toClaimed).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/** What one try of one claimed message came to. */
export type Delivery =
  | { ok: true }
  | {
      ok: false;
      /** nodemailer's code and the SMTP status only (stored in last_error), never a text that may hold addresses. */
      summary: string;
      /** The server itself is out of reach or refuses our login: the run stops. */
      unreachable: boolean;
      /** The server refused a recipient for good: another try would be refused again. */
      permanent: boolean;
    };

/**
 * Kinds of message whose body holds a secret (a cancel link, or an event-page link: the same token): its body is
 * dropped when it ends failed too.
 */
export const KINDS_WITH_SECRETS: readonly MessageKind[] = [
  'booking_client',
  'reschedule_client',
  'reminder_client',
  'proposal_client',
  'event_link_client',
  'payment_receipt_client',
  'balance_reminder_client',
  'details_reminder_client',
];

// A row keeps its body (text, html, calendar file) only while it may still be sent: the message is in the client's
// and the owner's inbox once sent, and the confirmation's body holds the client's cancel token in clear.
const DROP_BODY = `text_body = '', html_body = '', attachments = '[]'::jsonb`;

/**
 * Records a try made at `now`: sent, or back to pending with a wait of retryDelayMs(attempts), or failed after the
 * last try (or a permanent refusal). A sent row loses its body (subject, recipients, kind, Message-ID and times
 * stay); a failed row keeps it for the owner's retry, except a kind of KINDS_WITH_SECRETS, which cannot be resent.
 * A failed row has no next try, so its next_attempt_at keeps the time of its last one (the retention job counts
 * from it). Returns which of the three it was.
 */
export async function recordDelivery(
  db: Queryable,
  message: Pick<ClaimedMessage, 'id' | 'attempts'>,
  delivery: Delivery,
  now: Date,
): Promise<'sent' | 'retried' | 'failed'> {
  if (delivery.ok) {
    await db.query(
      `UPDATE outbox SET status = 'sent', sent_at = $2, claimed_until = NULL, last_error = NULL, ${DROP_BODY}
        WHERE id = $1 AND status = 'sending'`,
      [message.id, now],
    );
    return 'sent';
  }
  const last = delivery.permanent || message.attempts >= MAX_ATTEMPTS;
  await db.query(
    `UPDATE outbox SET status = $2, claimed_until = NULL, next_attempt_at = $3, last_error = $4
      WHERE id = $1 AND status = 'sending'`,
    [message.id, last ? 'failed' : 'pending', last ? now : new Date(now.getTime() + retryDelayMs(message.attempts)), delivery.summary],
  );
  if (last) {
    await db.query(`UPDATE outbox SET ${DROP_BODY} WHERE id = $1 AND status = 'failed' AND kind = ANY($2::text[])`, [
      message.id,
      [...KINDS_WITH_SECRETS],
    ]);
  }
  return last ? 'failed' : 'retried';
}

/** Gives back claims that were not tried (the run stopped): pending again at once, the attempt not counted. */
export async function releaseClaims(db: Queryable, ids: readonly string[], now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db.query(
    `UPDATE outbox SET status = 'pending', attempts = attempts - 1, claimed_until = NULL, next_attempt_at = $2
      WHERE id = ANY($1::uuid[]) AND status = 'sending'`,
    [[...ids], now],
  );
}

/** What the check before sending a message about a booking found (lockCurrentClaim). */
export type ClaimCheck = 'current' | 'withdrawn' | 'gone';

/**
 * The check a message about a booking's state (a ClaimedMessage with a bookingSequence) passes right before it is
 * sent, inside the transaction that then sends it and records the outcome (sendDue). It locks the claimed row and
 * reads its booking (booking_mail_state): 'current' while the booking still holds its slot at the message's
 * sequence; otherwise the row is deleted, as withdrawStaleMails would have, and it answers 'withdrawn'; 'gone' when
 * the row is no longer this claim (withdrawn meanwhile, or taken over by another sender after the lease).
 *
 * Why no stale message can go out after the cancel or move that made it stale has committed: the cancel or move
 * deletes the booking's unsent messages (withdrawStaleMails), claimed ones included, in its own transaction, after
 * it has changed the booking. (1) If that commits before this check, the row is gone or the booking reads cancelled
 * or moved: nothing is sent. (2) If this check locks the row first, the cancel's DELETE waits for this lock, which is
 * held until the message has been accepted by the mail server and recorded: the cancel commits after the message
 * went out, never before. (3) If the cancel has deleted the row but not yet committed, this lock waits for it and
 * then finds no row. The claim itself (claimMessages) holds no lock while the mail server talks, so a cancel between
 * the claim and this check is case (1). The price: a cancel or move of that one booking waits for one SMTP exchange
 * (the SMTP timeouts bound it), and on the embedded database, which runs one transaction at a time, every request
 * waits for it.
 */
export async function lockCurrentClaim(tx: Transaction, message: Pick<ClaimedMessage, 'id' | 'attempts'>): Promise<ClaimCheck> {
  const { rows } = await tx.query<{ current: boolean }>(
    `SELECT COALESCE(b.held AND b.sequence = o.booking_sequence, false) AS current
       FROM outbox o LEFT JOIN booking_mail_state b ON b.booking_id = o.booking_id
      WHERE o.id = $1 AND o.status = 'sending' AND o.attempts = $2
        FOR UPDATE OF o`,
    [message.id, message.attempts],
  );
  if (!rows[0]) return 'gone';
  if (rows[0].current) return 'current';
  await tx.query('DELETE FROM outbox WHERE id = $1', [message.id]);
  return 'withdrawn';
}
