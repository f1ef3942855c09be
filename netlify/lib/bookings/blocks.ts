import { randomUUID } from 'node:crypto';
import { TIME_SLOT_KEYS, type TimeSlotKey } from '../../../src/schemas/booking';
import type { OwnerBooking } from '../../../src/schemas/owner';
import type { Queryable } from '../db';
import { recordAudit } from '../owner/audit';
import { inTransaction } from '../transaction';
import { BOOKING_COLUMNS, toOwnerBooking, type BookingRow } from './rows';

// Thrown inside the transaction to roll back the blocks already inserted when one slot was held.
class SlotsTaken extends Error {}

/** What blockSlots did: the new blocks, or the slots already held (nothing blocked then). */
export type BlockResult = { outcome: 'blocked'; blocks: OwnerBooking[] } | { outcome: 'taken'; held: TimeSlotKey[] };

/**
 * Blocks `timeSlot` of `date`, or with `all` every slot of the day, through the same partial unique index as
 * reservations. All or nothing: when any asked-for slot is already held (by a visitor or an earlier block), nothing
 * is blocked and the held slots are named, so the owner decides what to do about them. A block is lifted by release.
 */
export async function blockSlots(
  db: Queryable,
  request: { date: string; timeSlot: TimeSlotKey | 'all' },
  by: string,
): Promise<BlockResult> {
  const slots = request.timeSlot === 'all' ? [...TIME_SLOT_KEYS] : [request.timeSlot];
  try {
    return await inTransaction(db, async (tx) => {
      const { rows } = await tx.query<BookingRow>(
        `INSERT INTO bookings (date, time_slot, is_available, kind, block_id)
         SELECT $1, slot, false, 'block', $3::uuid FROM unnest($2::text[]) AS slot
         ON CONFLICT (date, time_slot) WHERE NOT is_available DO NOTHING
         RETURNING ${BOOKING_COLUMNS}`,
        [request.date, slots, randomUUID()],
      );
      if (rows.length < slots.length) throw new SlotsTaken();
      await recordAudit(tx, {
        actor: by,
        action: 'block_created',
        target: request.date,
        detail: { slots: slots.join(','), count: rows.length },
      });
      const blocks = rows.map(toOwnerBooking);
      blocks.sort((a, b) => TIME_SLOT_KEYS.indexOf(a.timeSlot) - TIME_SLOT_KEYS.indexOf(b.timeSlot));
      return { outcome: 'blocked' as const, blocks };
    });
  } catch (error) {
    if (!(error instanceof SlotsTaken)) throw error;
  }
  const { rows: held } = await db.query<{ time_slot: TimeSlotKey }>(
    'SELECT time_slot FROM bookings WHERE date = $1 AND time_slot = ANY($2::text[]) AND NOT is_available',
    [request.date, slots],
  );
  const heldSlots = new Set(held.map((row) => row.time_slot));
  // A hold that went away between the two statements still made this attempt fail: name the asked-for slots.
  return { outcome: 'taken', held: heldSlots.size > 0 ? slots.filter((slot) => heldSlots.has(slot)) : slots };
}
