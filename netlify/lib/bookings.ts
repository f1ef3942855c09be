import { TIME_SLOT_KEYS, type Booking, type BookingOutput, type TimeSlotKey } from '../../src/schemas/booking';
import type { Queryable } from './db';

type BookingRow = {
  id: string;
  date: string;
  time_slot: TimeSlotKey;
  is_available: boolean;
  client_name: string;
  client_email: string;
  event_type: Booking['eventType'];
  created_at: Date | string;
  updated_at: Date | string;
};

function iso(value: Date | string): string {
  return new Date(value).toISOString();
}

function toBooking(row: BookingRow): Booking {
  return {
    id: row.id,
    date: row.date,
    timeSlot: row.time_slot,
    clientName: row.client_name,
    clientEmail: row.client_email,
    eventType: row.event_type,
    isAvailable: row.is_available,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

/** The slots of `date` that no booking holds, in day order (morning, afternoon, evening). */
export async function findAvailableSlots(db: Queryable, date: string): Promise<TimeSlotKey[]> {
  const { rows } = await db.query<{ time_slot: string }>(
    'SELECT time_slot FROM bookings WHERE date = $1 AND NOT is_available',
    [date],
  );
  const held = new Set(rows.map((row) => row.time_slot));
  return TIME_SLOT_KEYS.filter((slot) => !held.has(slot));
}

/** What reserveSlot did: the new booking, or nothing because another booking already holds the slot. */
export type ReserveResult = { reserved: true; booking: Booking } | { reserved: false };

/**
 * Reserves a slot in one statement. The partial unique index on held slots decides between concurrent requests:
 * the loser inserts nothing (ON CONFLICT DO NOTHING) and learns the slot is taken.
 */
export async function reserveSlot(db: Queryable, booking: BookingOutput): Promise<ReserveResult> {
  const { rows } = await db.query<BookingRow>(
    `INSERT INTO bookings (date, time_slot, is_available, client_name, client_email, event_type)
     VALUES ($1, $2, false, $3, $4, $5)
     ON CONFLICT (date, time_slot) WHERE NOT is_available DO NOTHING
     RETURNING id, date, time_slot, is_available, client_name, client_email, event_type, created_at, updated_at`,
    [booking.date, booking.timeSlot, booking.clientName, booking.clientEmail, booking.eventType],
  );
  return rows[0] ? { reserved: true, booking: toBooking(rows[0]) } : { reserved: false };
}
