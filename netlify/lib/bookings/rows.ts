import { TIME_SLOT_KEYS, type Booking, type TimeSlotKey } from '@shared/schemas/booking';
import type { OwnerBooking } from '@shared/schemas/owner';
import { isoTimestamp } from '../db';
import { heldMessageExists } from '../mail/outbox';

/** A row of `bookings` as the owner's desk reads it (reservations and blocks, held and released). */
export type BookingRow = {
  id: string;
  date: string;
  time_slot: TimeSlotKey;
  kind: OwnerBooking['kind'];
  is_available: boolean;
  client_name: string | null;
  client_email: string | null;
  event_type: OwnerBooking['eventType'];
  phone: string | null;
  guest_count: number | null;
  event_location: string | null;
  created_at: Date | string;
  cancelled_at: Date | string | null;
  cancelled_by: string | null;
  confirmation_held: boolean;
  cancellation_held: boolean;
  cancel_reason: string | null;
  block_id: string | null;
  block_note: string | null;
};

/** The client's optional details (null when not given, always null for a block), for SELECT and RETURNING. */
const DETAIL_COLUMNS = 'phone, guest_count, event_location';

/** The columns of a BookingRow, for SELECT and RETURNING. */
export const BOOKING_COLUMNS = `id, date, time_slot, kind, is_available, client_name, client_email, event_type,
  ${DETAIL_COLUMNS}, created_at, cancelled_at, cancelled_by, cancel_reason, block_id, block_note,
  ${heldMessageExists('booking_client', 'bookings.id')} AS confirmation_held,
  ${heldMessageExists('cancellation_client', 'bookings.id')} AS cancellation_held`;

/** ORDER BY term for day order of the slots (the column is text: alphabetical order would put afternoon first). */
export const SLOT_ORDER = `array_position(ARRAY[${TIME_SLOT_KEYS.map((key) => `'${key}'`).join(', ')}]::text[], time_slot)`;

type DetailRow = { phone: string | null; guest_count: number | null; event_location: string | null };

/** The client's optional details of a row, as the API names them. */
function toDetails(row: DetailRow): Pick<Booking, 'phone' | 'guestCount' | 'eventLocation'> {
  return { phone: row.phone, guestCount: row.guest_count, eventLocation: row.event_location };
}

/** A row as the owner's desk shows it, with its state (held, cancelled or lifted). */
export function toOwnerBooking(row: BookingRow): OwnerBooking {
  return {
    id: row.id,
    date: row.date,
    timeSlot: row.time_slot,
    kind: row.kind,
    state: !row.is_available ? 'held' : row.kind === 'block' ? 'lifted' : 'cancelled',
    clientName: row.client_name,
    clientEmail: row.client_email,
    eventType: row.event_type,
    ...toDetails(row),
    createdAt: isoTimestamp(row.created_at),
    cancelledAt: row.cancelled_at === null ? null : isoTimestamp(row.cancelled_at),
    cancelledBy: row.cancelled_by,
    confirmationHeld: row.confirmation_held,
    cancellationHeld: row.cancellation_held,
    cancelReason: row.cancel_reason,
    blockId: row.block_id,
    blockNote: row.block_note,
  };
}

/** A reservation row as the visitor's booking answer reads it. */
export type ReservationRow = {
  id: string;
  date: string;
  time_slot: TimeSlotKey;
  is_available: boolean;
  client_name: string;
  client_email: string;
  event_type: Booking['eventType'];
  created_at: Date | string;
  updated_at: Date | string;
} & DetailRow;

/** A reservation row as the visitor's booking answer shows it. */
export function toBooking(row: ReservationRow): Booking {
  return {
    id: row.id,
    date: row.date,
    timeSlot: row.time_slot,
    clientName: row.client_name,
    clientEmail: row.client_email,
    eventType: row.event_type,
    ...toDetails(row),
    isAvailable: row.is_available,
    createdAt: isoTimestamp(row.created_at),
    updatedAt: isoTimestamp(row.updated_at),
  };
}

/** The columns of a ReservationRow, for RETURNING. */
export const RESERVATION_COLUMNS = `id, date, time_slot, is_available, client_name, client_email, event_type, ${DETAIL_COLUMNS},
  created_at, updated_at`;
