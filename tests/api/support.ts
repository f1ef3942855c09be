import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, inject, vi } from 'vitest';
import { withDatabase } from '../../netlify/lib/db';
import { startEmbeddedDatabase } from '../../scripts/lib/embedded-db';
import type { EndpointContext, Handler } from '../../netlify/lib/http';
import type { TestDatabase } from '../setup/database';

/** The databases of this run: embedded PGlite always, PostgreSQL too when TEST_DATABASE_URL is set. */
export const databases: TestDatabase[] = inject('apiDatabases');

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
      await query(database, 'TRUNCATE contact_inquiries, bookings');
    });
  }
}

/** Runs SQL directly against a test database (to look at what the functions stored). */
export async function query<Row extends Record<string, unknown>>(
  database: TestDatabase,
  text: string,
  params: readonly unknown[] = [],
): Promise<Row[]> {
  return withDatabase(undefined, async (db) => (await db.query<Row>(text, params)).rows, {
    config: { url: database.url, wsProxy: database.wsProxy },
  });
}

/** Calls a function's default export the way Netlify does, and waits for its background work (closing). */
export async function call(handler: Handler, request: Request): Promise<Response> {
  const background: Promise<unknown>[] = [];
  const context: EndpointContext = {
    requestId: `test-${crypto.randomUUID()}`,
    waitUntil: (promise) => background.push(promise),
  };
  const response = await handler(request, context);
  await Promise.all(background);
  return response;
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

/** A new, empty database of the same kind as `like`, for tests that need one of their own. */
export type FreshDatabase = TestDatabase & { drop(): Promise<void> };

/**
 * Creates an empty database like `like`: a new PGlite (temporary directory, own bridge) for the embedded one, a new
 * randomly named database on TEST_DATABASE_URL's server for PostgreSQL. `drop()` removes it.
 */
export async function freshDatabase(like: TestDatabase): Promise<FreshDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL?.trim();
  if (like.name === 'PostgreSQL' && serverUrl) {
    const admin = { config: { url: serverUrl, wsProxy: like.wsProxy } };
    const name = `lone_star_fresh_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
    await withDatabase(undefined, (db) => db.query(`CREATE DATABASE ${name}`), admin);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return {
      name: like.name,
      url: url.href,
      wsProxy: like.wsProxy,
      drop: async () => {
        await withDatabase(undefined, (db) => db.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`), admin);
      },
    };
  }
  const dir = await mkdtemp(join(tmpdir(), 'lone-star-fresh-'));
  const embedded = await startEmbeddedDatabase({ dataDir: join(dir, 'pgdata') });
  return {
    name: like.name,
    url: embedded.databaseUrl,
    wsProxy: embedded.wsProxy,
    drop: async () => {
      await embedded.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
