import { isoTimestamp, type Queryable } from '../db';
import type { CalendarAttachment } from './calendar';
import { mailConfig, type MailAddress, type MailConfig } from './config';
import {
  bookingMessages,
  cancellationMessages,
  inquiryMessages,
  type BookingMail,
  type CancelledBy,
  type InquiryMail,
  type MessageKind,
  type OutgoingMessage,
} from './messages';
import type { MailTransport } from './transport';

/** Tries per message before it is marked failed (waits of 1, 2, 4 … 256 minutes between them: about 8.5 hours). */
export const MAX_ATTEMPTS = 10;
/** How long a claimed message is reserved for its sender; after that another run may take it over. */
export const CLAIM_LEASE_MS = 2 * 60_000;
/** Sent messages (they hold personal data) are deleted this long after they went out. */
export const SENT_RETENTION_DAYS = 30;

/** The wait before the next try of a message that has now failed `attempts` times: 1, 2, 4, 8 … minutes. */
export function retryDelayMs(attempts: number): number {
  return 60_000 * 2 ** Math.max(0, attempts - 1);
}

async function insertMessages(db: Queryable, messages: readonly OutgoingMessage[], config: MailConfig): Promise<string[]> {
  const columns = 12;
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
    );
    const at = index * columns;
    const p = (n: number) => `$${at + n}`;
    return `(${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)}::jsonb, ${p(6)}::jsonb, ${p(7)}::jsonb, ${p(8)}, ${p(9)}, ${p(10)}, ${p(11)}::jsonb, ${p(12)})`;
  });
  await db.query(
    `INSERT INTO outbox (id, kind, inquiry_id, booking_id, to_addresses, cc_addresses, reply_to, subject, text_body,
       html_body, attachments, message_id)
     VALUES ${rows.join(', ')}`,
    params,
  );
  return messages.map((_, index) => params[index * columns] as string);
}

/**
 * Writes the owner's notification (Reply-To the client) and the client's acknowledgement of a stored inquiry into
 * the outbox. Call it with the same client, inside the same transaction, as the insert. Returns the message ids.
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

/** Writes the client's and the owner's cancellation notices (calendar METHOD:CANCEL) in the caller's transaction. */
export function enqueueCancellationMails(
  db: Queryable,
  booking: BookingMail,
  by: CancelledBy,
  config: MailConfig = mailConfig(),
): Promise<string[]> {
  return insertMessages(db, cancellationMessages(booking, by, config), config);
}

/** A claimed message, as the sender reads it. */
export type OutboxRow = {
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

function json<T>(value: T | string): T {
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

/** Options of sendPending. */
export type SendOptions = {
  /** Most messages to send in this run (default 50). */
  limit?: number;
  /** The clock (tests move it forward to reach a retry). */
  now?: () => Date;
  /** Only these messages (the ones a request just wrote); default: any due message. */
  ids?: readonly string[];
  /** Stop claiming new messages at this time (ms since the epoch, real clock): the function's time budget. */
  deadline?: number;
  /** Default: mailConfig(). */
  config?: MailConfig;
};

/** What a run did. */
export type SendReport = {
  sent: number;
  /** Failed this time, tried again later. */
  retried: number;
  /** Failed for good (last try, or the server refused a recipient). */
  failed: number;
  /** The run stopped early: the mail server could not be reached, or the time budget ran out. */
  stopped: 'unreachable' | 'deadline' | null;
};

const CLAIMED_COLUMNS = `outbox.id, kind, to_addresses, cc_addresses, reply_to, subject, text_body, html_body,
  attachments, message_id, attempts, created_at`;

/**
 * Claims up to `limit` due messages: pending ones whose time has come, or claims whose sender never finished. Each
 * becomes 'sending' with a lease of CLAIM_LEASE_MS and one more attempt counted.
 */
export async function claimMessages(
  db: Queryable,
  options: { now?: Date; limit: number; ids?: readonly string[] | null },
): Promise<OutboxRow[]> {
  // Without an injected clock the database's own is used: a message written a moment ago by a server whose clock
  // is a little ahead of this function's is still due.
  const at = options.now ?? null;
  // Claiming also moves next_attempt_at to the end of the lease, so one index condition finds both due pending rows
  // and abandoned claims. SKIP LOCKED lets two senders pass each other; the status re-check under the row lock means
  // a row another sender has just claimed is never taken twice. MATERIALIZED: the locking SELECT runs exactly once
  // (as an IN (…) subquery the planner may run it again and claim more rows than LIMIT).
  const { rows } = await db.query<OutboxRow>(
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
  return rows.sort((a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime());
}

// Codes of nodemailer errors that mean the server itself is out of reach (or refuses our login): the run stops,
// every other message stays untouched until the next run.
const UNREACHABLE_CODES = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ETLS', 'EAUTH', 'EPROXY']);

/** What one try of one claimed message came to. */
export type Delivery =
  | { ok: true }
  | { ok: false; summary: string; unreachable: boolean; permanent: boolean };

/** The error as stored in last_error: nodemailer's code and the SMTP status only, never a text that may hold addresses. */
function failedDelivery(error: unknown): Delivery {
  const { code, responseCode } = (typeof error === 'object' && error !== null ? error : {}) as {
    code?: unknown;
    responseCode?: unknown;
  };
  const name = typeof code === 'string' && /^[A-Z_]{2,30}$/.test(code) ? code : error instanceof Error ? error.name : 'Error';
  const status = typeof responseCode === 'number' && Number.isInteger(responseCode) ? responseCode : undefined;
  return {
    ok: false,
    summary: `${name.slice(0, 40)}${status ? ` ${status}` : ''}`,
    unreachable: typeof code === 'string' && UNREACHABLE_CODES.has(code),
    // The server refused the recipient for good (5xx): another try would be refused again.
    permanent: code === 'EENVELOPE' && status !== undefined && status >= 500,
  };
}

/** Sends one claimed message with its row's Message-ID and Date. Needs no database; never throws. */
export async function deliver(transport: MailTransport, row: OutboxRow, config: MailConfig): Promise<Delivery> {
  const calendar = json(row.attachments)[0];
  try {
    await transport.sendMail({
      from: config.from,
      to: json(row.to_addresses),
      cc: json(row.cc_addresses),
      replyTo: row.reply_to ? json(row.reply_to) : undefined,
      subject: row.subject,
      text: row.text_body,
      html: row.html_body,
      messageId: row.message_id,
      date: new Date(row.created_at),
      icalEvent: calendar ? { filename: calendar.filename, method: calendar.method, content: calendar.content } : undefined,
      // Content comes from our own rows only: never let a message read a file or fetch a URL.
      disableFileAccess: true,
      disableUrlAccess: true,
    });
    return { ok: true };
  } catch (error) {
    return failedDelivery(error);
  }
}

/**
 * Records a try: sent, or back to pending with a wait of retryDelayMs(attempts), or failed after the last try (or
 * a permanent refusal). Returns which of the three it was.
 */
export async function recordDelivery(
  db: Queryable,
  row: Pick<OutboxRow, 'id' | 'attempts'>,
  delivery: Delivery,
  now: Date,
): Promise<'sent' | 'retried' | 'failed'> {
  if (delivery.ok) {
    await db.query(
      `UPDATE outbox SET status = 'sent', sent_at = $2, claimed_until = NULL, last_error = NULL
        WHERE id = $1 AND status = 'sending'`,
      [row.id, now],
    );
    return 'sent';
  }
  const last = delivery.permanent || row.attempts >= MAX_ATTEMPTS;
  await db.query(
    `UPDATE outbox SET status = $2, claimed_until = NULL, next_attempt_at = $3, last_error = $4
      WHERE id = $1 AND status = 'sending'`,
    [row.id, last ? 'failed' : 'pending', new Date(now.getTime() + retryDelayMs(row.attempts)), delivery.summary],
  );
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

/**
 * Sends due messages one claim at a time: each with its row's Message-ID, then marked sent, or put back with an
 * exponentially growing wait (1, 2, 4 … minutes), or marked failed after MAX_ATTEMPTS tries. Concurrent runs never
 * send one message twice. Stops at the first sign that the mail server is unreachable, or at `deadline`.
 */
export async function sendPending(db: Queryable, transport: MailTransport, options: SendOptions = {}): Promise<SendReport> {
  const limit = options.limit ?? 50;
  const now = options.now ?? (() => new Date());
  const config = options.config ?? mailConfig();
  const report: SendReport = { sent: 0, retried: 0, failed: 0, stopped: null };
  for (let handled = 0; handled < limit; handled++) {
    if (options.deadline !== undefined && Date.now() >= options.deadline) {
      report.stopped = 'deadline';
      break;
    }
    const [row] = await claimMessages(db, { now: now(), limit: 1, ids: options.ids });
    if (!row) break;
    const delivery = await deliver(transport, row, config);
    report[await recordDelivery(db, row, delivery, now())]++;
    if (!delivery.ok && delivery.unreachable) {
      report.stopped = 'unreachable';
      break;
    }
  }
  return report;
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
  };
}

const ENTRY_COLUMNS = `id, kind, status, to_addresses, subject, attempts, last_error, next_attempt_at, created_at,
  inquiry_id, booking_id`;

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
    'SELECT status, count(*)::int AS n FROM outbox GROUP BY status',
  );
  const counts = { pending: 0, sending: 0, sent: 0, failed: 0 };
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}

/** Puts failed messages back in line for a fresh round of tries (the owner fixed an address or the mail settings). */
export async function retryFailedMessages(db: Queryable, ids: readonly string[], now: Date = new Date()): Promise<number> {
  const { rows } = await db.query<{ id: string }>(
    `UPDATE outbox SET status = 'pending', attempts = 0, next_attempt_at = $2, last_error = NULL
      WHERE status = 'failed' AND id = ANY($1::uuid[]) RETURNING id`,
    [[...ids], now],
  );
  return rows.length;
}

/** Deletes sent messages older than SENT_RETENTION_DAYS and cancel tokens a day past their expiry; returns counts. */
export async function purgeOldMail(db: Queryable, now: Date = new Date()): Promise<{ messages: number; tokens: number }> {
  const messages = await db.query<{ id: string }>(
    `DELETE FROM outbox WHERE status = 'sent' AND sent_at < $1::timestamptz - make_interval(days => $2) RETURNING id`,
    [now, SENT_RETENTION_DAYS],
  );
  const tokens = await db.query<{ token_hash: string }>(
    `DELETE FROM booking_cancel_tokens WHERE expires_at < $1::timestamptz - interval '1 day' RETURNING token_hash`,
    [now],
  );
  return { messages: messages.rows.length, tokens: tokens.rows.length };
}
