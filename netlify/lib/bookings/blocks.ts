import { randomUUID } from 'node:crypto';
import { TIME_SLOT_KEYS, type TimeSlotKey } from '@shared/schemas/booking';
import { addDaysUtc, daysBetweenUtc } from '@shared/schemas/dates';
import type { BlockRequest, HeldSlot, OwnerBlock } from '@shared/schemas/owner';
import { isoTimestamp, type Queryable } from '../db';
import { recordAudit } from '../owner/audit';
import { inTransaction } from '../transaction';
import { SLOT_ORDER } from './rows';

// Thrown inside the transaction to roll back the blocks already inserted when one slot was held.
class SlotsTaken extends Error {}

/** What blockSlots did: the new block, or the slots already held (nothing blocked then). */
export type BlockResult = { outcome: 'blocked'; block: OwnerBlock } | { outcome: 'taken'; held: HeldSlot[] };

/** A block's rows grouped as one, as listBlocks and blockSlots read it. */
type BlockGroupRow = {
  block_id: string;
  first_date: string;
  last_date: string;
  time_slots: TimeSlotKey[];
  block_note: string | null;
  created_at: Date | string;
};

/** SELECT list grouping the rows of `bookings` by block_id (GROUP BY block_id, block_note). */
const BLOCK_GROUP_COLUMNS = `block_id, min(date) AS first_date, max(date) AS last_date,
  array_agg(DISTINCT time_slot) AS time_slots, block_note, min(created_at) AS created_at`;

/** The rows of one block (any order) as one block: first and last day, the slots, the note. */
export function blockOf(rows: ReadonlyArray<{ block_id: string; date: string; time_slot: TimeSlotKey; block_note: string | null; created_at: Date | string }>): OwnerBlock {
  const dates = rows.map((row) => row.date).sort();
  return toOwnerBlock({
    block_id: rows[0]!.block_id,
    first_date: dates[0]!,
    last_date: dates[dates.length - 1]!,
    time_slots: rows.map((row) => row.time_slot),
    block_note: rows[0]!.block_note,
    created_at: rows[0]!.created_at,
  });
}

function toOwnerBlock(row: BlockGroupRow): OwnerBlock {
  return {
    id: row.block_id,
    from: row.first_date,
    to: row.last_date,
    timeSlots: TIME_SLOT_KEYS.filter((slot) => row.time_slots.includes(slot)),
    note: row.block_note,
    createdAt: isoTimestamp(row.created_at),
  };
}

/**
 * Blocks `timeSlot` (or with `all` every slot) of every day from `from` to `to` as ONE block: its rows share one
 * block_id and the note, and go in through the same partial unique index as reservations in one statement. All or
 * nothing: when any asked-for slot is already held (by a visitor or an earlier block), nothing is blocked and every
 * held slot is named, with its client, so the owner decides what to do about them. A block is lifted by liftBlock.
 */
export async function blockSlots(db: Queryable, request: BlockRequest, by: string): Promise<BlockResult> {
  const slots = request.timeSlot === 'all' ? [...TIME_SLOT_KEYS] : [request.timeSlot];
  // The days are counted here, in the shared schema's calendar, not by a cast to Postgres's date: that has no year 0,
  // which the schema (and the column's is_iso_date check) accepts, and the cast would be a 500.
  const days = Array.from({ length: daysBetweenUtc(request.from, request.to) + 1 }, (_, n) => addDaysUtc(request.from, n));
  try {
    return await inTransaction(db, async (tx) => {
      const blockId = randomUUID();
      const { rows } = await tx.query<{ date: string }>(
        `INSERT INTO bookings (date, time_slot, is_available, kind, block_id, block_note)
         SELECT day, slot, false, 'block', $3::uuid, $4
           FROM unnest($1::text[]) AS day CROSS JOIN unnest($2::text[]) AS slot
         ON CONFLICT (date, time_slot) WHERE NOT is_available DO NOTHING
         RETURNING date`,
        [days, slots, blockId, request.note ?? null],
      );
      if (rows.length < days.length * slots.length) throw new SlotsTaken();
      await recordAudit(tx, {
        actor: by,
        action: 'block_created',
        target: blockId,
        detail: { from: request.from, to: request.to, slots: slots.join(','), count: rows.length },
      });
      const { rows: groups } = await tx.query<BlockGroupRow>(
        `SELECT ${BLOCK_GROUP_COLUMNS} FROM bookings WHERE block_id = $1 GROUP BY block_id, block_note`,
        [blockId],
      );
      return { outcome: 'blocked' as const, block: toOwnerBlock(groups[0]!) };
    });
  } catch (error) {
    if (!(error instanceof SlotsTaken)) throw error;
  }
  const { rows: held } = await db.query<{ date: string; time_slot: TimeSlotKey; kind: HeldSlot['heldBy']; client_name: string | null }>(
    `SELECT date, time_slot, kind, client_name FROM bookings
      WHERE date BETWEEN $1 AND $2 AND time_slot = ANY($3::text[]) AND NOT is_available
      ORDER BY date, ${SLOT_ORDER}`,
    [request.from, request.to, slots],
  );
  return {
    outcome: 'taken',
    held: held.map((row) => ({ date: row.date, timeSlot: row.time_slot, heldBy: row.kind, clientName: row.client_name })),
  };
}

/** Every block still held on or after `from` (one started earlier shows whole), soonest first, one entry per block. */
export async function listBlocks(db: Queryable, from: string): Promise<OwnerBlock[]> {
  const { rows } = await db.query<BlockGroupRow>(
    `SELECT ${BLOCK_GROUP_COLUMNS} FROM bookings
      WHERE kind = 'block' AND NOT is_available
      GROUP BY block_id, block_note HAVING max(date) >= $1
      ORDER BY first_date, created_at, block_id`,
    [from],
  );
  return rows.map(toOwnerBlock);
}

/** How many held slots the refusal's sentence names; the answer's `held` lists them all. */
export const HELD_NAMED_IN_MESSAGE = 10;

const shortDate = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/**
 * The sentence refusing a block: "Nothing was blocked: Sat, Dec 5, 2026 evening is booked by Hank Porter; Sun, Dec 6,
 * 2026 morning is blocked." The first HELD_NAMED_IN_MESSAGE held slots, then "and N more".
 */
export function heldMessage(held: readonly HeldSlot[]): string {
  if (held.length === 0) return 'Nothing was blocked: a slot in that range was taken at the same moment. Please try again.';
  const named = held.slice(0, HELD_NAMED_IN_MESSAGE).map((slot) => {
    const when = `${shortDate.format(new Date(`${slot.date}T00:00:00Z`))} ${slot.timeSlot}`;
    return slot.heldBy === 'reservation' ? `${when} is booked by ${slot.clientName ?? 'a client'}` : `${when} is blocked`;
  });
  const more = held.length - named.length;
  return `Nothing was blocked: ${named.join('; ')}${more > 0 ? `; and ${more} more` : ''}.`;
}
