import { afterAll, afterEach, beforeAll, beforeEach, inject, vi } from 'vitest';
import { openConnection } from '../../netlify/lib/db';
import type { Handler } from '../../netlify/lib/http/endpoint';
import { embeddedDatabase, existingDatabase, newDatabaseOn } from '../../scripts/lib/shared-harness/database';
import { invoke } from '../../scripts/lib/shared-harness/functions';
import { withKeptConnection } from '../../scripts/lib/shared-harness/kept-connection';
import type { TestDatabase } from '../setup/database';

const byWorker = inject('apiDatabasesByWorker');

/**
 * This worker's databases (files run side by side, each worker on its own): embedded PGlite always, PostgreSQL too
 * when TEST_DATABASE_URL is set.
 */
export const databases: TestDatabase[] = byWorker[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % byWorker.length]!;

/**
 * This worker's one database for files whose claims sit above the SQL engine (sign-in and devices, e-mail, retention,
 * reminders, idempotency, the lead pipeline, fuzzing): PostgreSQL, production's engine, when TEST_DATABASE_URL gives one (races
 * and locks are real there, never serialised as in PGlite), else the embedded PGlite. Files that prove how the SQL
 * runs on both engines (every write path of a booking, availability, the schema, migrations) use `databases`.
 */
export const oneEngine: TestDatabase[] = [databases.find((database) => database.name === 'PostgreSQL') ?? databases[0]!];

/** Points the functions at `database` (DATABASE_URL, NEON_WS_PROXY) for the enclosing describe block. */
export function useDatabase(database: TestDatabase, options: { reset?: boolean } = { reset: true }): void {
  beforeAll(() => {
    vi.stubEnv('DATABASE_URL', database.url);
    vi.stubEnv('NEON_WS_PROXY', database.wsProxy);
  });
  afterAll(() => {
    vi.unstubAllEnvs();
  });
  // The functions log one line per request; keep the test output readable (tests that check logs spy themselves).
  beforeEach(() => {
    vi.spyOn(console, 'log').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  if (options.reset !== false) {
    beforeEach(async () => {
      // The client throttle too: every test's requests come from the same IP and would otherwise share one budget.
      await query(database, 'TRUNCATE contact_inquiries, inquiry_notes, bookings, proposals, payments, event_details, sale_reminders, booking_reminders, client_throttle');
    });
  }
}

/** Runs SQL directly against a test database (to look at what the functions stored). */
export async function query<Row extends Record<string, unknown>>(
  database: TestDatabase,
  text: string,
  params: readonly unknown[] = [],
): Promise<Row[]> {
  return withKeptConnection(database, async (db) => (await db.query<Row>(text, params)).rows);
}

/** Another client's open transaction holding a lock (holdLock): release() commits it and closes its connection. */
export type HeldLock = { release(): Promise<void> };

/**
 * Opens a connection of its own to `database`, runs BEGIN and `statement` (one that takes a lock: LOCK TABLE …, an
 * UPDATE of a row) and keeps the transaction open until release(): a slow request's stand-in. Fixed limits, not a
 * request's deadline: the test decides when it ends.
 */
export async function holdLock(database: TestDatabase, statement: string): Promise<HeldLock> {
  const connection = await openConnection({
    config: { url: database.url, wsProxy: database.wsProxy || undefined },
    statementTimeoutMs: 0,
    queryTimeoutMs: 60_000,
  });
  try {
    await connection.db.query('BEGIN');
    await connection.db.query(statement);
  } catch (error) {
    await connection.close();
    throw error;
  }
  return {
    async release() {
      try {
        await connection.db.query('COMMIT');
      } finally {
        await connection.close();
      }
    },
  };
}

/**
 * Calls a function's default export the way Netlify does (request id, `waitUntil`, the path parameters of its
 * `config.path`), and waits for its background work (closing). A path Netlify would not route to it throws.
 */
export function call(handler: Handler, request: Request): Promise<Response> {
  return invoke(handler, request, `test-${crypto.randomUUID()}`);
}

/**
 * As call, with a request deadline of `deadlineMs` instead of REQUEST_DEADLINE_MS: for requests sent all at once whose
 * verdict must not hang on this shared machine's load (on Netlify each would run in an instance of its own).
 */
export function callWithin(deadlineMs: number, handler: Handler, request: Request): Promise<Response> {
  return invoke(handler, request, `test-${crypto.randomUUID()}`, deadlineMs);
}

/** A JSON POST to `path` on the site. */
export function postJson(path: string, body: unknown, headers: Record<string, string> = {}): Request {
  return new Request(`http://localhost:8888${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** A GET of `path` on the site. */
export function get(path: string): Request {
  return new Request(`http://localhost:8888${path}`);
}

/** The headers every API answer must carry. */
export const EXPECTED_HEADERS = {
  'cache-control': 'no-store',
  'content-type': 'application/json; charset=utf-8',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'strict-transport-security': 'max-age=63072000; includeSubDomains',
  'cross-origin-resource-policy': 'same-origin',
};

/** The response's headers as a plain object (lower-case names). */
export function headersOf(response: Response): Record<string, string> {
  return Object.fromEntries(response.headers.entries());
}

/**
 * A WebSocket bridge of its own in front of the server at `url` (what NEON_WS_PROXY should hold for it): the
 * project's bridge tunnels only to the one address it was started for.
 */
export async function bridgeTo(url: string): Promise<{ wsProxy: string; stop(): Promise<void> }> {
  const server = await existingDatabase(url);
  return { wsProxy: server.wsProxy!, stop: () => server.stop() };
}

/** A new, empty database of the same kind as `like`, for tests that need one of their own. */
export type FreshDatabase = TestDatabase & { drop(): Promise<void> };

/**
 * Creates an empty database like `like`: a new PGlite (in memory, own bridge) for the embedded one, a new
 * randomly named database on TEST_DATABASE_URL's server for PostgreSQL. `drop()` removes it.
 */
export async function freshDatabase(like: TestDatabase): Promise<FreshDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL?.trim();
  const database =
    like.name === 'PostgreSQL' && serverUrl ? await newDatabaseOn(serverUrl, 'lone_star_fresh') : await embeddedDatabase();
  return { name: like.name, url: database.url, wsProxy: database.wsProxy ?? '', drop: () => database.stop() };
}
