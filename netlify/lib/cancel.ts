import { createHash, randomBytes } from 'node:crypto';
import type { BookingEventType, TimeSlotKey } from '../../src/schemas/booking';
import type { CancelBookingView, CancelRefusal } from '../../src/schemas/cancel';
import type { Queryable } from './db';
import type { BookingMail, CancelledBy } from './mail/messages';
import { enqueueBookingMails, enqueueCancellationMails } from './mail/outbox';
import { slotWindow } from './mail/slot-window';
import { inTransaction, type Transaction } from './transaction';

/** A new cancel token: 256 random bits, base64url (43 characters). Only its hash is stored. */
export function newCancelToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The SHA-256 of a token as stored (hex): a token is unguessable, so a fast hash is enough. */
export function hashCancelToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * Stores the hash of a new cancel token for `booking`, valid until the booking's slot ends, and returns the token
 * (it goes into the confirmation e-mail and nowhere else). Call it in the transaction that stores the booking.
 */
export async function createCancelToken(
  db: Queryable,
  booking: { id: string; date: string; timeSlot: TimeSlotKey },
): Promise<string> {
  const token = newCancelToken();
  await db.query('INSERT INTO booking_cancel_tokens (token_hash, booking_id, expires_at) VALUES ($1, $2, $3)', [
    hashCancelToken(token),
    booking.id,
    slotWindow(booking.date, booking.timeSlot).end,
  ]);
  return token;
}

/**
 * Stores a cancel token for a booking just reserved and writes its confirmation (with the cancel link) and the
 * owner's notification to the outbox, in the reservation's transaction. Returns the message ids.
 */
export async function queueBookingMails(db: Transaction, booking: BookingMail): Promise<string[]> {
  return enqueueBookingMails(db, booking, await createCancelToken(db, booking));
}

/**
 * Writes the cancellation e-mails of a reservation the owner has just released (client fields set) to the outbox,
 * in the caller's transaction, and spends its cancel link. Returns the message ids (none for a block).
 */
export async function queueOwnerCancellationMails(
  db: Transaction,
  booking: Omit<BookingMail, 'clientName' | 'clientEmail' | 'eventType'> & {
    clientName: string | null;
    clientEmail: string | null;
    eventType: BookingMail['eventType'] | null;
  },
): Promise<string[]> {
  const { clientName, clientEmail, eventType } = booking;
  if (!clientName || !clientEmail || !eventType) return [];
  await db.query('UPDATE booking_cancel_tokens SET used_at = now() WHERE booking_id = $1 AND used_at IS NULL', [booking.id]);
  return enqueueCancellationMails(db, { ...booking, clientName, clientEmail, eventType }, 'owner');
}

type TokenRow = {
  expires_at: Date | string;
  used_at: Date | string | null;
  id: string | null;
  date: string;
  time_slot: TimeSlotKey;
  client_name: string | null;
  client_email: string | null;
  event_type: BookingEventType | null;
  is_available: boolean;
};

/** What a cancel link leads to: its booking, or why it cannot be used. */
export type CancelLookup =
  | { ok: true; booking: CancelBookingView; mail: BookingMail }
  | { ok: false; refusal: CancelRefusal };

function judge(row: TokenRow | undefined, now: Date): CancelLookup {
  // A token for a row that is not a client's booking (an owner's block) is as good as unknown.
  if (!row || !row.id || !row.client_email || !row.client_name || !row.event_type) return { ok: false, refusal: 'unknown' };
  if (row.used_at !== null || row.is_available) return { ok: false, refusal: 'already_cancelled' };
  const window = slotWindow(row.date, row.time_slot);
  if (now.getTime() >= new Date(row.expires_at).getTime()) return { ok: false, refusal: 'expired' };
  if (now.getTime() >= window.start.getTime()) return { ok: false, refusal: 'started' };
  return {
    ok: true,
    booking: {
      date: row.date,
      timeSlot: row.time_slot,
      eventType: row.event_type,
      clientName: row.client_name,
      startsAt: window.start.toISOString(),
      endsAt: window.end.toISOString(),
    },
    mail: toBookingMail({ ...row, id: row.id, client_name: row.client_name, client_email: row.client_email, event_type: row.event_type }),
  };
}

const LOOKUP = `SELECT t.expires_at, t.used_at, b.id, b.date, b.time_slot, b.client_name, b.client_email, b.event_type,
                       b.is_available
                  FROM booking_cancel_tokens t LEFT JOIN bookings b ON b.id = t.booking_id
                 WHERE t.token_hash = $1`;

/** The booking a cancel token belongs to, if the token can still cancel it at `now`. */
export async function findBookingByCancelToken(db: Queryable, token: string, now: Date = new Date()): Promise<CancelLookup> {
  const { rows } = await db.query<TokenRow>(LOOKUP, [hashCancelToken(token)]);
  return judge(rows[0], now);
}

type ReleasedRow = {
  id: string;
  date: string;
  time_slot: TimeSlotKey;
  client_name: string;
  client_email: string;
  event_type: BookingEventType;
};

/** A client's booking row as its e-mails need it. */
function toBookingMail(row: ReleasedRow): BookingMail {
  return {
    id: row.id,
    date: row.date,
    timeSlot: row.time_slot,
    clientName: row.client_name,
    clientEmail: row.client_email,
    eventType: row.event_type,
  };
}

/**
 * Releases a client's booking in the caller's transaction: frees its slot at once (is_available = true, the row
 * stays as history with cancelled_at/cancelled_by), spends its cancel tokens and writes the cancellation e-mails to
 * the outbox. Returns the booking and the message ids, or undefined when it was not holding a slot.
 */
export async function releaseBooking(
  db: Transaction,
  bookingId: string,
  by: CancelledBy,
  now: Date = new Date(),
): Promise<{ booking: BookingMail; cancelledAt: Date; mailIds: string[] } | undefined> {
  const { rows } = await db.query<ReleasedRow>(
    `UPDATE bookings SET is_available = true, cancelled_at = $2, cancelled_by = $3
      WHERE id = $1 AND NOT is_available AND client_email IS NOT NULL
      RETURNING id, date, time_slot, client_name, client_email, event_type`,
    [bookingId, now, by],
  );
  const row = rows[0];
  if (!row) return undefined;
  await db.query('UPDATE booking_cancel_tokens SET used_at = $2 WHERE booking_id = $1 AND used_at IS NULL', [
    bookingId,
    now,
  ]);
  const booking = toBookingMail(row);
  const mailIds = await enqueueCancellationMails(db, booking, by);
  return { booking, cancelledAt: now, mailIds };
}

/** What cancelling through a link did. */
export type CancelResult =
  | { ok: true; booking: CancelBookingView; mailIds: string[] }
  | { ok: false; refusal: CancelRefusal };

/**
 * Cancels the booking of a client's link, once: in one transaction the token row is locked, judged (unknown,
 * already used, expired, event started), spent, the slot freed and the cancellation e-mails queued. Of two
 * simultaneous requests with the same token, the second waits for the first and is told it was already cancelled.
 */
export function cancelBookingByToken(db: Queryable, token: string, now: Date = new Date()): Promise<CancelResult> {
  return inTransaction(db, async (tx): Promise<CancelResult> => {
    const { rows } = await tx.query<TokenRow>(`${LOOKUP} FOR UPDATE OF t`, [hashCancelToken(token)]);
    const found = judge(rows[0], now);
    if (!found.ok) return found;
    const released = await releaseBooking(tx, found.mail.id, 'client', now);
    if (!released) return { ok: false, refusal: 'already_cancelled' };
    return { ok: true, booking: { ...found.booking, cancelledAt: now.toISOString() }, mailIds: released.mailIds };
  });
}
