import type { BookingOutput, TimeSlotKey } from '@shared/schemas/booking';
import type { HONEYPOT_FIELD } from '@shared/schemas/honeypot';
import { MAX_FUTURE_HOLDS } from '@shared/schemas/holds';
import type { Queryable } from '../db';
import type { Transaction } from '../transaction';
import { BOOKING_COLUMNS, type BookingRow } from './row';

// The one writer of `bookings` and `booking_cancel_tokens`: every INSERT, UPDATE and DELETE on them is in this file,
// called by the use cases beside it (reserve, move, release, blocks, cancel links). Nothing outside bookings/ writes
// them.

type DetailKey = 'phone' | 'guestCount' | 'eventLocation';

/** A validated reservation to store; the client's optional details may be left out (stored as null). */
export type ReservationInput = Omit<BookingOutput, DetailKey | 'website'> & Partial<Pick<BookingOutput, DetailKey | 'website'>>;

/** A reservation the owner makes: the visitor's without the honeypot, which the desk's forms do not have. */
export type OwnerReservationInput = Omit<ReservationInput, typeof HONEYPOT_FIELD>;

/**
 * SQL: how many slots the mailbox of an address ($email) holds from $today on. canonical_mailbox (migration 005) is
 * the rule of the generated column client_mailbox, so every spelling of one mailbox counts together; the index
 * bookings_holds_by_mailbox_idx serves it.
 */
export const FUTURE_HOLDS = (email: string, today: string) =>
  `SELECT count(*) FROM bookings
   WHERE client_mailbox = canonical_mailbox(${email}) AND NOT is_available AND date >= ${today}`;

/**
 * Inserts a held reservation unless its mailbox already holds MAX_FUTURE_HOLDS slots dated `today` or later, against
 * the partial unique index on held slots (ON CONFLICT DO NOTHING decides between concurrent requests). Undefined when
 * nothing was inserted.
 */
export async function insertReservation(tx: Transaction, booking: ReservationInput, today: string): Promise<BookingRow | undefined> {
  const { rows } = await tx.query<BookingRow>(
    `INSERT INTO bookings (date, time_slot, is_available, client_name, client_email, event_type, phone, guest_count, event_location)
     SELECT $1, $2, false, $3, $4, $5, $8, $9::integer, $10
     WHERE (${FUTURE_HOLDS('$4', '$6')}) < $7
     ON CONFLICT (date, time_slot) WHERE NOT is_available DO NOTHING
     RETURNING ${BOOKING_COLUMNS}`,
    [
      booking.date,
      booking.timeSlot,
      booking.clientName,
      booking.clientEmail,
      booking.eventType,
      today,
      MAX_FUTURE_HOLDS,
      booking.phone ?? null,
      booking.guestCount ?? null,
      booking.eventLocation ?? null,
    ],
  );
  return rows[0];
}

/**
 * Inserts a held reservation for the owner (a phone booking, or the tentative hold of a proposal made from an inquiry,
 * which ends at `tentativeUntil` unless signed): the visitor's rules of slots, without the mailbox's hold limit.
 * Undefined when the slot is held (the partial unique index decides between concurrent requests).
 */
export async function insertOwnerReservation(
  tx: Transaction,
  booking: OwnerReservationInput,
  tentativeUntil: Date | null,
): Promise<BookingRow | undefined> {
  const { rows } = await tx.query<BookingRow>(
    `INSERT INTO bookings (date, time_slot, is_available, client_name, client_email, event_type, phone, guest_count,
       event_location, tentative_until)
     VALUES ($1, $2, false, $3, $4, $5, $6, $7::integer, $8, $9)
     ON CONFLICT (date, time_slot) WHERE NOT is_available DO NOTHING
     RETURNING ${BOOKING_COLUMNS}`,
    [
      booking.date,
      booking.timeSlot,
      booking.clientName,
      booking.clientEmail,
      booking.eventType,
      booking.phone ?? null,
      booking.guestCount ?? null,
      booking.eventLocation ?? null,
      tentativeUntil,
    ],
  );
  return rows[0];
}

/**
 * Where a held reservation stands in the sale: a tentative hold's end moved (`tentativeUntil`, only while it is
 * tentative), the client's signature (the date is then firmly held: no longer tentative), or the owner's
 * countersignature. Undefined when the reservation is not held (or, for a countersignature, not signed).
 */
export async function updateSaleStanding(
  tx: Transaction,
  id: string,
  change: { tentativeUntil: Date } | { signedAt: Date } | { confirmedAt: Date },
): Promise<BookingRow | undefined> {
  const [set, where, value] =
    'tentativeUntil' in change
      ? ['tentative_until = $2', 'tentative_until IS NOT NULL', change.tentativeUntil]
      : 'signedAt' in change
        ? ['signed_at = $2, tentative_until = NULL', 'signed_at IS NULL', change.signedAt]
        : ['confirmed_at = $2', 'signed_at IS NOT NULL AND confirmed_at IS NULL', change.confirmedAt];
  const { rows } = await tx.query<BookingRow>(
    `UPDATE bookings SET ${set} WHERE id = $1 AND kind = 'reservation' AND NOT is_available AND ${where}
      RETURNING ${BOOKING_COLUMNS}`,
    [id, value],
  );
  return rows[0];
}

/**
 * Inserts one block's rows, every slot of `slots` on every day of `days`, sharing `blockId` and `note`, in one
 * statement through the partial unique index on held slots; a slot already held is skipped. Returns the rows made.
 */
export async function insertBlock(
  tx: Transaction,
  block: { days: readonly string[]; slots: readonly TimeSlotKey[]; blockId: string; note: string | null },
): Promise<BookingRow[]> {
  const { rows } = await tx.query<BookingRow>(
    `INSERT INTO bookings (date, time_slot, is_available, kind, block_id, block_note)
     SELECT day, slot, false, 'block', $3::uuid, $4
       FROM unnest($1::text[]) AS day CROSS JOIN unnest($2::text[]) AS slot
     ON CONFLICT (date, time_slot) WHERE NOT is_available DO NOTHING
     RETURNING ${BOOKING_COLUMNS}`,
    [[...block.days], [...block.slots], block.blockId, block.note],
  );
  return rows;
}

/**
 * Moves held reservation `id` to `date` and `timeSlot` in one UPDATE, raising its sequence (the calendar event keeps
 * its UID) and, for a client's move (`byClient`), the count of the client's moves that the change policy limits.
 * Throws Postgres's unique_violation when another hold has the new slot; undefined when it is not held.
 */
export async function moveReservation(
  tx: Transaction,
  id: string,
  target: { date: string; timeSlot: TimeSlotKey },
  byClient: boolean,
): Promise<BookingRow | undefined> {
  const { rows } = await tx.query<BookingRow>(
    `UPDATE bookings SET date = $2, time_slot = $3, sequence = sequence + 1, client_moves = client_moves + $4
      WHERE id = $1 AND kind = 'reservation' AND NOT is_available
      RETURNING ${BOOKING_COLUMNS}`,
    [id, target.date, target.timeSlot, byClient ? 1 : 0],
  );
  return rows[0];
}

/** Which holds to end: one reservation by its id, or every row of one block. */
export type HoldTarget =
  | { kind: 'reservation'; id: string }
  | { kind: 'block'; blockId: string }
  | { kind: 'tentative'; id: string; dueBy: Date };

/**
 * Ends the holds of `target` still held: frees their slots at once (is_available = true; the rows stay as history
 * with cancelled_at = `now`, who, and the owner's reason). Returns the rows it ended, none when none was held.
 */
export async function endHolds(
  tx: Transaction,
  target: HoldTarget,
  by: { actor: string; reason: string | null; now: Date },
): Promise<BookingRow[]> {
  // A tentative hold ends only while still tentative and due: a signature since, or a later end, keeps it.
  const where = {
    reservation: "id = $1 AND kind = 'reservation'",
    block: "block_id = $1 AND kind = 'block'",
    tentative: "id = $1 AND kind = 'reservation' AND tentative_until <= $5",
  }[target.kind];
  const { rows } = await tx.query<BookingRow>(
    `UPDATE bookings SET is_available = true, cancelled_at = $2, cancelled_by = $3, cancel_reason = $4
      WHERE ${where} AND NOT is_available
      RETURNING ${BOOKING_COLUMNS}`,
    [
      target.kind === 'block' ? target.blockId : target.id,
      by.now,
      by.actor,
      by.reason,
      ...(target.kind === 'tentative' ? [target.dueBy] : []),
    ],
  );
  return rows;
}

/** Stores a cancel token's hash for booking `bookingId`, valid until `expiresAt`. */
export async function insertCancelToken(tx: Queryable, token: { hash: string; bookingId: string; expiresAt: Date }): Promise<void> {
  await tx.query('INSERT INTO booking_cancel_tokens (token_hash, booking_id, expires_at) VALUES ($1, $2, $3)', [
    token.hash,
    token.bookingId,
    token.expiresAt,
  ]);
}

/**
 * Locks every cancel token of one booking (given by its id, or by the hash of one of its tokens) in token order, so
 * a cancel, a move and the owner's cancel of one booking never deadlock whichever of its links they use.
 */
export async function lockCancelTokens(tx: Transaction, of: { bookingId: string } | { tokenHash: string }): Promise<void> {
  if ('bookingId' in of) {
    await tx.query('SELECT 1 FROM booking_cancel_tokens WHERE booking_id = $1 ORDER BY token_hash FOR UPDATE', [of.bookingId]);
    return;
  }
  await tx.query(
    `SELECT 1 FROM booking_cancel_tokens
      WHERE booking_id = (SELECT booking_id FROM booking_cancel_tokens WHERE token_hash = $1)
      ORDER BY token_hash FOR UPDATE`,
    [of.tokenHash],
  );
}

/** Makes every unused cancel token of booking `bookingId` valid until `until` (the end of its new slot). */
export async function extendCancelTokens(tx: Transaction, bookingId: string, until: Date): Promise<void> {
  await tx.query('UPDATE booking_cancel_tokens SET expires_at = $2 WHERE booking_id = $1 AND used_at IS NULL', [bookingId, until]);
}

/** Spends every unused cancel token of booking `bookingId` at `now`. */
export async function spendCancelTokens(tx: Transaction, bookingId: string, now: Date): Promise<void> {
  await tx.query('UPDATE booking_cancel_tokens SET used_at = $2 WHERE booking_id = $1 AND used_at IS NULL', [bookingId, now]);
}
