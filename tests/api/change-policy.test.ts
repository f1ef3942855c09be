import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import adminCancel from '../../netlify/functions/admin-booking-cancel';
import adminMove from '../../netlify/functions/admin-booking-move';
import cancel from '../../netlify/functions/cancel';
import portalLookup from '../../netlify/functions/portal-lookup';
import reschedule from '../../netlify/functions/reschedule';
import { CHANGE_POLICY, CHANGE_REFUSALS, changeDeadline, type ClientPolicy } from '@shared/change-policy';
import type { TimeSlotKey } from '@shared/schemas/booking';
import { clock } from '../fixtures';
import type { TestDatabase } from '../setup/database';
import { OWNER, callWith, deskRequest, ownerCookie, resetOwnerTables } from './admin-support';
import { useTestSmtpServer } from './mail-support';
import { linkedReservation } from './sale-support';
import { call, databases, postJson, query, useDatabase } from './support';

// An event after daylight saving ends (1 November 2026): the event's day is CST, but online changes close at the start
// of 31 October, Texas time, which is still CDT (UTC-5).
const EVENT = '2026-11-14';
const DEADLINE = new Date('2026-10-31T05:00:00.000Z');
const JUST_BEFORE = new Date(DEADLINE.getTime() - 1);

type ErrorBody = { error: { code: string; message: string } };

describe.each(databases)('the change policy on the client’s link, on $name', (database: TestDatabase) => {
  useDatabase(database);
  resetOwnerTables(database);
  const smtp = useTestSmtpServer(database, { ownerEmail: 'owner@lonestar.example', mailFrom: 'bookings@lonestar.example' });
  // What is claimed is what the transactions leave; the mails wait in the outbox (delivery is the mail tests').
  beforeEach(() => smtp.down());
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Pins Date at `instant` for what follows (the endpoints judge with `new Date()`). */
  const at = (instant: Date) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(instant);
  };

  /** A client's held booking on `date` and `timeSlot`, moved `clientMoves` times, with a link of its own. */
  const linked = (date: string, timeSlot: TimeSlotKey, clientMoves = 0) => linkedReservation(database, date, timeSlot, { clientMoves });
  const move = (token: string, date: string, timeSlot: TimeSlotKey) =>
    call(reschedule, postJson('/api/bookings/reschedule', { token, date, timeSlot }));
  const cancelByLink = (token: string) => call(cancel, postJson('/api/cancel', { token }));
  const policyOf = async (token: string) => {
    const response = await call(portalLookup, postJson('/api/portal/lookup', { token }));
    expect(response.status).toBe(200);
    return ((await response.json()) as { policy: ClientPolicy }).policy;
  };
  const rowOf = async (id: string) =>
    (await query<{ date: string; time_slot: string; is_available: boolean; client_moves: number; cancelled_by: string | null }>(
      database,
      'SELECT date, time_slot, is_available, client_moves, cancelled_by FROM bookings WHERE id = $1',
      [id],
    ))[0]!;
  const refusalOf = async (response: Response) => [response.status, ((await response.json()) as ErrorBody).error] as const;
  const closed = [409, { code: 'change_window_closed', message: CHANGE_REFUSALS.change_window_closed }] as const;
  const limited = [409, { code: 'move_limit_reached', message: CHANGE_REFUSALS.move_limit_reached }] as const;

  test('the move and the cancel pass 1 ms before the deadline and are refused from it on (409 change_window_closed), across daylight saving', async () => {
    expect(changeDeadline(EVENT)).toEqual(DEADLINE);
    const { id, token } = await linked(EVENT, 'morning');
    at(JUST_BEFORE);
    expect((await move(token, EVENT, 'afternoon')).status).toBe(200);
    at(DEADLINE);
    expect(await refusalOf(await move(token, EVENT, 'evening'))).toEqual(closed);
    expect(await refusalOf(await cancelByLink(token))).toEqual(closed);
    expect(await rowOf(id)).toMatchObject({ time_slot: 'afternoon', is_available: false, client_moves: 1 });
    // Only the move that passed queued its notices.
    expect(await query(database, "SELECT 1 FROM outbox WHERE booking_id = $1 AND kind LIKE 'reschedule%'", [id])).toHaveLength(2);

    const other = await linked(EVENT, 'morning');
    at(JUST_BEFORE);
    expect((await cancelByLink(other.token)).status).toBe(200);
    expect(await rowOf(other.id)).toMatchObject({ is_available: true, cancelled_by: 'client' });
  });

  test(`the link moves a booking ${CHANGE_POLICY.maxMoves} times; the next move is 409 move_limit_reached and changes nothing; the cancel stays`, async () => {
    const { id, token } = await linked(clock.day(60), 'evening');
    for (let moves = 1; moves <= CHANGE_POLICY.maxMoves; moves += 1) {
      expect((await move(token, clock.day(60 + moves), 'evening')).status).toBe(200);
    }
    const last = clock.day(60 + CHANGE_POLICY.maxMoves);
    expect(await rowOf(id)).toMatchObject({ date: last, client_moves: CHANGE_POLICY.maxMoves });
    expect(await refusalOf(await move(token, clock.day(70), 'morning'))).toEqual(limited);
    expect(await rowOf(id)).toMatchObject({ date: last, time_slot: 'evening', client_moves: CHANGE_POLICY.maxMoves });
    const audit = await query(database, "SELECT 1 FROM audit_log WHERE action = 'booking_moved' AND target = $1 AND actor = 'client'", [id]);
    expect(audit).toHaveLength(CHANGE_POLICY.maxMoves);
    expect((await cancelByLink(token)).status).toBe(200);
  });

  test('two moves at once at the limit’s edge: one passes, the other is 409 move_limit_reached; the count stops at the limit (3 rounds)', async () => {
    for (let round = 0; round < 3; round += 1) {
      const date = clock.day(80 + round * 2);
      const { id, token } = await linked(date, 'morning', CHANGE_POLICY.maxMoves - 1);
      const targets = [['afternoon', date], ['evening', clock.day(81 + round * 2)]] as const;
      const responses = await Promise.all(targets.map(([slot, day]) => move(token, day, slot)));
      const statuses = responses.map((response) => response.status);
      expect([...statuses].sort()).toEqual([200, 409]);
      const loser = responses[statuses.indexOf(409)]!;
      expect(await refusalOf(loser)).toEqual(limited);
      const [slot, day] = targets[statuses.indexOf(200)]!;
      expect(await rowOf(id)).toMatchObject({ date: day, time_slot: slot, client_moves: CHANGE_POLICY.maxMoves });
    }
  });

  test('the owner moves and cancels from the desk inside the window and beyond the limit; the move is not the client’s', async () => {
    const cookie = await ownerCookie(database);
    const { id, token } = await linked(clock.day(10), 'evening', CHANGE_POLICY.maxMoves);
    expect(await refusalOf(await move(token, clock.day(11), 'morning'))).toEqual(closed);
    expect(await refusalOf(await cancelByLink(token))).toEqual(closed);

    const moved = await callWith(adminMove, deskRequest('POST', `/api/admin/bookings/${id}/move`, { cookie, body: { date: clock.day(11), timeSlot: 'morning' } }));
    expect(moved.status).toBe(200);
    expect(await rowOf(id)).toMatchObject({ date: clock.day(11), time_slot: 'morning', client_moves: CHANGE_POLICY.maxMoves });
    const cancelled = await callWith(adminCancel, deskRequest('POST', `/api/admin/bookings/${id}/cancel`, { cookie }));
    expect(cancelled.status).toBe(200);
    expect(await rowOf(id)).toMatchObject({ is_available: true, cancelled_by: OWNER.username });
  });

  test('an owner’s move of an open booking leaves the client every move', async () => {
    const cookie = await ownerCookie(database);
    const { id, token } = await linked(clock.day(40), 'evening');
    const moved = await callWith(adminMove, deskRequest('POST', `/api/admin/bookings/${id}/move`, { cookie, body: { date: clock.day(41), timeSlot: 'evening' } }));
    expect(moved.status).toBe(200);
    expect(await rowOf(id)).toMatchObject({ client_moves: 0 });
    expect(await policyOf(token)).toMatchObject({ movesUsed: 0, movesLeft: CHANGE_POLICY.maxMoves, canMove: true });
  });

  test('the look-up’s policy on both sides of the deadline, at the limit and once signed', async () => {
    const { id, token } = await linked(EVENT, 'evening', 1);
    const open: ClientPolicy = {
      changeWindowDays: CHANGE_POLICY.changeWindowDays,
      maxMoves: CHANGE_POLICY.maxMoves,
      movesUsed: 1,
      movesLeft: CHANGE_POLICY.maxMoves - 1,
      changeDeadline: DEADLINE.toISOString(),
      lastChangeDay: '2026-10-30',
      canMove: true,
      canCancel: true,
      retainerTerms: CHANGE_POLICY.retainerTerms,
      phone: CHANGE_POLICY.phone,
    };
    at(JUST_BEFORE);
    expect(await policyOf(token)).toEqual(open);
    at(DEADLINE);
    expect(await policyOf(token)).toEqual({ ...open, canMove: false, canCancel: false });

    at(JUST_BEFORE);
    await query(database, 'UPDATE bookings SET client_moves = $2 WHERE id = $1', [id, CHANGE_POLICY.maxMoves]);
    expect(await policyOf(token)).toEqual({ ...open, movesUsed: CHANGE_POLICY.maxMoves, movesLeft: 0, canMove: false });
    await query(database, 'UPDATE bookings SET client_moves = 0, signed_at = $2 WHERE id = $1', [id, JUST_BEFORE]);
    expect(await policyOf(token)).toEqual({ ...open, movesUsed: 0, movesLeft: CHANGE_POLICY.maxMoves, canMove: false });
  });
});
