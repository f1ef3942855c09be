import type { BookingEventType, TimeSlotKey } from '@shared/schemas/booking';
import type { Queryable } from '../db';
import { SLOT_ORDER } from './rows';

/** A held row of `bookings` as the agenda and the owner's calendar feed read it: a reservation with its client, or a block. */
export type HeldRow = {
  id: string;
  date: string;
  time_slot: TimeSlotKey;
  kind: 'reservation' | 'block';
  client_name: string | null;
  client_email: string | null;
  event_type: BookingEventType | null;
  guest_count: number | null;
  phone: string | null;
  event_location: string | null;
  block_id: string | null;
  block_note: string | null;
  sequence: number;
};

/**
 * Every held reservation and block dated from `from` to `to` (inclusive), by date and slot: what the agenda and the
 * owner's calendar show. Cancelled reservations and lifted blocks are released rows (is_available) and are left out.
 */
export async function listHeldRows(db: Queryable, range: { from: string; to: string }): Promise<HeldRow[]> {
  // The partial index bookings_held_date_idx covers exactly this: held rows in a date range.
  const { rows } = await db.query<HeldRow>(
    `SELECT id, date, time_slot, kind, client_name, client_email, event_type, guest_count, phone, event_location, block_id,
       block_note, sequence
     FROM bookings WHERE NOT is_available AND date BETWEEN $1 AND $2
     ORDER BY date, ${SLOT_ORDER}`,
    [range.from, range.to],
  );
  return rows;
}
