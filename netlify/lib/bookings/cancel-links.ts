import type { TimeSlotKey } from '@shared/schemas/booking';
import type { CancelBookingView, CancelRefusal } from '@shared/schemas/cancel';
import { done, refused, type Result } from '@shared/result';
import { slotWindow } from '@shared/time-slots';
import type { Queryable } from '../db';
import { hashSecretToken, newSecretToken } from '../secret-token';
import type { Transaction } from '../transaction';
import { BOOKING_COLUMNS, type BookingRow } from './row';
import { isClientBooking, toCancelView } from './views';
import { insertCancelToken, lockCancelTokens } from './write';

/**
 * Stores the hash of a new cancel token for `booking`, valid until the booking's slot ends, and returns the token
 * (it goes into the confirmation e-mail and nowhere else). Call it in the transaction that stores the booking.
 */
export async function createCancelToken(
  tx: Queryable,
  booking: { id: string; date: string; timeSlot: TimeSlotKey },
): Promise<string> {
  const token = newSecretToken();
  await insertCancelToken(tx, {
    hash: hashSecretToken(token),
    bookingId: booking.id,
    expiresAt: slotWindow(booking.date, booking.timeSlot).end,
  });
  return token;
}

/** A cancel link's token with the booking it belongs to (none when the booking row is gone). */
type TokenRow = { expires_at: Date | string; used_at: Date | string | null } & (BookingRow | { [K in keyof BookingRow]: null });

/** The booking a usable cancel link leads to: its row (for the use cases) and its client view. */
export type LinkedBooking = { row: BookingRow; booking: CancelBookingView };

function judge(found: TokenRow | undefined, now: Date): Result<LinkedBooking, CancelRefusal> {
  // A token for a row that is not a client's booking (an owner's block) is as good as unknown.
  if (!found || found.id === null || !isClientBooking(found as BookingRow)) return refused('unknown');
  const { expires_at: expiresAt, used_at: usedAt, ...row } = found as TokenRow & BookingRow;
  if (usedAt !== null || row.is_available) return refused('already_cancelled');
  if (now.getTime() >= new Date(expiresAt).getTime()) return refused('expired');
  if (now.getTime() >= slotWindow(row.date, row.time_slot).start.getTime()) return refused('started');
  return done({ row, booking: toCancelView(row) });
}

const LOOKUP = `SELECT t.expires_at, t.used_at, b.*
                  FROM booking_cancel_tokens t
                  LEFT JOIN LATERAL (SELECT ${BOOKING_COLUMNS} FROM bookings WHERE bookings.id = t.booking_id) b ON true
                 WHERE t.token_hash = $1`;

/** The booking a cancel token belongs to, if the token can still cancel it at `now`; else why not. */
export async function findBookingByCancelToken(db: Queryable, token: string, now: Date): Promise<Result<LinkedBooking, CancelRefusal>> {
  const { rows } = await db.query<TokenRow>(LOOKUP, [hashSecretToken(token)]);
  return judge(rows[0], now);
}

/**
 * Locks every link of the booking that `token` belongs to (lockCancelTokens), then judges the link at `now` against
 * the booking as it stands. Of two requests for one booking, the second waits here for the first to end and then
 * sees what it left.
 */
export async function lockBookingByCancelToken(tx: Transaction, token: string, now: Date): Promise<Result<LinkedBooking, CancelRefusal>> {
  const hash = hashSecretToken(token);
  await lockCancelTokens(tx, { tokenHash: hash });
  const { rows } = await tx.query<TokenRow>(LOOKUP, [hash]);
  return judge(rows[0], now);
}
