import { TIME_SLOT_KEYS, type BookingEventType, type TimeSlotKey } from '@shared/schemas/booking';

/**
 * The one row of `bookings` this module hands out, read with BOOKING_COLUMNS whatever the audience: a reservation
 * (with its client) or a block (with its block id and note), held or released. Each audience's shape comes from
 * views.ts.
 */
export type BookingRow = {
  id: string;
  date: string;
  time_slot: TimeSlotKey;
  kind: 'reservation' | 'block';
  is_available: boolean;
  client_name: string | null;
  client_email: string | null;
  event_type: BookingEventType | null;
  phone: string | null;
  guest_count: number | null;
  event_location: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  cancelled_at: Date | string | null;
  cancelled_by: string | null;
  cancel_reason: string | null;
  block_id: string | null;
  block_note: string | null;
  /** Raised by every move: the calendar event's SEQUENCE. */
  sequence: number;
  /** Whether the client's confirmation, or their cancellation notice, was held back by the mailbox cap. */
  confirmation_held: boolean;
  cancellation_held: boolean;
  /** While a tentative hold from an open proposal: when it ends unless signed (migration 013). */
  tentative_until: Date | string | null;
  /** When the client signed the booking's contract, and when the owner countersigned it. */
  signed_at: Date | string | null;
  confirmed_at: Date | string | null;
  /** Whether a proposal waits for the client's signature (the proposals module's view booking_open_proposals). */
  proposal_open: boolean;
  /** How many times the client moved it through their link (the owner's moves do not count; migration 014). */
  client_moves: number;
};

/** Whether the client's message of `kind` about the row was held back (the outbox's view, migration 010). */
const heldMessage = (kind: 'booking_client' | 'cancellation_client') =>
  `EXISTS (SELECT 1 FROM outbox_held_messages h WHERE h.booking_id = bookings.id AND h.kind = '${kind}')`;

/** The columns of a BookingRow, for every SELECT and RETURNING on `bookings`. */
export const BOOKING_COLUMNS = `id, date, time_slot, kind, is_available, client_name, client_email, event_type,
  phone, guest_count, event_location, created_at, updated_at, cancelled_at, cancelled_by, cancel_reason, block_id,
  block_note, sequence, ${heldMessage('booking_client')} AS confirmation_held,
  ${heldMessage('cancellation_client')} AS cancellation_held, tentative_until, signed_at, confirmed_at,
  EXISTS (SELECT 1 FROM booking_open_proposals p WHERE p.booking_id = bookings.id) AS proposal_open, client_moves`;

/** ORDER BY term for day order of the slots (the column is text: alphabetical order would put afternoon first). */
export const SLOT_ORDER = `array_position(ARRAY[${TIME_SLOT_KEYS.map((key) => `'${key}'`).join(', ')}]::text[], time_slot)`;
