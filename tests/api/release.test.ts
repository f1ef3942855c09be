import { describe, expect, test } from 'vitest';
import clientCancel from '../../netlify/functions/cancel';
import clientLookup from '../../netlify/functions/cancel-lookup';
import ownerCancel from '../../netlify/functions/admin-booking-cancel';
import { blockSlots } from '../../netlify/lib/bookings/blocks';
import { createCancelToken } from '../../netlify/lib/bookings/cancel-links';
import { liftBlock, releaseByCancelLink, releaseByOwner } from '../../netlify/lib/bookings/release';
import { reserveSlot } from '../../netlify/lib/bookings/reserve';
import { withDatabase, type Queryable } from '../../netlify/lib/db';
import { inTransaction } from '../../netlify/lib/transaction';
import type { Booking } from '@shared/schemas/booking';
import { CANCEL_REFUSALS } from '@shared/schemas/cancel';
import { MAX_CANCEL_REASON_LENGTH } from '@shared/schemas/owner';
import { addDaysUtc, todayUtc } from '@shared/schemas/dates';
import type { TestDatabase } from '../setup/database';
import { OWNER, auditMark, auditSince, callWith, deskRequest, ownerCookie, resetOwnerTables } from './admin-support';
import { useTestSmtpServer } from './mail-support';
import { call, databases, postJson, query, useDatabase } from './support';

const onDatabase = <T>(database: TestDatabase, work: (db: Queryable) => Promise<T>) =>
  withDatabase(undefined, work, { config: { url: database.url, wsProxy: database.wsProxy } });

/** A stored reservation with its cancel link, as POST /api/bookings leaves it (mails aside). */
const book = (database: TestDatabase, date = addDaysUtc(todayUtc(), 30)) =>
  onDatabase(database, (db) =>
    inTransaction(db, async (tx) => {
      const result = await reserveSlot(
        tx,
        {
          date,
          timeSlot: 'afternoon',
          clientName: 'Dolly Rivera',
          clientEmail: `dolly.${crypto.randomUUID().slice(0, 8)}@example.com`,
          eventType: 'wedding',
          website: '',
        },
        todayUtc(),
        // A client of its own: these reservations are not about the per-IP budget.
        { ip: crypto.randomUUID(), now: new Date() },
      );
      if (!result.ok) throw new Error(result.code);
      return { booking: result.value, token: await createCancelToken(tx, result.value) };
    }),
  );

const errorOf = async (response: Response) => ((await response.json()) as { error: { code: string; message: string } }).error;

describe.each(databases)('release on $name', (database: TestDatabase) => {
  useDatabase(database);
  resetOwnerTables(database);
  useTestSmtpServer(database, { ownerEmail: 'owner@lonestar.example', mailFrom: 'bookings@lonestar.example' });

  const ownerPost = (cookie: string, booking: Booking) =>
    callWith(ownerCancel, deskRequest('POST', `/api/admin/bookings/${booking.id}/cancel`, { cookie }));
  const clientGet = (token: string) => call(clientLookup, postJson('/api/cancel/lookup', { token }));
  const clientPost = (token: string) => call(clientCancel, postJson('/api/cancel', { token }));

  test('answers 409 already_cancelled on both paths, whichever released first', async () => {
    const cookie = await ownerCookie(database);

    const byOwner = await book(database);
    expect((await ownerPost(cookie, byOwner.booking)).status).toBe(200);
    for (const response of [await clientGet(byOwner.token), await clientPost(byOwner.token), await ownerPost(cookie, byOwner.booking)]) {
      expect(response.status).toBe(409);
      expect((await errorOf(response)).code).toBe('already_cancelled');
    }

    const byClient = await book(database);
    expect((await clientPost(byClient.token)).status).toBe(200);
    const owners = await ownerPost(cookie, byClient.booking);
    expect(owners.status).toBe(409);
    expect((await errorOf(owners)).code).toBe('already_cancelled');
    const clients = await clientPost(byClient.token);
    expect(clients.status).toBe(409);
    expect(await errorOf(clients)).toEqual({ code: 'already_cancelled', message: CANCEL_REFUSALS.already_cancelled.message });
  });

  test("the client's cancel is audited like the owner's; the owner's reason goes into the audit, the row and that booking's notices", async () => {
    const mark = await auditMark(database);
    const { booking, token } = await book(database);
    expect((await clientPost(token)).status).toBe(200);
    const second = await book(database);
    const reason = 'Moved to a phone booking';
    const released = await onDatabase(database, (db) =>
      releaseByOwner(db, { id: second.booking.id, kind: 'reservation', username: OWNER.username, reason, now: new Date() }),
    );
    expect(released.ok).toBe(true);
    expect(await auditSince(database, mark)).toEqual([
      { actor: 'client', action: 'booking_cancelled', target: booking.id, detail: { date: booking.date } },
      { actor: OWNER.username, action: 'booking_cancelled', target: second.booking.id, detail: { date: second.booking.date, reason } },
    ]);
    expect(await query(database, 'SELECT cancel_reason FROM bookings ORDER BY cancel_reason NULLS FIRST')).toEqual([
      { cancel_reason: null },
      { cancel_reason: reason },
    ]);
    const mails = await query<{ booking_id: string; body: string }>(
      database,
      "SELECT booking_id, row_to_json(outbox)::text AS body FROM outbox WHERE kind LIKE 'cancellation%'",
    );
    expect(mails).toHaveLength(4);
    for (const mail of mails) {
      if (mail.booking_id === second.booking.id) expect(mail.body).toContain(reason);
      else expect(mail.body).not.toContain(reason);
    }
  });

  test("the owner's reason reaches the audit log through the endpoint; a bad one is 400 and releases nothing", async () => {
    const cookie = await ownerCookie(database);
    const { booking } = await book(database);
    const withBody = (body: unknown) =>
      callWith(ownerCancel, deskRequest('POST', `/api/admin/bookings/${booking.id}/cancel`, { cookie, body }));
    for (const [body, field] of [
      [{ reason: 'x'.repeat(MAX_CANCEL_REASON_LENGTH + 1) }, 'reason'],
      [{ reason: 42 }, 'reason'],
      [{ reason: 'Rain\u202Eout' }, 'reason'],
    ] as const) {
      const refused = await withBody(body);
      expect(refused.status).toBe(400);
      expect(Object.keys(((await refused.json()) as { error: { fields: object } }).error.fields)).toEqual([field]);
    }
    expect((await withBody('{"reason":')).status).toBe(400);
    expect(await query(database, 'SELECT is_available FROM bookings WHERE id = $1', [booking.id])).toEqual([{ is_available: false }]);

    const mark = await auditMark(database);
    expect((await withBody({ reason: '  Storm warning for the venue  ' })).status).toBe(200);
    const [entry] = await auditSince(database, mark);
    expect(entry).toMatchObject({ actor: OWNER.username, detail: { date: booking.date, reason: 'Storm warning for the venue' } });

    const blank = await book(database, addDaysUtc(todayUtc(), 31));
    const blankMark = await auditMark(database);
    const response = await callWith(
      ownerCancel,
      deskRequest('POST', `/api/admin/bookings/${blank.booking.id}/cancel`, { cookie, body: { reason: '   ' } }),
    );
    expect(response.status).toBe(200);
    expect((await auditSince(database, blankMark))[0]!.detail).toEqual({ date: blank.booking.date });
  });

  test('both paths stamp the injected clock on the booking and its cancel link; a block is lifted the same way', async () => {
    const clientNow = new Date('2026-01-02T03:04:05.678Z');
    const ownerNow = new Date('2026-02-03T04:05:06.789Z');
    const date = addDaysUtc(todayUtc(), 30);
    const byClient = await book(database, date);
    const byOwner = await book(database, addDaysUtc(date, 1));
    const client = await onDatabase(database, (db) => releaseByCancelLink(db, byClient.token, clientNow));
    expect(client).toMatchObject({ ok: true, value: { booking: { cancelledAt: clientNow.toISOString() } } });
    const owner = await onDatabase(database, (db) =>
      releaseByOwner(db, { id: byOwner.booking.id, kind: 'reservation', username: OWNER.username, now: ownerNow }),
    );
    expect(owner).toMatchObject({ ok: true, value: { booking: { cancelledAt: ownerNow.toISOString(), cancelledBy: OWNER.username } } });

    const stamped = await query<{ id: string; cancelled_at: Date; cancelled_by: string; used_at: Date }>(
      database,
      `SELECT b.id, b.cancelled_at, b.cancelled_by, t.used_at
         FROM bookings b JOIN booking_cancel_tokens t ON t.booking_id = b.id WHERE b.id = ANY($1::uuid[]) ORDER BY b.date`,
      [[byClient.booking.id, byOwner.booking.id]],
    );
    expect(stamped).toEqual([
      { id: byClient.booking.id, cancelled_at: clientNow, cancelled_by: 'client', used_at: clientNow },
      { id: byOwner.booking.id, cancelled_at: ownerNow, cancelled_by: OWNER.username, used_at: ownerNow },
    ]);

    const blocked = await onDatabase(database, (db) => blockSlots(db, { from: date, to: date, timeSlot: 'morning' }, OWNER.username));
    if (!blocked.ok) throw new Error(blocked.code);
    const lifted = await onDatabase(database, (db) => liftBlock(db, { id: blocked.value.id, username: OWNER.username, now: ownerNow }));
    expect(lifted).toMatchObject({ ok: true, value: { id: blocked.value.id, from: date, to: date } });
    expect(
      await query<{ cancelled_at: Date }>(database, 'SELECT cancelled_at FROM bookings WHERE block_id = $1', [blocked.value.id]),
    ).toEqual([{ cancelled_at: ownerNow }]);
  });

  test("an owner's and a client's simultaneous cancel release once: one 200, one 409, one pair of e-mails", async () => {
    const cookie = await ownerCookie(database);
    for (let round = 0; round < 3; round++) {
      const { booking, token } = await book(database, addDaysUtc(todayUtc(), 30 + round));
      const responses = await Promise.all([ownerPost(cookie, booking), clientPost(token)]);
      expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
      const refused = responses.find((response) => response.status === 409)!;
      expect((await errorOf(refused)).code).toBe('already_cancelled');
    }
    const kinds = await query<{ kind: string; n: number }>(
      database,
      "SELECT kind, count(*)::int AS n FROM outbox WHERE kind LIKE 'cancellation%' GROUP BY kind ORDER BY kind",
    );
    expect(kinds).toEqual([
      { kind: 'cancellation_client', n: 3 },
      { kind: 'cancellation_owner', n: 3 },
    ]);
  });
});

describe.each(databases)('release is one transaction on $name', (database: TestDatabase) => {
  useDatabase(database);
  useTestSmtpServer(database, { ownerEmail: 'owner@lonestar.example', mailFrom: 'bookings@lonestar.example' });

  // On the worker's own database (its files run one after another, so no other test meets the missing table): a new
  // database and its migrations cost 9–15 s a run. The table is put back whatever happens.
  test('when the cancellation mails cannot be queued, nothing is released, spent or audited', async () => {
    const { booking, token } = await book(database);
    // A real fault in the last step of the release: the outbox table is gone.
    await query(database, 'ALTER TABLE outbox RENAME TO outbox_away');
    let away = true;
    try {
      await expect(onDatabase(database, (db) => releaseByCancelLink(db, token, new Date()))).rejects.toThrow(/outbox/);
      await expect(
        onDatabase(database, (db) =>
          releaseByOwner(db, { id: booking.id, kind: 'reservation', username: OWNER.username, reason: 'x', now: new Date() }),
        ),
      ).rejects.toThrow(/outbox/);
      const state = () =>
        query(
          database,
          `SELECT b.is_available, b.cancelled_at, b.cancelled_by, t.used_at,
                  (SELECT count(*)::int FROM audit_log WHERE action = 'booking_cancelled' AND target = b.id::text) AS audited
             FROM bookings b JOIN booking_cancel_tokens t ON t.booking_id = b.id`,
        );
      expect(await state()).toEqual([{ is_available: false, cancelled_at: null, cancelled_by: null, used_at: null, audited: 0 }]);

      await query(database, 'ALTER TABLE outbox_away RENAME TO outbox');
      away = false;
      expect(await onDatabase(database, (db) => releaseByCancelLink(db, token, new Date()))).toMatchObject({ ok: true });
      expect(await state()).toEqual([
        { is_available: true, cancelled_at: expect.any(Date), cancelled_by: 'client', used_at: expect.any(Date), audited: 1 },
      ]);
    } finally {
      if (away) await query(database, 'ALTER TABLE outbox_away RENAME TO outbox');
    }
  });
});
