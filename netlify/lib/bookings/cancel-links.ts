import type { BookingEventType, TimeSlotKey } from '@shared/schemas/booking';
import type { CancelBookingView, CancelRefusal } from '@shared/schemas/cancel';
import type { Queryable } from '../db';
import { hashSecretToken, newSecretToken } from '../secret-token';
import { inTransaction, type Transaction } from '../transaction';
import { release } from './release';
import { slotWindow } from '@shared/time-slots';

/**
 * Stores the hash of a new cancel token for `booking`, valid until the booking's slot ends, and returns the token
 * (it goes into the confirmation e-mail and nowhere else). Call it in the transaction that stores the booking.
 */
export async function createCancelToken(
  db: Queryable,
  booking: { id: string; date: string; timeSlot: TimeSlotKey },
): Promise<string> {
  const token = newSecretToken();
  await db.query('INSERT INTO booking_cancel_tokens (token_hash, booking_id, expires_at) VALUES ($1, $2, $3)', [
    hashSecretToken(token),
    booking.id,
    slotWindow(booking.date, booking.timeSlot).end,
  ]);
  return token;
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

/** What a cancel link leads to: its booking's id and view, or why it cannot be used. */
export type CancelLookup =
  | { ok: true; id: string; booking: CancelBookingView }
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
    id: row.id,
    booking: {
      date: row.date,
      timeSlot: row.time_slot,
      eventType: row.event_type,
      clientName: row.client_name,
      startsAt: window.start.toISOString(),
      endsAt: window.end.toISOString(),
    },
  };
}

const LOOKUP = `SELECT t.expires_at, t.used_at, b.id, b.date, b.time_slot, b.client_name, b.client_email, b.event_type,
                       b.is_available
                  FROM booking_cancel_tokens t LEFT JOIN bookings b ON b.id = t.booking_id
                 WHERE t.token_hash = $1`;

/** The booking a cancel token belongs to, if the token can still cancel it at `now`. */
export async function findBookingByCancelToken(db: Queryable, token: string, now: Date): Promise<CancelLookup> {
  const { rows } = await db.query<TokenRow>(LOOKUP, [hashSecretToken(token)]);
  return judge(rows[0], now);
}

/**
 * Locks every link of the booking that `token` belongs to (in token order, as release does, so a cancel, a move and
 * the owner's cancel of one booking never deadlock whichever of its links they use), then judges the link at `now`
 * against the booking as it stands. Of two requests for one booking, the second waits here for the first to end and
 * then sees what it left.
 */
export async function lockBookingByCancelToken(tx: Transaction, token: string, now: Date): Promise<CancelLookup> {
  const hash = hashSecretToken(token);
  await tx.query(
    `SELECT 1 FROM booking_cancel_tokens
      WHERE booking_id = (SELECT booking_id FROM booking_cancel_tokens WHERE token_hash = $1)
      ORDER BY token_hash FOR UPDATE`,
    [hash],
  );
  const { rows } = await tx.query<TokenRow>(LOOKUP, [hash]);
  return judge(rows[0], now);
}

/** What releasing through a cancel link did. */
export type CancelResult =
  | { ok: true; booking: CancelBookingView; mailIds: string[] }
  | { ok: false; refusal: CancelRefusal };

/**
 * Releases the booking of a client's cancel link, once: in one transaction its links are locked, judged (unknown,
 * already used, expired, event started) and the booking released (see release: slot freed, links spent, audit entry,
 * cancellation e-mails queued). Of two simultaneous requests with the same token, the second waits for the first and
 * is told it was already cancelled.
 */
export function releaseByCancelLink(db: Queryable, token: string, now: Date): Promise<CancelResult> {
  return inTransaction(db, async (tx): Promise<CancelResult> => {
    const found = await lockBookingByCancelToken(tx, token, now);
    if (!found.ok) return found;
    const released = await release(tx, { id: found.id, kind: 'reservation', by: { role: 'client' }, now });
    if (released.outcome === 'not_found') return { ok: false, refusal: 'unknown' };
    if (released.outcome === 'already_released') return { ok: false, refusal: 'already_cancelled' };
    return { ok: true, booking: { ...found.booking, cancelledAt: now.toISOString() }, mailIds: released.mailIds };
  });
}
