import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import availability from '../../netlify/functions/availability';
import bookings from '../../netlify/functions/bookings';
import contact from '../../netlify/functions/contact';
import { REQUEST_DEADLINE_MS } from '../../netlify/lib/deadline';
import type { Handler } from '../../netlify/lib/http/endpoint';
import { migrate } from '../../netlify/lib/migrations';
import { startEmbeddedDatabase, type EmbeddedDatabase } from '../../scripts/lib/shared-harness/embedded-db';
import { netlifyContext } from '../../scripts/lib/shared-harness/functions';
import { bridgeTo, databases, get, postJson, query } from '../api/support';
import { UNAVAILABLE, booking, clock, inquiry } from '../fixtures';
import { startBlackhole, startFaultProxy, type FaultProxy } from './fault-proxy';

type Endpoint = { label: string; handler: Handler; request: () => Request; ok: number };

/** One request to each endpoint; `n` makes the inquiry and the booking distinct between rounds. */
function endpoints(n: number): Endpoint[] {
  const date = clock.day(40 + n);
  return [
    { label: 'GET /api/availability', handler: availability, request: () => get(`/api/availability/${date}`), ok: 200 },
    {
      label: 'POST /api/contact',
      handler: contact,
      ok: 201,
      request: () => postJson('/api/contact', inquiry({ firstName: `Round${n}` })),
    },
    {
      label: 'POST /api/bookings',
      handler: bookings,
      ok: 201,
      request: () => postJson('/api/bookings', booking({ date, timeSlot: 'evening', clientName: `Round${n}` })),
    },
  ];
}

/** Calls a handler the way Netlify does and measures how long the visitor waits for the answer. */
async function timedCall(endpoint: Endpoint): Promise<{ response: Response; ms: number; background: Promise<unknown> }> {
  const request = endpoint.request();
  const { context, background } = await netlifyContext(endpoint.handler, request, `outage-${crypto.randomUUID()}`);
  const started = performance.now();
  const response = await endpoint.handler(request, context);
  return { response, ms: performance.now() - started, background: background() };
}

/**
 * Sends one request to every endpoint at once and checks each is the 503 a visitor can act on, after at least `minMs`
 * (how soon is a figure of `npm run bench:timing`: a busy machine bends an upper bound).
 */
async function expectAllUnavailable(round: number, minMs: number): Promise<number[]> {
  const results = await Promise.all(endpoints(round).map(timedCall));
  for (const [index, { response, ms }] of results.entries()) {
    const label = endpoints(round)[index]!.label;
    expect(response.status, label).toBe(503);
    expect(response.headers.get('retry-after'), label).toBe('30');
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await response.json(), label).toEqual(UNAVAILABLE);
    expect(ms, `${label} answered after ${Math.round(ms)} ms`).toBeGreaterThanOrEqual(minMs);
  }
  await Promise.all(results.map((result) => result.background));
  return results.map((result) => Math.round(result.ms));
}

async function expectAllAnswered(round: number): Promise<void> {
  for (const endpoint of endpoints(round)) {
    const { response, background } = await timedCall(endpoint);
    await background;
    expect(response.status, `${endpoint.label}: ${await response.clone().text()}`).toBe(endpoint.ok);
  }
}

beforeEach(() => {
  vi.spyOn(console, 'log').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('a database that stops in the middle of the run', () => {
  let dir = '';
  let database: EmbeddedDatabase;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'lone-star-outage-'));
    database = await startEmbeddedDatabase({ dataDir: join(dir, 'pgdata') });
    await migrate({ config: { url: database.databaseUrl, wsProxy: database.wsProxy } });
  });
  afterAll(async () => {
    await database?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  test('every endpoint answers 503 quickly while it is down, and works again, with nothing lost, once it is back', async () => {
    const use = (db: EmbeddedDatabase) => {
      vi.stubEnv('DATABASE_URL', db.databaseUrl);
      vi.stubEnv('NEON_WS_PROXY', db.wsProxy);
    };
    use(database);
    await expectAllAnswered(1);

    const { wsProxy } = database;
    await database.stop();
    const waits = await expectAllUnavailable(2, 0);
    console.info(`database stopped: 503 after ${waits.join(', ')} ms (availability, contact, bookings)`);

    // The same server comes back on the same addresses and files.
    database = await startEmbeddedDatabase({
      dataDir: join(dir, 'pgdata'),
      wsProxy,
    });
    use(database);
    await expectAllAnswered(3);
    const like = { name: 'embedded PGlite', url: database.databaseUrl, wsProxy: database.wsProxy };
    const inquiries = await query<{ first_name: string }>(like, 'SELECT first_name FROM contact_inquiries ORDER BY created_at');
    expect(inquiries.map((row) => row.first_name)).toEqual(['Round1', 'Round3']);
    const held = await query<{ client_name: string }>(like, 'SELECT client_name FROM bookings ORDER BY created_at');
    expect(held.map((row) => row.client_name)).toEqual(['Round1', 'Round3']);
  }, 60_000);
});

describe('a database that takes the query and then goes silent', () => {
  // An embedded database of its own: its Postgres socket is a Unix socket only its bridge knows (no TCP port to put
  // the fault proxy in front of), so the proxy goes in front of that socket.
  let dir = '';
  let own: EmbeddedDatabase;
  let shared: { name: string; url: string; wsProxy: string };
  let proxy: FaultProxy;
  let bridge: Awaited<ReturnType<typeof bridgeTo>>;
  const proxied = () => `postgres://postgres@127.0.0.1:${proxy.port}/postgres`;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'lone-star-silent-'));
    own = await startEmbeddedDatabase({ dataDir: join(dir, 'pgdata') });
    shared = { name: 'embedded PGlite', url: own.databaseUrl, wsProxy: own.wsProxy };
    await migrate({ config: { url: own.databaseUrl, wsProxy: own.wsProxy } });
    proxy = await startFaultProxy(own.socketPath);
    bridge = await bridgeTo(proxied());
  });
  afterAll(async () => {
    await bridge?.stop();
    await proxy?.stop();
    await own?.stop();
    await rm(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    vi.stubEnv('DATABASE_URL', proxied());
    vi.stubEnv('NEON_WS_PROXY', bridge.wsProxy);
  });

  test(`every endpoint gives up at the ${REQUEST_DEADLINE_MS} ms request deadline and answers 503`, async () => {
    await query(shared, 'TRUNCATE contact_inquiries, inquiry_notes, bookings, proposals, payments, event_details, sale_reminders');
    proxy.setMode('pass');
    await expectAllAnswered(1);

    proxy.setMode('hang-after-connect');
    const waits = await expectAllUnavailable(2, REQUEST_DEADLINE_MS - 200);
    console.info(`database silent after login: 503 after ${waits.join(', ')} ms (availability, contact, bookings)`);

    proxy.setMode('pass');
    await expectAllAnswered(3);
    // Each write runs in a transaction: the silent database swallowed the answer to its BEGIN, so the write was never
    // sent and the transaction died with the connection. (An answer lost after COMMIT is what an Idempotency-Key
    // covers: see tests/api/idempotency.test.ts.)
    const inquiries = await query<{ first_name: string }>(shared, 'SELECT first_name FROM contact_inquiries ORDER BY created_at');
    expect(inquiries.map((row) => row.first_name)).toEqual(['Round1', 'Round3']);
    const held = await query<{ client_name: string }>(shared, 'SELECT client_name FROM bookings ORDER BY created_at');
    expect(held.map((row) => row.client_name)).toEqual(['Round1', 'Round3']);
  }, 60_000);
});

describe('a database address that accepts TCP and never answers (black hole)', () => {
  test.each([
    ['the WebSocket endpoint (NEON_WS_PROXY, like an unreachable Neon)', 'ws'],
    ['the Postgres port behind the bridge', 'postgres'],
  ] as const)(`with %s every endpoint answers 503 at the ${REQUEST_DEADLINE_MS} ms request deadline`, async (_label, where) => {
    const hole = await startBlackhole();
    const url = new URL(databases[0]!.url);
    if (where === 'postgres') url.port = String(hole.port);
    const bridge = await bridgeTo(url.href);
    try {
      vi.stubEnv('DATABASE_URL', url.href);
      vi.stubEnv('NEON_WS_PROXY', where === 'ws' ? `127.0.0.1:${hole.port}` : bridge.wsProxy);
      const waits = await expectAllUnavailable(1, REQUEST_DEADLINE_MS - 200);
      console.info(`black hole at ${where}: 503 after ${waits.join(', ')} ms (availability, contact, bookings)`);
      expect(hole.connections()).toBeGreaterThanOrEqual(3);
    } finally {
      await bridge.stop();
      await hole.stop();
    }
  }, 30_000);
});
