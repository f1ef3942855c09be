import type { Queryable } from '../../db';
import { canonicalMailbox } from '../../mailbox';
import { mailConfig, type MailConfig } from '../config';
import {
  bookingMessages,
  cancellationMessages,
  eventLinkMessage,
  inquiryMessages,
  reminderMessage,
  rescheduleMessages,
  type BookingMail,
  type CancelledBy,
  type InquiryMail,
  type MessageKind,
  VISITOR_MESSAGE_KINDS,
  type MovedFrom,
  type OutgoingMessage,
} from '../messages';

/** The state a row is written in: 'held' rows went over the mailbox cap and are never sent. */
type WrittenStatus = 'pending' | 'held';

/** A message and the state it is written in. */
type OutboxRow = { message: OutgoingMessage; status: WrittenStatus };

/**
 * The kinds the mailbox cap counts and holds back: acknowledgements that an anonymous request triggers (the
 * inquiry's, from /contact). Every other client mail is caused by a booking (bounded by MAX_FUTURE_HOLDS per
 * mailbox), by the holder of a change-or-cancel link, by the owner or by the scheduled run, and is never held back:
 * otherwise a stranger who filled the cap with inquiries could stop a real client's confirmation, the only copy of
 * their link, or a notice that the owner cancelled.
 */
export const CAPPED_MESSAGE_KINDS: readonly MessageKind[] = ['inquiry_client'];

/** Most acknowledgements (CAPPED_MESSAGE_KINDS) one mailbox gets within MAILBOX_CAP_WINDOW_HOURS; more are held back. */
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
 * Whether one more acknowledgement may go to `mailbox`: fewer than MAX_MAILS_PER_MAILBOX of CAPPED_MESSAGE_KINDS
 * were written for it (held ones not counted) in the last MAILBOX_CAP_WINDOW_HOURS; other mails neither count nor
 * are held. Takes the mailbox's transaction-long lock first, so simultaneous requests for one mailbox count one
 * after the other and cannot all slip under the cap.
 */
async function mailboxHasRoom(db: Queryable, mailbox: string): Promise<boolean> {
  await db.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [MAILBOX_LOCK_NAMESPACE, mailbox]);
  const { rows } = await db.query<{ room: boolean }>(
    `SELECT count(*) < $3 AS room FROM outbox
      WHERE recipient_mailbox = $1 AND kind = ANY($4::text[]) AND status <> 'held'
        AND created_at > now() - make_interval(hours => $2)`,
    [mailbox, MAILBOX_CAP_WINDOW_HOURS, MAX_MAILS_PER_MAILBOX, [...CAPPED_MESSAGE_KINDS]],
  );
  return rows[0]!.room;
}

/**
 * Writes `rows` to the outbox, in the caller's transaction, and returns the ids of the pending ones (to send). A
 * held row is never sent, so it is written without its body (text, HTML, calendar file), as a sent one keeps none:
 * nothing it would have carried (a change-or-cancel link) stays in the database, and the desk needs only its kind.
 */
async function insertMessages(db: Queryable, rows: readonly OutboxRow[], config: MailConfig): Promise<string[]> {
  const columns = 15;
  const params: unknown[] = [];
  const values = rows.map(({ message, status }, index) => {
    const id = crypto.randomUUID();
    const held = status === 'held';
    params.push(
      id,
      message.kind,
      message.inquiryId ?? null,
      message.bookingId ?? null,
      JSON.stringify(message.to),
      JSON.stringify(message.cc),
      message.replyTo ? JSON.stringify(message.replyTo) : null,
      message.subject,
      held ? '' : message.text,
      held ? '' : message.html,
      JSON.stringify(held ? [] : message.attachments),
      `<${id}@${config.siteHost}>`,
      visitorMailbox(message),
      status,
      message.bookingSequence ?? null,
    );
    const at = index * columns;
    const p = (n: number) => `$${at + n}`;
    return `(${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)}::jsonb, ${p(6)}::jsonb, ${p(7)}::jsonb, ${p(8)}, ${p(9)}, ${p(10)}, ${p(11)}::jsonb, ${p(12)}, ${p(13)}, ${p(14)}, ${p(15)}::integer)`;
  });
  await db.query(
    `INSERT INTO outbox (id, kind, inquiry_id, booking_id, to_addresses, cc_addresses, reply_to, subject, text_body,
       html_body, attachments, message_id, recipient_mailbox, status, booking_sequence)
     VALUES ${values.join(', ')}`,
    params,
  );
  return rows.map((_, index) => params[index * columns] as string).filter((_, index) => rows[index]!.status === 'pending');
}

/** Rows of `messages` to send, none held back: every message but an inquiry's acknowledgement. */
function pending(messages: readonly OutgoingMessage[]): OutboxRow[] {
  return messages.map((message) => ({ message, status: 'pending' }));
}

/**
 * Writes `messages` to the outbox to be sent, none held back by the mailbox cap (it holds an inquiry's acknowledgement
 * only), in the caller's transaction. Returns their ids.
 */
export function enqueueMessages(db: Queryable, messages: readonly OutgoingMessage[], config: MailConfig): Promise<string[]> {
  return insertMessages(db, pending(messages), config);
}

/**
 * Writes the owner's notification (Reply-To the client) and the client's acknowledgement of a stored inquiry into
 * the outbox. The acknowledgement is the one mail the cap holds back (CAPPED_MESSAGE_KINDS): past it, it is stored
 * held and the owner's notification says the client got none. Call it with the same client, inside the same
 * transaction, as the insert. Returns the ids of the messages to send.
 */
export async function enqueueInquiryMails(db: Queryable, inquiry: InquiryMail, config: MailConfig = mailConfig()): Promise<string[]> {
  const held = !(await mailboxHasRoom(db, canonicalMailbox(inquiry.email)));
  const [owner, client] = inquiryMessages(inquiry, config, { acknowledgementHeld: held });
  return insertMessages(db, [{ message: owner, status: 'pending' }, { message: client, status: held ? 'held' : 'pending' }], config);
}

/**
 * Writes the client's confirmation (with its calendar file and the cancel link for `cancelToken`) and the owner's
 * notification of a stored booking into the outbox, in the caller's transaction; the mailbox cap never holds the
 * confirmation back. Returns the message ids.
 */
export function enqueueBookingMails(
  db: Queryable,
  booking: BookingMail,
  cancelToken: string,
  config: MailConfig = mailConfig(),
): Promise<string[]> {
  return insertMessages(db, pending(bookingMessages(booking, cancelToken, config)), config);
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
  return insertMessages(db, pending(rescheduleMessages(booking, from, cancelToken, config)), config);
}

/**
 * Writes only the client's confirmation of a booking the owner made (a phone booking: the owner needs no notice of
 * their own booking), with its calendar file and the change-or-cancel link for `cancelToken`. Returns its id, in a list.
 */
export function enqueueClientBookingMail(
  db: Queryable,
  booking: BookingMail,
  cancelToken: string,
  config: MailConfig = mailConfig(),
): Promise<string[]> {
  const [client] = bookingMessages(booking, cancelToken, config);
  return insertMessages(db, pending([client]), config);
}

/** Writes the client's fresh link to their event page (eventLinkMessage), in the caller's transaction. Returns its id. */
export function enqueueEventLinkMail(
  db: Queryable,
  booking: BookingMail,
  cancelToken: string,
  config: MailConfig = mailConfig(),
): Promise<string[]> {
  return insertMessages(db, pending([eventLinkMessage(booking, cancelToken, config)]), config);
}

/** Whether a client's event-page link for booking `bookingId` was written in the last `seconds` (database clock). */
export async function eventLinkSentWithin(db: Queryable, bookingId: string, seconds: number): Promise<boolean> {
  const { rows } = await db.query(
    `SELECT 1 FROM outbox WHERE booking_id = $1 AND kind = 'event_link_client'
        AND created_at > now() - make_interval(secs => $2) LIMIT 1`,
    [bookingId, seconds],
  );
  return rows.length > 0;
}

/** Writes the client's and the owner's cancellation notices (calendar METHOD:CANCEL) in the caller's transaction. */
export function enqueueCancellationMails(
  db: Queryable,
  booking: BookingMail,
  by: CancelledBy,
  config: MailConfig = mailConfig(),
): Promise<string[]> {
  return insertMessages(db, pending(cancellationMessages(booking, by, config)), config);
}

/**
 * Writes the client's reminder of `booking`, `daysToGo` days ahead, with the change/cancel link for `cancelToken` (a
 * token of its own), in the caller's transaction. Like every mail but an inquiry's acknowledgement, the mailbox cap
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
  return insertMessages(db, pending([reminderMessage(booking, daysToGo, cancelToken, config)]), config);
}

/**
 * Withdraws the client's unsent mails that state booking `bookingId` as it was (a confirmation, a move notice, a
 * reminder: every row with a booking_sequence), in the caller's transaction, after it has cancelled or moved the
 * booking: none must go out for a slot the booking no longer holds. Pending, held, failed (open to the owner's retry)
 * and claimed ones alike; a claimed row that a sender is sending right now is locked by lockCurrentClaim, so this
 * waits until it went out (see there why that is the one safe order). Call it wherever a booking is released or
 * moved, before writing the new notices. Returns how many were withdrawn.
 */
export async function withdrawStaleMails(db: Queryable, bookingId: string): Promise<number> {
  const { rows } = await db.query<{ id: string }>(
    `DELETE FROM outbox
      WHERE booking_id = $1 AND booking_sequence IS NOT NULL AND status IN ('pending', 'sending', 'held', 'failed')
     RETURNING id`,
    [bookingId],
  );
  return rows.length;
}
