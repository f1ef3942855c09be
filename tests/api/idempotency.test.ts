import { beforeEach, describe, expect, test } from 'vitest';
import bookings from '../../netlify/functions/bookings';
import contact from '../../netlify/functions/contact';
import retention, { config as retentionConfig } from '../../netlify/functions/retention';
import type { Handler } from '../../netlify/lib/http/endpoint';
import { IDEMPOTENCY_KEYS_PER_IP_PER_HOUR, IDEMPOTENCY_WINDOW_HOURS, requestHash } from '../../netlify/lib/idempotency';
import { addDaysUtc, todayUtc } from '@shared/schemas/dates';
import { EXPECTED_HEADERS, call, holdLock, oneEngine, headersOf, postJson, query, useDatabase } from './support';
import type { TestDatabase } from '../setup/database';
import { inquiry } from '../fixtures';

type Endpoint = {
  name: 'contact' | 'bookings';
  path: string;
  handler: Handler;
  table: string;
  /** A valid body; `n` varies it (another person, another slot). */
  body(n?: number): Record<string, unknown>;
};

const ENDPOINTS: Endpoint[] = [
  {
    name: 'contact',
    path: '/api/contact',
    handler: contact,
    table: 'contact_inquiries',
    body: (n = 0) => inquiry({ lastName: `Rivera ${n}` }),
  },
  {
    name: 'bookings',
    path: '/api/bookings',
    handler: bookings,
    table: 'bookings',
    body: (n = 0) => ({
      date: addDaysUtc(todayUtc(), 40 + n),
      timeSlot: 'evening',
      clientName: 'Hank Porter',
      clientEmail: `hank${n}@example.com`,
      eventType: 'birthday',
    }),
  },
];

function keyed(endpoint: Endpoint, body: unknown, key: string): Request {
  return postJson(endpoint.path, body, { 'idempotency-key': key });
}

async function keyRows(database: TestDatabase) {
  return query<{ endpoint: string; key: string; response_status: number | null; claim: string | null }>(
    database,
    'SELECT endpoint, key, response_status, claim FROM idempotency_keys ORDER BY endpoint, key',
  );
}

async function count(database: TestDatabase, table: string): Promise<number> {
  const [row] = await query<{ n: number }>(database, `SELECT count(*)::int AS n FROM ${table}`);
  return row!.n;
}

describe('the purge of expired keys', () => {
  test('runs every hour, in the retention job', () => {
    expect(retentionConfig.schedule).toBe('@hourly');
  });
});

describe.each(oneEngine)('Idempotency-Key on $name', (database) => {
  useDatabase(database);
  beforeEach(async () => {
    await query(database, 'TRUNCATE idempotency_keys, client_throttle');
  });

  describe.each(ENDPOINTS)('POST $path', (endpoint) => {
    test('a repeat with the same key replays the first answer (status, body, headers) and stores one row', async () => {
      const key = crypto.randomUUID();
      const first = await call(endpoint.handler, keyed(endpoint, endpoint.body(), key));
      expect(first.status).toBe(201);
      expect(first.headers.get('idempotent-replayed')).toBeNull();
      const firstText = await first.text();

      const again = await call(endpoint.handler, keyed(endpoint, endpoint.body(), key));
      expect(again.status).toBe(201);
      expect(await again.text()).toBe(firstText);
      expect(headersOf(again)).toMatchObject({ ...EXPECTED_HEADERS, 'idempotent-replayed': 'true' });

      expect(await count(database, endpoint.table)).toBe(1);
      expect(await keyRows(database)).toEqual([
        { endpoint: endpoint.name, key, response_status: 201, claim: null },
      ]);
    });

    test('the same body with its fields in another order and other spacing is the same request', async () => {
      const key = crypto.randomUUID();
      const body = endpoint.body();
      const first = await call(endpoint.handler, keyed(endpoint, body, key));
      const reordered = JSON.stringify(Object.fromEntries(Object.entries(body).reverse()), null, 2);
      const again = await call(endpoint.handler, keyed(endpoint, reordered, key));
      expect(again.status).toBe(201);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(await again.json()).toEqual(await first.json());
      expect(await count(database, endpoint.table)).toBe(1);
    });

    test('the same key with a different body gets 422 idempotency_key_reused and stores nothing', async () => {
      const key = crypto.randomUUID();
      expect((await call(endpoint.handler, keyed(endpoint, endpoint.body(0), key))).status).toBe(201);
      const changed = await call(endpoint.handler, keyed(endpoint, endpoint.body(1), key));
      expect(changed.status).toBe(422);
      expect(headersOf(changed)).toMatchObject(EXPECTED_HEADERS);
      expect(await changed.json()).toEqual({
        error: {
          code: 'idempotency_key_reused',
          message: 'This retry does not match the request it repeats. Please reload the page and send the form again.',
        },
      });
      expect(await count(database, endpoint.table)).toBe(1);
      expect(await keyRows(database)).toHaveLength(1);
    });

    test('ten simultaneous requests with one key store one row; each answer is the first one or 409 in flight', async () => {
      const key = crypto.randomUUID();
      const responses = await Promise.all(
        Array.from({ length: 10 }, () => call(endpoint.handler, keyed(endpoint, endpoint.body(), key))),
      );
      const statuses = responses.map((response) => response.status);
      expect(statuses.every((status) => status === 201 || status === 409), String(statuses)).toBe(true);
      const created = responses.filter((response) => response.status === 201);
      expect(created.filter((response) => response.headers.get('idempotent-replayed') === null)).toHaveLength(1);
      const bodies = new Set(await Promise.all(created.map((response) => response.text())));
      expect(bodies.size).toBe(1);
      for (const response of responses.filter((r) => r.status === 409)) {
        expect(response.headers.get('retry-after')).toBe('1');
        expect(((await response.json()) as { error: { code: string } }).error.code).toBe('idempotency_key_in_flight');
      }
      expect(await count(database, endpoint.table)).toBe(1);
      expect(await keyRows(database)).toEqual([{ endpoint: endpoint.name, key, response_status: 201, claim: null }]);
      // Once the first has answered, every repeat gets its answer.
      const later = await call(endpoint.handler, keyed(endpoint, endpoint.body(), key));
      expect(await later.text()).toBe([...bodies][0]);
    });

    test('a repeat while the first request with the key is still running gets 409 with Retry-After', async () => {
      const key = crypto.randomUUID();
      const body = endpoint.body();
      // The first request has claimed the key and is still working (its lock runs for another minute).
      await query(
        database,
        `INSERT INTO idempotency_keys (endpoint, key, request_hash, claim, locked_until)
         VALUES ($1, $2, $3, gen_random_uuid(), now() + interval '60 seconds')`,
        [endpoint.name, key, requestHash('POST', endpoint.path, body)],
      );
      const response = await call(endpoint.handler, keyed(endpoint, body, key));
      expect(response.status).toBe(409);
      expect(headersOf(response)).toMatchObject({ ...EXPECTED_HEADERS, 'retry-after': '1' });
      expect(await response.json()).toEqual({
        error: {
          code: 'idempotency_key_in_flight',
          message: 'We are still working on your earlier attempt. Please wait a moment, then try again.',
        },
      });
      expect(await count(database, endpoint.table)).toBe(0);
    });

    test('a key whose request died in flight (lock past) is taken over by the retry', async () => {
      const key = crypto.randomUUID();
      const body = endpoint.body();
      await query(
        database,
        `INSERT INTO idempotency_keys (endpoint, key, request_hash, claim, locked_until, created_at)
         VALUES ($1, $2, $3, gen_random_uuid(), now() - interval '1 second', now() - interval '61 seconds')`,
        [endpoint.name, key, requestHash('POST', endpoint.path, body)],
      );
      const response = await call(endpoint.handler, keyed(endpoint, body, key));
      expect(response.status).toBe(201);
      expect(await count(database, endpoint.table)).toBe(1);
      expect(await keyRows(database)).toEqual([{ endpoint: endpoint.name, key, response_status: 201, claim: null }]);
    });

    test('a key older than 24 hours no longer replays: the request runs as new', async () => {
      const key = crypto.randomUUID();
      expect((await call(endpoint.handler, keyed(endpoint, endpoint.body(0), key))).status).toBe(201);
      await query(database, `UPDATE idempotency_keys SET expires_at = now() - interval '1 second'`);
      const later = await call(endpoint.handler, keyed(endpoint, endpoint.body(1), key));
      expect(later.status).toBe(201);
      expect(later.headers.get('idempotent-replayed')).toBeNull();
      expect(await count(database, endpoint.table)).toBe(2);
      expect(await keyRows(database)).toHaveLength(1);
    });

    test('without the header every request is new, as before, and no key is stored', async () => {
      for (let i = 0; i < 2; i += 1) {
        const response = await call(endpoint.handler, postJson(endpoint.path, endpoint.body(i)));
        expect(response.status).toBe(201);
        expect(response.headers.get('idempotent-replayed')).toBeNull();
      }
      expect(await count(database, endpoint.table)).toBe(2);
      expect(await keyRows(database)).toEqual([]);
    });

    test.each([
      ['empty', ''],
      ['256 characters long', 'k'.repeat(256)],
      ['not ASCII', 'clé-1'],
      ['holding a tab', 'a\tb'],
    ])('a key that is %s gets 400 invalid_idempotency_key and nothing is stored', async (_label, key) => {
      const response = await call(endpoint.handler, keyed(endpoint, endpoint.body(), key));
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        error: {
          code: 'invalid_idempotency_key',
          message: 'The Idempotency-Key header must hold 1 to 255 printable ASCII characters.',
        },
      });
      expect(await count(database, endpoint.table)).toBe(0);
      expect(await keyRows(database)).toEqual([]);
    });

    test('a 255-character key of printable ASCII is accepted', async () => {
      const key = 'A !"#$%&()*+,-./0123456789:;<=>?@Z[\\]^_`az{|}~'.padEnd(255, 'x');
      const response = await call(endpoint.handler, keyed(endpoint, endpoint.body(), key));
      expect(response.status).toBe(201);
      expect((await keyRows(database))[0]!.key).toBe(key);
    });

    test('an invalid body (400) is not stored: the corrected request with the same key goes through', async () => {
      const key = crypto.randomUUID();
      const invalid = await call(endpoint.handler, keyed(endpoint, { ...endpoint.body(), eventType: 'rodeo' }, key));
      expect(invalid.status).toBe(400);
      expect(await keyRows(database)).toEqual([]);
      const corrected = await call(endpoint.handler, keyed(endpoint, endpoint.body(), key));
      expect(corrected.status).toBe(201);
      expect(await count(database, endpoint.table)).toBe(1);
    });

    test('a failure on our side (500) stores nothing and frees the key for the retry', async () => {
      const key = crypto.randomUUID();
      // The database refuses the write once: a real server-side failure in the middle of the transaction.
      await query(database, `ALTER TABLE ${endpoint.table} ADD CONSTRAINT refuse_once CHECK (false) NOT VALID`);
      try {
        const failed = await call(endpoint.handler, keyed(endpoint, endpoint.body(), key));
        expect(failed.status).toBe(500);
        expect(await keyRows(database)).toEqual([]);
      } finally {
        await query(database, `ALTER TABLE ${endpoint.table} DROP CONSTRAINT refuse_once`);
      }
      const retried = await call(endpoint.handler, keyed(endpoint, endpoint.body(), key));
      expect(retried.status).toBe(201);
      expect(retried.headers.get('idempotent-replayed')).toBeNull();
      expect(await count(database, endpoint.table)).toBe(1);
    });
  });

  test('keys are scoped per endpoint: one key on both write endpoints makes two requests', async () => {
    const key = crypto.randomUUID();
    const [inquiry, booking] = ENDPOINTS;
    expect((await call(inquiry!.handler, keyed(inquiry!, inquiry!.body(), key))).status).toBe(201);
    expect((await call(booking!.handler, keyed(booking!, booking!.body(), key))).status).toBe(201);
    expect((await keyRows(database)).map((row) => row.endpoint)).toEqual(['bookings', 'contact']);
  });

  test('a 409 slot_taken is a final answer: its retry replays it even after the slot was freed', async () => {
    const booking = ENDPOINTS[1]!;
    expect((await call(bookings, postJson('/api/bookings', booking.body(0)))).status).toBe(201);
    const key = crypto.randomUUID();
    const rival = { ...booking.body(0), clientEmail: 'ann@example.com', clientName: 'Ann' };
    const taken = await call(bookings, keyed(booking, rival, key));
    expect(taken.status).toBe(409);
    const takenText = await taken.text();
    await query(database, 'UPDATE bookings SET is_available = true');
    const retried = await call(bookings, keyed(booking, rival, key));
    expect(retried.status).toBe(409);
    expect(retried.headers.get('idempotent-replayed')).toBe('true');
    expect(await retried.text()).toBe(takenText);
  });

  test(`one IP stores at most ${IDEMPOTENCY_KEYS_PER_IP_PER_HOUR} keys an hour: key #${IDEMPOTENCY_KEYS_PER_IP_PER_HOUR + 1} is served, not stored; another IP still stores`, async () => {
    const endpoint = ENDPOINTS[0]!;
    const from = (ip: string, n: number, key: string) =>
      call(endpoint.handler, postJson(endpoint.path, endpoint.body(n), { 'idempotency-key': key, 'x-nf-client-connection-ip': ip }));
    // In batches, as a script would send them; every one is a new inquiry with a new key.
    for (let batch = 0; batch < IDEMPOTENCY_KEYS_PER_IP_PER_HOUR; batch += 10) {
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, n) => from('203.0.113.50', batch + n, `filler-${batch + n}`)),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(201));
    }
    expect(await keyRows(database)).toHaveLength(IDEMPOTENCY_KEYS_PER_IP_PER_HOUR);

    const over = await from('203.0.113.50', 1000, 'one-too-many');
    expect(over.status).toBe(201);
    expect(over.headers.get('idempotent-replayed')).toBeNull();
    expect(await keyRows(database)).toHaveLength(IDEMPOTENCY_KEYS_PER_IP_PER_HOUR);
    expect(await count(database, endpoint.table)).toBe(IDEMPOTENCY_KEYS_PER_IP_PER_HOUR + 1);
    // Over the budget a retry is not deduplicated (acceptable for a client sending this many) ...
    expect((await from('203.0.113.50', 1000, 'one-too-many')).status).toBe(201);
    expect(await count(database, endpoint.table)).toBe(IDEMPOTENCY_KEYS_PER_IP_PER_HOUR + 2);
    // ... but a key stored before the budget ran out still replays its answer.
    const replayed = await from('203.0.113.50', 0, 'filler-0');
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(await count(database, endpoint.table)).toBe(IDEMPOTENCY_KEYS_PER_IP_PER_HOUR + 2);

    expect((await from('198.51.100.60', 2000, 'elsewhere')).status).toBe(201);
    expect((await keyRows(database)).map((row) => row.key)).toContain('elsewhere');
    expect(await keyRows(database)).toHaveLength(IDEMPOTENCY_KEYS_PER_IP_PER_HOUR + 1);
  });

  test('a replayed answer or a refused key does not spend the budget', async () => {
    const endpoint = ENDPOINTS[0]!;
    const from = (body: unknown, key: string) =>
      call(endpoint.handler, postJson(endpoint.path, body, { 'idempotency-key': key, 'x-nf-client-connection-ip': '203.0.113.51' }));
    expect((await from(endpoint.body(0), 'first')).status).toBe(201);
    for (let n = 0; n < 3; n += 1) expect((await from(endpoint.body(0), 'first')).status).toBe(201);
    expect((await from(endpoint.body(1), 'first')).status).toBe(422);
    const [row] = await query<{ used: number }>(
      database,
      "SELECT used FROM client_throttle WHERE scope = 'idempotency_keys_per_ip'",
    );
    expect(row!.used).toBe(1);
  });

  test.skipIf(database.name !== 'PostgreSQL')(
    'a real request held up in its transaction: a repeat meanwhile gets 409, after it the answer replays',
    async () => {
      const endpoint = ENDPOINTS[0]!;
      const key = crypto.randomUUID();
      // Another connection locks the inquiries table, so the first request waits after claiming its key.
      const holder = await holdLock(database, 'LOCK TABLE contact_inquiries IN ACCESS EXCLUSIVE MODE');
      const first = call(endpoint.handler, keyed(endpoint, endpoint.body(), key));
      try {
        await expect
          .poll(async () => (await keyRows(database)).length, { timeout: 3_000, interval: 20 })
          .toBe(1);
        const meanwhile = await call(endpoint.handler, keyed(endpoint, endpoint.body(), key));
        expect(meanwhile.status).toBe(409);
        expect(((await meanwhile.json()) as { error: { code: string } }).error.code).toBe('idempotency_key_in_flight');
      } finally {
        await holder.release();
      }
      const answered = await first;
      expect(answered.status).toBe(201);
      const again = await call(endpoint.handler, keyed(endpoint, endpoint.body(), key));
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(await again.text()).toBe(await answered.text());
      expect(await count(database, 'contact_inquiries')).toBe(1);
    },
  );

  describe('the hourly retention job', () => {
    test(`deletes only the keys older than ${IDEMPOTENCY_WINDOW_HOURS} hours`, async () => {
      const endpoint = ENDPOINTS[0]!;
      for (const key of ['old-1', 'old-2', 'fresh']) {
        expect((await call(endpoint.handler, keyed(endpoint, endpoint.body(), key))).status).toBe(201);
      }
      await query(
        database,
        `UPDATE idempotency_keys SET created_at = now() - interval '25 hours', expires_at = now() - interval '1 hour'
         WHERE key LIKE 'old-%'`,
      );
      // One about to expire, still inside its window.
      await query(
        database,
        `INSERT INTO idempotency_keys (endpoint, key, request_hash, response_status, response_body, expires_at)
         VALUES ('bookings', 'almost', repeat('a', 64), 201, '{}', now() + interval '1 minute')`,
      );
      // A scheduled function has no address: Netlify invokes it directly, with the next run in the body.
      const response = await call(
        retention,
        new Request('http://localhost:8888/.netlify/functions/retention', {
          method: 'POST',
          body: JSON.stringify({ next_run: new Date().toISOString() }),
        }),
      );
      expect(response.status).toBe(204);
      expect((await keyRows(database)).map((row) => row.key)).toEqual(['almost', 'fresh']);
      // Nothing else is touched.
      expect(await count(database, 'contact_inquiries')).toBe(3);
      const again = await call(retention, new Request('http://localhost:8888/.netlify/functions/retention', { method: 'POST' }));
      expect(again.status).toBe(204);
      expect((await keyRows(database)).map((row) => row.key)).toEqual(['almost', 'fresh']);
    });
  });
});
