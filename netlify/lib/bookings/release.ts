import type { CancelBookingView, CancelRefusal } from '@shared/schemas/cancel';
import type { OwnerBlock, OwnerBooking } from '@shared/schemas/owner';
import { judgeClientChange } from '@shared/change-policy';
import { done, refused, type Result } from '@shared/result';
import { recordAudit } from '../audit/log';
import type { Queryable } from '../db';
import { enqueueCancellationMails, withdrawStaleMails } from '../mail/outbox/write';
import { inTransaction, type Transaction } from '../transaction';
import { lockBookingByCancelToken } from './cancel-links';
import type { BookingMail } from '../mail/messages';
import type { BookingRow } from './row';
import { toBookingMail, toCancelView, toOwnerBlock, toOwnerBooking } from './views';
import { endHolds, lockCancelTokens, spendCancelTokens, type HoldTarget } from './write';

/** Who changes a booking (releases or moves it): the client through their link, or an owner (by username) from the desk. */
export type BookingActor = { role: 'client' } | { role: 'owner'; username: string };

/** Why a hold was not released: there is none with that id, or it was released already. */
export type ReleaseRefusal = 'not_found' | 'already_cancelled' | 'already_lifted';

/** What ending a hold did: the rows it freed, and the mails it queued. */
type Ended = { rows: BookingRow[]; mailIds: string[] };

/** Whether `target` names a row at all (held or not). */
async function exists(tx: Transaction, target: HoldTarget): Promise<boolean> {
  const { rows } = await tx.query(
    target.kind === 'block'
      ? "SELECT 1 FROM bookings WHERE block_id = $1 AND kind = 'block'"
      : "SELECT 1 FROM bookings WHERE id = $1 AND kind = 'reservation'",
    [target.kind === 'block' ? target.blockId : target.id],
  );
  return rows.length > 0;
}

/**
 * The one place a hold ends (a client's or the owner's cancel of a reservation, the owner's lift of a block), inside
 * `tx`: frees its slots at once (the rows stay as history with cancelled_at = `now` and who), writes the audit entry,
 * and for a reservation spends its cancel links, withdraws its unsent mails about the held booking (confirmation, move
 * notice, reminders: withdrawStaleMails) and queues the cancellation e-mails to the client and the owner (with the
 * owner's reason, if any).
 */
async function endHold(tx: Transaction, target: HoldTarget, by: BookingActor, now: Date, reason?: string): Promise<Result<Ended, ReleaseRefusal>> {
  const actor = by.role === 'client' ? 'client' : by.username;
  // A cancel link locks its token rows before the booking; taking them first here too keeps an owner's and a
  // client's simultaneous cancel from deadlocking.
  if (target.kind === 'reservation') await lockCancelTokens(tx, { bookingId: target.id });
  // Only the owner gives a reason; a client's cancel link has none.
  const rows = await endHolds(tx, target, { actor, reason: by.role === 'owner' ? (reason ?? null) : null, now });
  if (rows.length === 0) {
    if (!(await exists(tx, target))) return refused('not_found');
    return refused(target.kind === 'reservation' ? 'already_cancelled' : 'already_lifted');
  }
  if (target.kind === 'block') {
    const block = toOwnerBlock(rows);
    await recordAudit(tx, { actor, action: 'block_lifted', target: target.blockId, detail: { from: block.from, to: block.to, count: rows.length } });
    return done({ rows, mailIds: [] });
  }
  const row = rows[0]!;
  await recordAudit(tx, {
    actor,
    action: 'booking_cancelled',
    target: row.id,
    detail: reason === undefined ? { date: row.date } : { date: row.date, reason },
  });
  // The cancellation's calendar file must outrank the last invitation, which a move may have re-sent: the row's
  // sequence rides along in the mail data.
  const mail = toBookingMail(row);
  if (!mail) return done({ rows, mailIds: [] });
  await spendCancelTokens(tx, row.id, now);
  await withdrawStaleMails(tx, row.id);
  return done({ rows, mailIds: await enqueueCancellationMails(tx, mail, by.role) });
}

/**
 * Ends the tentative hold of reservation `id` when its time is up at `now` and it is still unsigned (a proposal made
 * from an inquiry expired), inside the caller's transaction: frees the slot, spends its links, withdraws its unsent
 * mails and writes the audit entry. The proposal's expiry mails say the rest, so no cancellation is queued here.
 * Returns the booking as its mails need it, or undefined when there was nothing to release (signed, moved on, or
 * released already: of two runs at once, the second finds nothing). `dueBy` later than `now` ends a hold not yet due
 * (its proposal withdrawn).
 */
export async function releaseTentativeHold(tx: Transaction, id: string, now: Date, dueBy: Date = now): Promise<BookingMail | undefined> {
  await lockCancelTokens(tx, { bookingId: id });
  const rows = await endHolds(tx, { kind: 'tentative', id, dueBy }, { actor: 'system', reason: null, now });
  const row = rows[0];
  if (!row) return undefined;
  await recordAudit(tx, { actor: 'system', action: 'tentative_hold_released', target: id, detail: { date: row.date, slot: row.time_slot } });
  await spendCancelTokens(tx, id, now);
  await withdrawStaleMails(tx, id);
  return toBookingMail(row);
}

/** What the owner's cancel from the desk answers: the reservation as the desk shows it, and the queued mails. */
export type OwnerRelease = { booking: OwnerBooking; mailIds: string[] };

/** Releases reservation `id` for an owner from the desk, with their reason, in a transaction of its own (endHold). */
export function releaseByOwner(
  db: Queryable,
  request: { id: string; kind: 'reservation'; username: string; reason?: string | undefined; now: Date },
): Promise<Result<OwnerRelease, 'not_found' | 'already_cancelled'>> {
  return inTransaction(db, async (tx) => {
    const by: BookingActor = { role: 'owner', username: request.username };
    const ended = await endHold(tx, { kind: 'reservation', id: request.id }, by, request.now, request.reason);
    if (!ended.ok) return ended.code === 'not_found' ? refused('not_found') : refused('already_cancelled');
    return done({ booking: toOwnerBooking(ended.value.rows[0]!), mailIds: ended.value.mailIds });
  });
}

/** What a client's cancel through their link answers: the booking as their page shows it, and the queued mails. */
export type ClientRelease = { booking: CancelBookingView; mailIds: string[] };

/** Why a client's cancel through their link was refused: the link's refusals, then the change policy's window. */
export type ClientReleaseRefusal = CancelRefusal | 'change_window_closed';

/**
 * Releases the booking of a client's cancel link, once: in one transaction its links are locked, judged (unknown,
 * already used, expired, event started), the change policy's window judged at `now` (judgeClientChange: inside it only
 * a phone call cancels) and the booking released (endHold). Of two simultaneous requests with the same token, the
 * second waits for the first and is told it was already cancelled.
 */
export function releaseByCancelLink(db: Queryable, token: string, now: Date): Promise<Result<ClientRelease, ClientReleaseRefusal>> {
  return inTransaction(db, async (tx): Promise<Result<ClientRelease, ClientReleaseRefusal>> => {
    const found = await lockBookingByCancelToken(tx, token, now);
    if (!found.ok) return found;
    const { row } = found.value;
    const closed = judgeClientChange({ date: row.date, clientMoves: row.client_moves }, 'cancel', now);
    if (closed) return refused(closed);
    const ended = await endHold(tx, { kind: 'reservation', id: row.id }, { role: 'client' }, now);
    if (!ended.ok) return ended.code === 'not_found' ? refused('unknown') : refused('already_cancelled');
    return done({ booking: toCancelView(ended.value.rows[0]!, now), mailIds: ended.value.mailIds });
  });
}

/**
 * Lifts block `id` (its block id, or the id of any one of its rows) for an owner: frees every slot it still holds in
 * one transaction (endHold), keeping the rows as history, with one audit entry for the block.
 */
export function liftBlock(
  db: Queryable,
  request: { id: string; username: string; now: Date },
): Promise<Result<OwnerBlock, 'not_found' | 'already_lifted'>> {
  return inTransaction(db, async (tx) => {
    const { rows: found } = await tx.query<{ block_id: string }>(
      "SELECT block_id FROM bookings WHERE kind = 'block' AND (block_id = $1 OR id = $1) LIMIT 1",
      [request.id],
    );
    const blockId = found[0]?.block_id;
    if (!blockId) return refused('not_found');
    const ended = await endHold(tx, { kind: 'block', blockId }, { role: 'owner', username: request.username }, request.now);
    if (!ended.ok) return refused('already_lifted');
    return done(toOwnerBlock(ended.value.rows));
  });
}
