import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import bookings from '../../netlify/functions/bookings';
import { HOLDS_PER_IP_PER_DAY } from '../../netlify/lib/bookings/reserve';
import { withDatabase } from '../../netlify/lib/db';
import { takeFromThrottle, windowStart, type ThrottleRule } from '../../netlify/lib/throttle';
import { inTransaction } from '../../netlify/lib/transaction';
import type { BookingInput } from '@shared/schemas/booking';
import { addDaysUtc, todayUtc } from '@shared/schemas/dates';
import { MAX_FUTURE_HOLDS, TOO_MANY_HOLDS_MESSAGE } from '@shared/schemas/holds';
import settings from '@content/settings.json';
import { EXPECTED_HEADERS, call, databases, headersOf, postJson, query, useDatabase } from './support';
import type { TestDatabase } from '../setup/database';

const SLOTS = ['morning', 'afternoon', 'evening'] as const;

/** The n-th (date, slot) from 30 days ahead, booked by `email`. */
function reservation(n: number, email: string): BookingInput {
  return {
    date: addDaysUtc(todayUtc(), 30 + Math.floor(n / SLOTS.length)),
    timeSlot: SLOTS[n % SLOTS.length]!,
    clientName: 'Hank Porter',
    clientEmail: email,
    eventType: 'birthday',
  };
}

/** POST /api/bookings from the client at `ip` (the header Netlify itself sets from the connection). */
function bookFrom(ip: string, input: BookingInput): Promise<Response> {
  return call(bookings, postJson('/api/bookings', input, { 'x-nf-client-connection-ip': ip }));
}

async function heldRows(database: TestDatabase): Promise<number> {
  const [row] = await query<{ n: number }>(database, 'SELECT count(*)::int AS n FROM bookings WHERE NOT is_available');
  return row!.n;
}

const TOO_MANY = { error: { code: 'too_many_holds', message: TOO_MANY_HOLDS_MESSAGE } };

/**
 * What one script from one IP gets, as in the review: first `hold@` and its spellings (+tags, dots, a subdomain),
 * then fillers `filler+N@`, then distinct made-up mailboxes; statuses in order.
 */
async function abuseScript(ip: string, attempts: number): Promise<number[]> {
  const addresses = [
    'hold@example.com',
    'hold@example.com',
    'hold@example.com',
    'hold+1@example.com',
    'hold+2@example.com',
    'h.old@example.com',
    'ho.ld@example.com',
    'hold@sub.example.com',
    ...Array.from({ length: 20 }, (_, n) => `filler+${n}@example.com`),
    ...Array.from({ length: attempts }, (_, n) => `guest${n}@sub${n}.example.com`),
  ].slice(0, attempts);
  const statuses: number[] = [];
  for (const [n, email] of addresses.entries()) statuses.push((await bookFrom(ip, reservation(n, email))).status);
  return statuses;
}

describe('the too-many-holds message', () => {
  test('sends the visitor to the phone, from the site settings', () => {
    expect(TOO_MANY_HOLDS_MESSAGE).toContain(settings.site.phone);
    expect(HOLDS_PER_IP_PER_DAY).toBe(10);
  });
});

describe.each(databases)('new holds per client IP per day on $name', (database) => {
  useDatabase(database);

  test(`one IP gets ${HOLDS_PER_IP_PER_DAY} new holds for different mailboxes, then 429 too_many_holds; another IP still books`, async () => {
    for (let n = 0; n < HOLDS_PER_IP_PER_DAY; n += 1) {
      expect((await bookFrom('203.0.113.7', reservation(n, `planner${n}@example${n}.com`))).status).toBe(201);
    }
    const refused = await bookFrom('203.0.113.7', reservation(HOLDS_PER_IP_PER_DAY, 'late@example.net'));
    expect(refused.status).toBe(429);
    expect(headersOf(refused)).toMatchObject(EXPECTED_HEADERS);
    expect(await refused.json()).toEqual(TOO_MANY);
    expect(await heldRows(database)).toBe(HOLDS_PER_IP_PER_DAY);

    // The slot the refused request asked for is still free, for a visitor elsewhere.
    expect((await bookFrom('198.51.100.20', reservation(HOLDS_PER_IP_PER_DAY, 'late@example.net'))).status).toBe(201);
  });

  test('refused requests (slot taken, mailbox at its limit) do not use up the budget', async () => {
    const ip = '203.0.113.8';
    for (let n = 0; n < MAX_FUTURE_HOLDS; n += 1) {
      expect((await bookFrom(ip, reservation(n, 'hank@example.com'))).status).toBe(201);
    }
    for (let n = 0; n < 5; n += 1) {
      expect((await bookFrom(ip, reservation(10 + n, `hank+${n}@example.com`))).status).toBe(422);
      expect((await bookFrom(ip, reservation(0, `other${n}@example.com`))).status).toBe(409);
    }
    for (let n = MAX_FUTURE_HOLDS; n < HOLDS_PER_IP_PER_DAY; n += 1) {
      expect((await bookFrom(ip, reservation(20 + n, `guest${n}@example.com`))).status).toBe(201);
    }
    expect((await bookFrom(ip, reservation(40, 'one-more@example.com'))).status).toBe(429);
  });

  test(`20 simultaneous requests from one IP for different mailboxes: exactly ${HOLDS_PER_IP_PER_DAY} holds`, async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, n) => bookFrom('203.0.113.9', reservation(n, `rush${n}@example.com`))),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(HOLDS_PER_IP_PER_DAY);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20 - HOLDS_PER_IP_PER_DAY);
    expect(await heldRows(database)).toBe(HOLDS_PER_IP_PER_DAY);
  });

  test('stores a SHA-256 of the IP, never the IP itself', async () => {
    expect((await bookFrom('203.0.113.10', reservation(0, 'ann@example.com'))).status).toBe(201);
    const rows = await query<{ scope: string; client_key: string; used: number }>(
      database,
      'SELECT scope, client_key, used FROM client_throttle',
    );
    const expected = createHash('sha256').update('holds_per_ip\n203.0.113.10').digest('hex');
    expect(rows).toEqual([{ scope: 'holds_per_ip', client_key: expected, used: 1 }]);
    const all = await query<{ text: string }>(database, 'SELECT row_to_json(t)::text AS text FROM client_throttle t');
    expect(all[0]!.text).not.toContain('203.0.113.10');
  });

  test(`one script from one IP, as in the review, gets ${HOLDS_PER_IP_PER_DAY} holds at most`, async () => {
    const started = performance.now();
    const statuses = await abuseScript('203.0.113.11', 40);
    const seconds = (performance.now() - started) / 1000;
    const created = statuses.filter((status) => status === 201).length;
    const firstRefusal = statuses.findIndex((status) => status !== 201);
    // Figures for the report: holds obtained, the request that was refused first, the time taken.
    process.stdout.write(
      `[holds-per-ip ${database.name}] 40 requests in ${seconds.toFixed(1)} s: ${created} holds, ` +
        `first refusal at request ${firstRefusal + 1} (${statuses[firstRefusal]}), statuses ${statuses.join(' ')}\n`,
    );
    expect(statuses.slice(0, 3)).toEqual([201, 201, 201]);
    // hold+1@, hold+2@ are hold@'s mailbox; h.old@, ho.ld@, hold@sub. are other mailboxes (example.com keeps dots).
    expect(statuses.slice(3, 8)).toEqual([422, 422, 201, 201, 201]);
    expect(created).toBe(HOLDS_PER_IP_PER_DAY);
  });
});

describe.each(databases)('the client throttle on $name', (database) => {
  useDatabase(database);
  const RULE: ThrottleRule = { scope: 'holds_per_ip', limit: 2, windowSeconds: 86_400 };
  const take = (ip: string, now: Date) =>
    withDatabase(undefined, (db) => inTransaction(db, (tx) => takeFromThrottle(tx, RULE, ip, now)), {
      config: { url: database.url, wsProxy: database.wsProxy },
    });

  test('counts per fixed UTC window: the budget is back in the next one', async () => {
    const day = new Date('2031-05-06T23:59:59.000Z');
    expect(windowStart(day, RULE.windowSeconds).toISOString()).toBe('2031-05-06T00:00:00.000Z');
    expect([await take('192.0.2.1', day), await take('192.0.2.1', day), await take('192.0.2.1', day)]).toEqual([
      true,
      true,
      false,
    ]);
    expect(await take('192.0.2.2', day)).toBe(true);
    expect(await take('192.0.2.1', new Date('2031-05-07T00:00:00.000Z'))).toBe(true);
  });

  test('a refusal stores nothing more, and a rolled-back take spends nothing', async () => {
    const now = new Date('2031-05-06T12:00:00.000Z');
    await withDatabase(
      undefined,
      async (db) => {
        await db.query('BEGIN');
        expect(await takeFromThrottle(db as never, RULE, '192.0.2.3', now)).toBe(true);
        await db.query('ROLLBACK');
      },
      { config: { url: database.url, wsProxy: database.wsProxy } },
    );
    expect([await take('192.0.2.3', now), await take('192.0.2.3', now), await take('192.0.2.3', now)]).toEqual([
      true,
      true,
      false,
    ]);
    const rows = await query<{ used: number; window_end: string }>(
      database,
      'SELECT used, window_end FROM client_throttle',
    );
    expect(rows.map((row) => [row.used, new Date(row.window_end).toISOString()])).toEqual([[2, '2031-05-07T00:00:00.000Z']]);
  });
});
