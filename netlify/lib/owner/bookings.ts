import { TIME_SLOT_KEYS, type TimeSlotKey } from '../../../src/schemas/booking';
import type { OwnerBooking } from '../../../src/schemas/owner';
import { isoTimestamp, type Queryable } from '../db';
import { inTransaction } from '../transaction';
import { recordAudit, type AuditAction } from './audit';

type BookingRow = {
  id: string;
  date: string;
  time_slot: TimeSlotKey;
  kind: OwnerBooking['kind'];
  is_available: boolean;
  client_name: string | null;
  client_email: string | null;
  event_type: OwnerBooking['eventType'];
  created_at: Date | string;
  cancelled_at: Date | string | null;
  cancelled_by: string | null;
};

const COLUMNS =
  'id, date, time_slot, kind, is_available, client_name, client_email, event_type, created_at, cancelled_at, cancelled_by';

// Day order of the slots, for ORDER BY (the column is text: alphabetical order would put afternoon first).
const SLOT_ORDER = `array_position(ARRAY[${TIME_SLOT_KEYS.map((key) => `'${key}'`).join(', ')}]::text[], time_slot)`;

function toOwnerBooking(row: BookingRow): OwnerBooking {
  return {
    id: row.id,
    date: row.date,
    timeSlot: row.time_slot,
    kind: row.kind,
    state: !row.is_available ? 'held' : row.kind === 'block' ? 'lifted' : 'cancelled',
    clientName: row.client_name,
    clientEmail: row.client_email,
    eventType: row.event_type,
    createdAt: isoTimestamp(row.created_at),
    cancelledAt: row.cancelled_at === null ? null : isoTimestamp(row.cancelled_at),
    cancelledBy: row.cancelled_by,
  };
}

/** Every hold from `from` to `to` (inclusive): reservations and blocks, held and released, by date and slot. */
export async function listBookings(db: Queryable, range: { from: string; to: string }): Promise<OwnerBooking[]> {
  const { rows } = await db.query<BookingRow>(
    `SELECT ${COLUMNS} FROM bookings WHERE date BETWEEN $1 AND $2
     ORDER BY date, ${SLOT_ORDER}, is_available, created_at`,
    [range.from, range.to],
  );
  return rows.map(toOwnerBooking);
}

/** What cancelBooking did: the released reservation, or why nothing changed. */
export type CancelResult =
  | { outcome: 'cancelled'; booking: OwnerBooking }
  | { outcome: 'not_found' }
  | { outcome: 'already_released'; booking: OwnerBooking };

/**
 * Releases reservation `id` at once (its slot is free again for visitors), keeping the row as history with who
 * cancelled and when, and records it in the audit log. The hook for telling the client: call this, then act on
 * `outcome === 'cancelled'` with the returned booking.
 */
export async function cancelBooking(db: Queryable, id: string, by: string): Promise<CancelResult> {
  const result = await release(db, { id, by, kind: 'reservation', action: 'booking_cancelled' });
  if (result.outcome === 'released') return { outcome: 'cancelled', booking: result.booking };
  return result;
}

type ReleaseResult =
  | { outcome: 'released'; booking: OwnerBooking }
  | { outcome: 'not_found' }
  | { outcome: 'already_released'; booking: OwnerBooking };

// One statement releases the hold and writes its audit entry, so neither happens without the other, and callers can
// run it inside a transaction of their own.
async function release(
  db: Queryable,
  request: { id: string; by: string; kind: OwnerBooking['kind']; action: AuditAction },
): Promise<ReleaseResult> {
  const { rows } = await db.query<BookingRow>(
    `WITH released AS (
       UPDATE bookings SET is_available = true, cancelled_at = now(), cancelled_by = $2
       WHERE id = $1 AND kind = $3 AND NOT is_available
       RETURNING ${COLUMNS}
     ), logged AS (
       INSERT INTO audit_log (actor, action, target, detail)
       SELECT $2, $4, id::text, jsonb_build_object('date', date) FROM released
     )
     SELECT * FROM released`,
    [request.id, request.by, request.kind, request.action],
  );
  if (rows[0]) return { outcome: 'released', booking: toOwnerBooking(rows[0]) };
  const existing = await db.query<BookingRow>(`SELECT ${COLUMNS} FROM bookings WHERE id = $1 AND kind = $2`, [
    request.id,
    request.kind,
  ]);
  return existing.rows[0]
    ? { outcome: 'already_released', booking: toOwnerBooking(existing.rows[0]) }
    : { outcome: 'not_found' };
}

// Thrown inside the transaction to roll back the blocks already inserted when one slot was held.
class SlotsTaken extends Error {}

/** What blockSlots did: the new blocks, or the slots already held (nothing blocked then). */
export type BlockResult = { outcome: 'blocked'; blocks: OwnerBooking[] } | { outcome: 'taken'; held: TimeSlotKey[] };

/**
 * Blocks `timeSlot` of `date`, or with `all` every slot of the day, through the same partial unique index as
 * reservations. All or nothing: when any asked-for slot is already held (by a visitor or an earlier block), nothing
 * is blocked and the held slots are named, so the owner decides what to do about them.
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
        `INSERT INTO bookings (date, time_slot, is_available, kind)
         SELECT $1, slot, false, 'block' FROM unnest($2::text[]) AS slot
         ON CONFLICT (date, time_slot) WHERE NOT is_available DO NOTHING
         RETURNING ${COLUMNS}`,
        [request.date, slots],
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

/** What liftBlock did. */
export type LiftResult =
  | { outcome: 'lifted'; block: OwnerBooking }
  | { outcome: 'not_found' }
  | { outcome: 'already_released'; block: OwnerBooking };

/** Lifts block `id`: its slot is free again; the row stays as history with who lifted it and when. */
export async function liftBlock(db: Queryable, id: string, by: string): Promise<LiftResult> {
  const result = await release(db, { id, by, kind: 'block', action: 'block_lifted' });
  if (result.outcome === 'released') return { outcome: 'lifted', block: result.booking };
  if (result.outcome === 'already_released') return { outcome: 'already_released', block: result.booking };
  return result;
}
