import { isoTimestamp, type Queryable } from '../db';
import { canonicalMailbox } from '../mailbox';
import type { CalendarAttachment } from './calendar';
import { mailConfig, type MailAddress, type MailConfig } from './config';
import {
  bookingMessages,
  cancellationMessages,
  inquiryMessages,
  reminderMessage,
  rescheduleMessages,
  type BookingMail,
  type CancelledBy,
  type InquiryMail,
  VISITOR_MESSAGE_KINDS,
  type MessageKind,
  type MovedFrom,
  type OutgoingMessage,
} from './messages';

/** An outbox row's state: 'held' rows went over the mailbox cap and are never sent. */
type OutboxStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'held';

/** Tries per message before it is marked failed (waits of 1, 2, 4 … 256 minutes between them: about 8.5 hours). */
export const MAX_ATTEMPTS = 10;
/** How long a claimed message is reserved for its sender; after that another run may take it over. */
export const CLAIM_LEASE_MS = 2 * 60_000;

/** The wait before the next try of a message that has now failed `attempts` times: 1, 2, 4, 8 … minutes. */
export function retryDelayMs(attempts: number): number {
  return 60_000 * 2 ** Math.max(0, attempts - 1);
}

/** Most messages that go to one mailbox a visitor typed within MAILBOX_CAP_WINDOW_HOURS; more are held back. */
export const MAX_MAILS_PER_MAILBOX = 3;
/** The window of MAX_MAILS_PER_MAILBOX, in hours, counted back from the transaction's start. */
export const MAILBOX_CAP_WINDOW_HOURS = 24;

// Namespace of the per-mailbox advisory locks (the two-key form keeps them apart from any other advisory lock).
const MAILBOX_LOCK_NAMESPACE = 0x6d626f78;

/**
 * The mailbox a message to a visitor-given address reaches (canonicalMailbox), or null for the owner's messages.
 * Our messages have one recipient.
 */
function visitorMailbox(message: OutgoingMessage): string | null {
  return VISITOR_MESSAGE_KINDS.includes(message.kind) ? canonicalMailbox(message.to[0]!.address) : null;
}

/**
 * Whether one more message may go to `mailbox`: fewer than MAX_MAILS_PER_MAILBOX messages were written for it
 * (held ones not counted) in the last MAILBOX_CAP_WINDOW_HOURS. Takes the mailbox's transaction-long lock first, so
 * simultaneous requests for one mailbox count one after the other and cannot all slip under the cap.
 */
async function mailboxHasRoom(db: Queryable, mailbox: string): Promise<boolean> {
  await db.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [MAILBOX_LOCK_NAMESPACE, mailbox]);
  const { rows } = await db.query<{ room: boolean }>(
    `SELECT count(*) < $3 AS room FROM outbox
      WHERE recipient_mailbox = $1 AND status <> 'held' AND created_at > now() - make_interval(hours => $2)`,
    [mailbox, MAILBOX_CAP_WINDOW_HOURS, MAX_MAILS_PER_MAILBOX],
  );
  return rows[0]!.room;
}

/**
 * Writes `messages` to the outbox, in the caller's transaction. A message to a visitor-given mailbox that has had
 * its MAX_MAILS_PER_MAILBOX is stored as 'held' (never sent; the desk says so); the owner's always go out. Returns
 * the ids of the messages to send.
 */
async function insertMessages(db: Queryable, messages: readonly OutgoingMessage[], config: MailConfig): Promise<string[]> {
  const mailboxes = messages.map(visitorMailbox);
  const statuses: OutboxStatus[] = [];
  for (const mailbox of mailboxes) statuses.push(mailbox === null || (await mailboxHasRoom(db, mailbox)) ? 'pending' : 'held');
  const columns = 14;
  const params: unknown[] = [];
  const rows = messages.map((message, index) => {
    const id = crypto.randomUUID();
    params.push(
      id,
      message.kind,
      message.inquiryId ?? null,
      message.bookingId ?? null,
      JSON.stringify(message.to),
      JSON.stringify(message.cc),
      message.replyTo ? JSON.stringify(message.replyTo) : null,
      message.subject,
      message.text,
      message.html,
      JSON.stringify(message.attachments),
      `<${id}@${config.siteHost}>`,
      mailboxes[index],
      statuses[index],
    );
    const at = index * columns;
    const p = (n: number) => `$${at + n}`;
    return `(${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)}::jsonb, ${p(6)}::jsonb, ${p(7)}::jsonb, ${p(8)}, ${p(9)}, ${p(10)}, ${p(11)}::jsonb, ${p(12)}, ${p(13)}, ${p(14)})`;
  });
  await db.query(
    `INSERT INTO outbox (id, kind, inquiry_id, booking_id, to_addresses, cc_addresses, reply_to, subject, text_body,
       html_body, attachments, message_id, recipient_mailbox, status)
     VALUES ${rows.join(', ')}`,
    params,
  );
  return messages.map((_, index) => params[index * columns] as string).filter((_, index) => statuses[index] === 'pending');
}

/**
 * SQL: whether the message of `kind` about the inquiry or booking whose id is in `idColumn` (a column name, never
 * request text) was held back by the mailbox cap. For the desk's lists.
 */
export function heldMessageExists(kind: MessageKind, idColumn: string): string {
  const about = kind.startsWith('inquiry_') ? 'inquiry_id' : 'booking_id';
  return `EXISTS (SELECT 1 FROM outbox WHERE outbox.${about} = ${idColumn} AND outbox.kind = '${kind}' AND outbox.status = 'held')`;
}

/**
 * Writes the owner's notification (Reply-To the client) and the client's acknowledgement of a stored inquiry into
 * the outbox (the acknowledgement held back past the mailbox cap). Call it with the same client, inside the same
 * transaction, as the insert. Returns the ids of the messages to send.
 */
export function enqueueInquiryMails(db: Queryable, inquiry: InquiryMail, config: MailConfig = mailConfig()): Promise<string[]> {
  return insertMessages(db, inquiryMessages(inquiry, config), config);
}

/**
 * Writes the client's confirmation (with its calendar file and the cancel link for `cancelToken`) and the owner's
 * notification of a stored booking into the outbox, in the caller's transaction. Returns the message ids.
 */
export function enqueueBookingMails(
  db: Queryable,
  booking: BookingMail,
  cancelToken: string,
  config: MailConfig = mailConfig(),
): Promise<string[]> {
  return insertMessages(db, bookingMessages(booking, cancelToken, config), config);
}

/**
 * Writes the client's notice of a moved booking (calendar file with the booking's new sequence, and the change-or-cancel
 * link for `cancelToken`) and the owner's notification into the outbox, in the move's transaction. Returns the ids.
 */
export function enqueueRescheduleMails(
  db: Queryable,
  booking: BookingMail & { sequence: number },
  from: MovedFrom,
  cancelToken: string,
  config: MailConfig = mailConfig(),
): Promise<string[]> {
  return insertMessages(db, rescheduleMessages(booking, from, cancelToken, config), config);
}

/** Writes the client's and the owner's cancellation notices (calendar METHOD:CANCEL) in the caller's transaction. */
export function enqueueCancellationMails(
  db: Queryable,
  booking: BookingMail,
  by: CancelledBy,
  config: MailConfig = mailConfig(),
): Promise<string[]> {
  return insertMessages(db, cancellationMessages(booking, by, config), config);
}

/**
 * Writes the client's reminder of `booking`, `daysToGo` days ahead, with the change/cancel link for `cancelToken` (a
 * token of its own), in the caller's transaction. Its kind is not one of VISITOR_MESSAGE_KINDS, so the mailbox cap
 * neither counts nor holds it: no request sends it (the scheduled run does), a mailbox gets at most one per reminder
 * day per booking it holds (MAX_FUTURE_HOLDS), and a held reminder would be one a real client never gets. It follows
 * the same no-relay rule as the confirmation (clientBookingValues). Returns the message's id, in a list.
 */
export function enqueueReminderMail(
  db: Queryable,
  booking: BookingMail,
  daysToGo: number,
  cancelToken: string,
  config: MailConfig = mailConfig(),
): Promise<string[]> {
  return insertMessages(db, [reminderMessage(booking, daysToGo, cancelToken, config)], config);
}

/**
 * Withdraws the client's reminders of booking `bookingId` that are not sent and not being sent (pending, held back,
 * or failed and so open to the owner's retry), in the caller's transaction: a reminder must never go out for a slot
 * the booking no longer holds. Call it wherever a booking is released or moved. Returns how many were withdrawn.
 */
export async function withdrawReminders(db: Queryable, bookingId: string): Promise<number> {
  const { rows } = await db.query<{ id: string }>(
    `DELETE FROM outbox WHERE booking_id = $1 AND kind = 'reminder_client' AND status IN ('pending', 'held', 'failed')
     RETURNING id`,
    [bookingId],
  );
  return rows.length;
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
  attachments: CalendarAttachment[];
  messageId: string;
  /** Tries so far, this one included. */
  attempts: number;
  createdAt: Date;
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
  attachments: CalendarAttachment[] | string;
  message_id: string;
  attempts: number;
  created_at: Date | string;
};

// PGlite's socket hands jsonb over as text, Postgres as parsed JSON.
function json<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

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
  };
}

const CLAIMED_COLUMNS = `outbox.id, kind, to_addresses, cc_addresses, reply_to, subject, text_body, html_body,
  attachments, message_id, attempts, created_at`;

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

/** Kinds of message whose body holds a secret (a cancel link): its body is dropped when it ends failed too. */
export const KINDS_WITH_SECRETS: readonly MessageKind[] = ['booking_client', 'reschedule_client', 'reminder_client'];

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

/** A scalar subquery: how many messages the outbox gave up on (read on outbox_failed_idx), for a summary's SELECT. */
export const FAILED_MESSAGES_COUNT = "(SELECT count(*)::int FROM outbox WHERE status = 'failed')";

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
