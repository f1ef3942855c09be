import type { Queryable } from '../../db';
import { canonicalMailbox } from '../../mailbox';
import { mailConfig, type MailConfig } from '../config';
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
  type MovedFrom,
  type OutgoingMessage,
} from '../messages';

/** An outbox row's state: 'held' rows went over the mailbox cap and are never sent. */
type OutboxStatus = 'pending' | 'sending' | 'sent' | 'failed' | 'held';

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
