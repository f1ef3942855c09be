import { describe, expect, test } from 'vitest';
import availability from '../../netlify/functions/availability';
import bookings from '../../netlify/functions/bookings';
import { HOLDS_PER_IP_PER_DAY } from '../../netlify/lib/bookings/reserve';
import { REQUEST_DEADLINE_MS } from '../../netlify/lib/deadline';
import { TIME_SLOT_KEYS } from '@shared/schemas/booking';
import { booking, clock, uniqueEmail } from '../fixtures';
import { call, callWithin, databases, get, holdLock, postJson, query, useDatabase } from './support';

// Bursts as a visitor's browser (or a script) sends them: every request at once, bookings with an Idempotency-Key as
// the site's form sends them. A burst may queue, but every answer is a decision (201, 409, 429, 200), never a 503
// while the database is up, and none comes after the request deadline (figures: `npm run bench:burst`).

/** Starts every request at once; the statuses in order and the slowest answer's time in ms. */
async function burst(requests: Array<() => Promise<Response>>): Promise<{ statuses: number[]; slowestMs: number }> {
  const times: number[] = [];
  const statuses = await Promise.all(
    requests.map(async (send) => {
      const started = performance.now();
      const response = await send();
      await response.arrayBuffer();
      times.push(performance.now() - started);
      return response.status;
    }),
  );
  return { statuses, slowestMs: Math.max(...times) };
}

/** How many of `statuses` are each status, e.g. { 201: 1, 409: 19 }. */
function mix(statuses: readonly number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

/** POST /api/bookings from the client at `ip` with a fresh Idempotency-Key (and a longer deadline when given). */
function bookFrom(ip: string, input: ReturnType<typeof booking>, deadlineMs?: number): () => Promise<Response> {
  return () => {
    const request = postJson('/api/bookings', input, {
      'x-nf-client-connection-ip': ip,
      'idempotency-key': crypto.randomUUID(),
    });
    return deadlineMs === undefined ? call(bookings, request) : callWithin(deadlineMs, bookings, request);
  };
}

describe.each(databases)('a burst of requests on $name', (database) => {
  useDatabase(database);

  test('20 simultaneous bookings of one slot from one address: one 201, nineteen 409, no 5xx', async () => {
    const date = clock.day(50);
    const { statuses, slowestMs } = await burst(
      Array.from({ length: 20 }, (_, n) =>
        bookFrom('203.0.113.40', booking({ date, timeSlot: 'evening', clientName: `Racer ${n}`, clientEmail: uniqueEmail('race') })),
      ),
    );
    expect(mix(statuses)).toEqual({ 201: 1, 409: 19 });
    expect(slowestMs).toBeLessThan(REQUEST_DEADLINE_MS + 1_000);
    const rows = await query<{ n: number }>(database, 'SELECT count(*)::int AS n FROM bookings WHERE date = $1', [date]);
    expect(rows[0]!.n).toBe(1);
  });

  test(`40 simultaneous bookings of different slots from one address: exactly ${HOLDS_PER_IP_PER_DAY} × 201, the rest 429, no 5xx`, async () => {
    const before = await query<{ id: string }>(database, 'SELECT id FROM outbox');
    const { statuses, slowestMs } = await burst(
      Array.from({ length: 40 }, (_, n) =>
        bookFrom(
          '203.0.113.41',
          booking({
            date: clock.day(60 + Math.floor(n / TIME_SLOT_KEYS.length)),
            timeSlot: TIME_SLOT_KEYS[n % TIME_SLOT_KEYS.length]!,
            clientEmail: uniqueEmail('burst'),
          }),
        ),
      ),
    );
    expect(mix(statuses)).toEqual({ 201: HOLDS_PER_IP_PER_DAY, 429: 40 - HOLDS_PER_IP_PER_DAY });
    expect(slowestMs).toBeLessThan(REQUEST_DEADLINE_MS + 1_000);
    // Nothing of a refused request stays: no hold, and no mail about a hold that is not there.
    const held = await query<{ id: string }>(database, 'SELECT id FROM bookings WHERE NOT is_available');
    expect(held).toHaveLength(HOLDS_PER_IP_PER_DAY);
    const mails = await query<{ booking_id: string }>(database, 'SELECT booking_id FROM outbox WHERE NOT (id = ANY($1))', [
      before.map((row) => row.id),
    ]);
    expect(new Set(mails.map((row) => row.booking_id))).toEqual(new Set(held.map((row) => row.id)));
  });

  test('100 simultaneous availability reads: all 200', async () => {
    const date = clock.day(70);
    const { statuses } = await burst(Array.from({ length: 100 }, () => () => call(availability, get(`/api/availability/${date}`))));
    expect(mix(statuses)).toEqual({ 200: 100 });
  });

  // A request waits for a lock as long as its deadline allows, not a fixed slice of it: a transaction that keeps the
  // client's budget row for 5 s (longer than the 4 s a statement used to get, shorter than the deadline) makes a burst
  // from that client wait, then answer as usual. PGlite runs one session for every connection, so no lock waits there.
  test.skipIf(database.name !== 'PostgreSQL')(
    'a burst queued 5 s behind a slow transaction on the budget row still answers 201 and 429, no 5xx',
    async () => {
      const ip = '203.0.113.42';
      const reservation = (n: number) =>
        booking({
          date: clock.day(80 + Math.floor(n / TIME_SLOT_KEYS.length)),
          timeSlot: TIME_SLOT_KEYS[n % TIME_SLOT_KEYS.length]!,
          clientEmail: uniqueEmail('queued'),
        });
      expect((await bookFrom(ip, reservation(0))()).status).toBe(201);
      const holder = await holdLock(database, "UPDATE client_throttle SET used = used WHERE scope = 'holds_per_ip'");
      // Held for 5 s while the burst arrives, as a slow request of the same client would.
      const held = new Promise<void>((resolve) => setTimeout(resolve, 5_000)).then(() => holder.release());
      // Each request gets 20 s: the wait is bounded by the request's deadline, however long, not by a slice of a
      // statement's own; and the verdict does not hang on how fast this shared machine does the rest afterwards.
      const { statuses } = await burst(Array.from({ length: 12 }, (_, n) => bookFrom(ip, reservation(1 + n), 20_000)));
      await held;
      expect(mix(statuses)).toEqual({ 201: HOLDS_PER_IP_PER_DAY - 1, 429: 12 - (HOLDS_PER_IP_PER_DAY - 1) });
    },
    30_000,
  );

  // The client's budget row is locked only from its update to the commit: while a booking's own work (its mails)
  // waits, another request of that client can take a unit. PGlite runs one session for every connection: no locks.
  test.skipIf(database.name !== 'PostgreSQL')('the budget row is free while a booking writes its mails', async () => {
    const ip = '203.0.113.43';
    const reservation = (n: number) =>
      booking({ date: clock.day(90), timeSlot: TIME_SLOT_KEYS[n]!, clientEmail: uniqueEmail('mails') });
    expect((await bookFrom(ip, reservation(0))()).status).toBe(201);
    const holder = await holdLock(database, 'LOCK TABLE outbox IN EXCLUSIVE MODE');
    const pending = bookFrom(ip, reservation(1))();
    try {
      await expect
        .poll(
          async () =>
            (await query<{ n: number }>(database, "SELECT count(*)::int AS n FROM pg_locks WHERE NOT granted AND relation = 'outbox'::regclass"))[0]!.n,
          { timeout: 5_000, interval: 20 },
        )
        .toBe(1);
      const budget = await query<{ used: number }>(
        database,
        "SELECT used FROM client_throttle WHERE scope = 'holds_per_ip' FOR UPDATE NOWAIT",
      );
      expect(budget).toEqual([{ used: 1 }]);
    } finally {
      await holder.release();
    }
    expect((await pending).status).toBe(201);
  });
});
