import { randomUUID } from 'node:crypto';
import { TIME_SLOT_KEYS } from '@shared/schemas/booking';
import { addDaysUtc, daysBetweenUtc } from '@shared/schemas/dates';
import type { BlockRequest, HeldSlot, OwnerBlock } from '@shared/schemas/owner';
import { done, refused, type Result } from '@shared/result';
import { recordAudit } from '../audit/log';
import type { Queryable } from '../db';
import { inTransaction } from '../transaction';
import { listHeldSlots } from './read';
import { toOwnerBlock } from './views';
import { insertBlock } from './write';

// Thrown inside the transaction to roll back the blocks already inserted when one slot was held.
class SlotsTaken extends Error {}

/**
 * Blocks `timeSlot` (or with `all` every slot) of every day from `from` to `to` as ONE block: its rows share one
 * block_id and the note, and go in through the same partial unique index as reservations in one statement. All or
 * nothing: when any asked-for slot is already held (by a visitor or an earlier block), nothing is blocked and the
 * refusal names every held slot, with its client, so the owner decides what to do about them. A block is lifted by
 * liftBlock.
 */
export async function blockSlots(
  db: Queryable,
  request: BlockRequest,
  by: string,
): Promise<Result<OwnerBlock, 'slot_taken', { held: HeldSlot[] }>> {
  const slots = request.timeSlot === 'all' ? [...TIME_SLOT_KEYS] : [request.timeSlot];
  // The days are counted here, in the shared schema's calendar, not by a cast to Postgres's date: that has no year 0,
  // which the schema (and the column's is_iso_date check) accepts, and the cast would be a 500.
  const days = Array.from({ length: daysBetweenUtc(request.from, request.to) + 1 }, (_, n) => addDaysUtc(request.from, n));
  try {
    return await inTransaction(db, async (tx) => {
      const blockId = randomUUID();
      const rows = await insertBlock(tx, { days, slots, blockId, note: request.note ?? null });
      if (rows.length < days.length * slots.length) throw new SlotsTaken();
      await recordAudit(tx, {
        actor: by,
        action: 'block_created',
        target: blockId,
        detail: { from: request.from, to: request.to, slots: slots.join(','), count: rows.length },
      });
      return done(toOwnerBlock(rows));
    });
  } catch (error) {
    if (!(error instanceof SlotsTaken)) throw error;
  }
  return refused('slot_taken', { held: await listHeldSlots(db, { from: request.from, to: request.to, slots }) });
}
