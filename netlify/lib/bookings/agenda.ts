import type { AgendaBlock, AgendaReservation } from '@shared/schemas/owner';
import type { Queryable } from '../db';
import { listHeldRows } from './held';

/**
 * What holds a slot from `from` to `to` (inclusive), by date and slot: the reservations with their client's details,
 * and the blocks, one per block_id (its rows' slots in order, its note). Reads the partial index of held rows.
 */
export async function listHeld(
  db: Queryable,
  range: { from: string; to: string },
): Promise<{ reservations: AgendaReservation[]; blocks: AgendaBlock[] }> {
  const rows = await listHeldRows(db, range);
  const reservations: AgendaReservation[] = [];
  const blocks = new Map<string, AgendaBlock>();
  for (const row of rows) {
    if (row.kind === 'block') {
      // Rows from before migration 008 all got a block_id; the row's own id is only a fallback.
      const blockId = row.block_id ?? row.id;
      const block = blocks.get(blockId) ?? { blockId, note: row.block_note, slots: [] };
      block.slots.push({ date: row.date, timeSlot: row.time_slot });
      blocks.set(blockId, block);
    } else {
      reservations.push({
        id: row.id,
        date: row.date,
        timeSlot: row.time_slot,
        clientName: row.client_name ?? '',
        clientEmail: row.client_email ?? '',
        eventType: row.event_type!,
        phone: row.phone,
        guestCount: row.guest_count === null ? null : Number(row.guest_count),
        eventLocation: row.event_location,
      });
    }
  }
  return { reservations, blocks: [...blocks.values()] };
}
