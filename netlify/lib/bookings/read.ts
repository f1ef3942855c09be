import type { TimeSlotKey } from '@shared/schemas/booking';
import type { AgendaBlock, AgendaReservation, HeldSlot, OwnerBlock, OwnerBooking } from '@shared/schemas/owner';
import type { Queryable } from '../db';
import { BOOKING_COLUMNS, SLOT_ORDER, type BookingRow } from './row';
import { groupBlocks, toAgenda, toFeedRow, toHeldSlot, toOwnerBlock, toOwnerBooking, type FeedRow } from './views';

/**
 * Every held reservation and block dated from `from` to `to` (inclusive), by date and slot. Cancelled reservations
 * and lifted blocks are released rows (is_available) and are left out. The partial index bookings_held_date_idx
 * covers exactly this.
 */
async function heldRows(db: Queryable, range: { from: string; to: string }): Promise<BookingRow[]> {
  const { rows } = await db.query<BookingRow>(
    `SELECT ${BOOKING_COLUMNS} FROM bookings WHERE NOT is_available AND date BETWEEN $1 AND $2
     ORDER BY date, ${SLOT_ORDER}`,
    [range.from, range.to],
  );
  return rows;
}

/** Every hold from `from` to `to` (inclusive): reservations and blocks, held and released, by date and slot. */
export async function listBookings(db: Queryable, range: { from: string; to: string }): Promise<OwnerBooking[]> {
  const { rows } = await db.query<BookingRow>(
    `SELECT ${BOOKING_COLUMNS} FROM bookings WHERE date BETWEEN $1 AND $2
     ORDER BY date, ${SLOT_ORDER}, is_available, created_at`,
    [range.from, range.to],
  );
  return rows.map(toOwnerBooking);
}

/**
 * What holds a slot from `from` to `to` (inclusive), by date and slot: the reservations with their client's details,
 * and the blocks, one per block_id (its rows' slots in order, its note).
 */
export async function listHeld(
  db: Queryable,
  range: { from: string; to: string },
): Promise<{ reservations: AgendaReservation[]; blocks: AgendaBlock[] }> {
  return toAgenda(await heldRows(db, range));
}

/** Every held reservation and block from `from` to `to` (inclusive), by date and slot, as the owner's feed reads them. */
export async function listFeedRows(db: Queryable, range: { from: string; to: string }): Promise<FeedRow[]> {
  return (await heldRows(db, range)).map(toFeedRow);
}

// Code-unit order: ISO dates and instants, and lower-case UUIDs, sort as the database sorts them.
const order = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Every block still held on or after `from` (one started earlier shows whole), soonest first, one entry per block. */
export async function listBlocks(db: Queryable, from: string): Promise<OwnerBlock[]> {
  const { rows } = await db.query<BookingRow>(
    `SELECT ${BOOKING_COLUMNS} FROM bookings
      WHERE kind = 'block' AND NOT is_available
        AND block_id IN (SELECT block_id FROM bookings WHERE kind = 'block' AND NOT is_available AND date >= $1)
      ORDER BY date, ${SLOT_ORDER}`,
    [from],
  );
  return groupBlocks(rows)
    .map(toOwnerBlock)
    .sort((a, b) => order(a.from, b.from) || order(a.createdAt, b.createdAt) || order(a.id, b.id));
}

/** The held slots of `slots` on every day from `from` to `to`, by date and slot, with who holds each. */
export async function listHeldSlots(
  db: Queryable,
  range: { from: string; to: string; slots: readonly TimeSlotKey[] },
): Promise<HeldSlot[]> {
  const { rows } = await db.query<BookingRow>(
    `SELECT ${BOOKING_COLUMNS} FROM bookings
      WHERE date BETWEEN $1 AND $2 AND time_slot = ANY($3::text[]) AND NOT is_available
      ORDER BY date, ${SLOT_ORDER}`,
    [range.from, range.to, [...range.slots]],
  );
  return rows.map(toHeldSlot);
}

/** Reservation `id` (held or released), or undefined when there is none; a block's row is not one. */
export async function readReservation(db: Queryable, id: string): Promise<BookingRow | undefined> {
  const { rows } = await db.query<BookingRow>(`SELECT ${BOOKING_COLUMNS} FROM bookings WHERE id = $1 AND kind = 'reservation'`, [
    id,
  ]);
  return rows[0];
}

/**
 * The held reservations whose contract the client signed, dated `from` or later, by date and slot: the bookings that
 * may owe money (the agenda's payments due, the balance reminders).
 */
export async function listSignedHeld(db: Queryable, from: string): Promise<OwnerBooking[]> {
  return (await listSignedReservations(db, { from, to: '9999-12-31' })).map(toOwnerBooking);
}

/** The reservations of `ids` (held or released), as the desk shows them. */
export async function listReservationsById(db: Queryable, ids: readonly string[]): Promise<OwnerBooking[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<BookingRow>(
    `SELECT ${BOOKING_COLUMNS} FROM bookings WHERE id = ANY($1::uuid[]) AND kind = 'reservation'`,
    [[...ids]],
  );
  return rows.map(toOwnerBooking);
}

/**
 * Every held reservation whose contract the client signed, dated from `from` to `to` (inclusive), by date and slot:
 * what the scheduled reminders of the weeks before the event look through.
 */
export async function listSignedReservations(db: Queryable, range: { from: string; to: string }): Promise<BookingRow[]> {
  const { rows } = await db.query<BookingRow>(
    `SELECT ${BOOKING_COLUMNS} FROM bookings
      WHERE NOT is_available AND kind = 'reservation' AND signed_at IS NOT NULL AND date BETWEEN $1 AND $2
      ORDER BY date, ${SLOT_ORDER}`,
    [range.from, range.to],
  );
  return rows;
}
