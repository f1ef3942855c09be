import { TIME_SLOT_KEYS, type Booking } from '@shared/schemas/booking';
import type { CancelBookingView } from '@shared/schemas/cancel';
import type { AgendaBlock, AgendaReservation, HeldSlot, OwnerBlock, OwnerBooking, SaleStanding } from '@shared/schemas/owner';
import type { BookingStage } from '@shared/schemas/proposal';
import { slotWindow } from '@shared/time-slots';
import { isoTimestamp } from '../db';
import type { BookingMail } from '../mail/messages';
import type { BookingRow } from './row';

/** Where a row stands in the sale: confirmed (countersigned), signed, a proposal waiting, or held. */
export function stageOf(row: BookingRow): SaleStanding {
  const stage: BookingStage = row.confirmed_at ? 'confirmed' : row.signed_at ? 'signed' : row.proposal_open ? 'proposal_sent' : 'held';
  return { stage, tentativeUntil: row.tentative_until === null ? null : isoTimestamp(row.tentative_until) };
}

// The one mapper of a BookingRow: each audience (the desk, the client's page, the visitor's answer, the mails, the
// agenda, the owner's feed) gets its shape here and nowhere else.

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
    phone: row.phone,
    guestCount: row.guest_count,
    eventLocation: row.event_location,
    createdAt: isoTimestamp(row.created_at),
    cancelledAt: row.cancelled_at === null ? null : isoTimestamp(row.cancelled_at),
    cancelledBy: row.cancelled_by,
    confirmationHeld: row.confirmation_held,
    cancellationHeld: row.cancellation_held,
    cancelReason: row.cancel_reason,
    blockId: row.block_id,
    blockNote: row.block_note,
    ...stageOf(row),
  };
}

// What the visitor's answer and the mails both say of a client's booking: the slot, the client and the event.
function clientBooking(row: BookingRow) {
  return {
    id: row.id,
    date: row.date,
    timeSlot: row.time_slot,
    clientName: row.client_name!,
    clientEmail: row.client_email!,
    eventType: row.event_type!,
    phone: row.phone,
    guestCount: row.guest_count,
    eventLocation: row.event_location,
  };
}

/** A reservation row as the visitor's booking answer (POST /api/bookings) shows it. */
export function toBooking(row: BookingRow): Booking {
  return {
    ...clientBooking(row),
    isAvailable: row.is_available,
    createdAt: isoTimestamp(row.created_at),
    updatedAt: isoTimestamp(row.updated_at),
  };
}

/** Whether a row is a client's booking with the client's name, address and event type (a block is not). */
export function isClientBooking(row: BookingRow): boolean {
  return row.kind === 'reservation' && !!row.client_name && !!row.client_email && !!row.event_type;
}

/** A client's booking as their cancel page shows it; with `cancelledAt` once their link cancelled it. */
export function toCancelView(row: BookingRow, cancelledAt?: Date): CancelBookingView {
  const window = slotWindow(row.date, row.time_slot);
  return {
    date: row.date,
    timeSlot: row.time_slot,
    eventType: row.event_type!,
    clientName: row.client_name!,
    startsAt: window.start.toISOString(),
    endsAt: window.end.toISOString(),
    ...(cancelledAt ? { cancelledAt: cancelledAt.toISOString() } : {}),
    ...stageOf(row),
  };
}

/**
 * A client's booking as its e-mails need it (its sequence outranks the last invitation; the owner's reason when
 * cancelled with one), or undefined for a row without a client (a block).
 */
export function toBookingMail(row: BookingRow): BookingMail | undefined {
  if (!isClientBooking(row)) return undefined;
  return {
    ...clientBooking(row),
    sequence: row.sequence,
    ...(row.cancel_reason ? { cancelReason: row.cancel_reason } : {}),
  };
}

/** A slot that keeps a block from being made, with who holds it. */
export function toHeldSlot(row: BookingRow): HeldSlot {
  return { date: row.date, timeSlot: row.time_slot, heldBy: row.kind, clientName: row.client_name };
}

/** The rows of one block (any order) as one block: first and last day, the slots in day order, the note. */
export function toOwnerBlock(rows: readonly BookingRow[]): OwnerBlock {
  const dates = rows.map((row) => row.date).sort();
  const first = rows[0]!;
  return {
    // Rows from before migration 008 all got a block_id; the row's own id is only a fallback.
    id: first.block_id ?? first.id,
    from: dates[0]!,
    to: dates[dates.length - 1]!,
    timeSlots: TIME_SLOT_KEYS.filter((slot) => rows.some((row) => row.time_slot === slot)),
    note: first.block_note,
    createdAt: isoTimestamp(first.created_at),
  };
}

/** Held rows (by date and slot) grouped into blocks, one per block id, in the order each block first appears. */
export function groupBlocks(rows: readonly BookingRow[]): BookingRow[][] {
  const blocks = new Map<string, BookingRow[]>();
  for (const row of rows) {
    if (row.kind !== 'block') continue;
    const id = row.block_id ?? row.id;
    blocks.set(id, [...(blocks.get(id) ?? []), row]);
  }
  return [...blocks.values()];
}

/** Held rows (by date and slot) as the agenda lists them: the reservations with their client, and the blocks. */
export function toAgenda(rows: readonly BookingRow[]): { reservations: AgendaReservation[]; blocks: AgendaBlock[] } {
  const reservations = rows
    .filter((row) => row.kind === 'reservation')
    .map((row) => ({
      id: row.id,
      date: row.date,
      timeSlot: row.time_slot,
      clientName: row.client_name ?? '',
      clientEmail: row.client_email ?? '',
      eventType: row.event_type!,
      phone: row.phone,
      guestCount: row.guest_count === null ? null : Number(row.guest_count),
      eventLocation: row.event_location,
      ...stageOf(row),
    }));
  const blocks = groupBlocks(rows).map((block) => ({
    blockId: block[0]!.block_id ?? block[0]!.id,
    note: block[0]!.block_note,
    slots: block.map((row) => ({ date: row.date, timeSlot: row.time_slot })),
  }));
  return { reservations, blocks };
}

/** A held row as the owner's calendar feed reads it: a reservation with its client, or one slot of a block. */
export type FeedRow = Pick<
  BookingRow,
  | 'id'
  | 'date'
  | 'time_slot'
  | 'kind'
  | 'client_name'
  | 'client_email'
  | 'event_type'
  | 'guest_count'
  | 'phone'
  | 'event_location'
  | 'block_id'
  | 'block_note'
  | 'sequence'
>;

/** A held row as the owner's calendar feed reads it. */
export function toFeedRow(row: BookingRow): FeedRow {
  const { id, date, time_slot, kind, client_name, client_email, event_type, guest_count, phone, event_location, block_id, block_note, sequence } = row;
  return { id, date, time_slot, kind, client_name, client_email, event_type, guest_count, phone, event_location, block_id, block_note, sequence };
}
