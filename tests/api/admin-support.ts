import { beforeEach } from 'vitest';
import { withDatabase } from '../../netlify/lib/db';
import type { Handler } from '../../netlify/lib/http/endpoint';
import { hashPassword } from '../../netlify/lib/owner/passwords';
import { SESSION_COOKIE, createSession } from '../../netlify/lib/owner/sessions';
import { setOwnerPassword } from '../../netlify/lib/owner/users';
import type { TestDatabase } from '../setup/database';
import { call, query } from './support';

/** The site's origin in test requests (what a browser on the desk would send as Origin). */
export const SITE = 'http://localhost:8888';

/** The test owner's credentials. */
export const OWNER = { username: 'Dolores', password: 'saddle-up-at-dawn-2026' };

let ownerHash: Promise<string> | undefined;

/** Empties the owner tables before each test (the audit log is append-only: tests read only their own entries). */
export function resetOwnerTables(database: TestDatabase): void {
  beforeEach(async () => {
    await query(database, 'TRUNCATE users, sessions, sign_in_throttle CASCADE');
  });
}

/** Creates the test owner (the scrypt hash is computed once per file). */
export async function createOwner(database: TestDatabase, username = OWNER.username): Promise<void> {
  ownerHash ??= hashPassword(OWNER.password);
  const hash = await ownerHash;
  await withDatabase(undefined, (db) => setOwnerPassword(db, username, hash, { reset: false }), {
    config: { url: database.url, wsProxy: database.wsProxy },
  });
}

/** Options of a desk request. */
export type DeskRequestOptions = {
  cookie?: string;
  body?: unknown;
  /** Headers that say where the request comes from; same-origin by default. */
  from?: Record<string, string>;
  headers?: Record<string, string>;
};

/** A request as the desk in a browser sends it: same-origin, JSON body when given, the session cookie when given. */
export function deskRequest(method: string, path: string, options: DeskRequestOptions = {}): Request {
  const headers: Record<string, string> = { ...(options.from ?? { origin: SITE, 'sec-fetch-site': 'same-origin' }) };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  Object.assign(headers, options.headers);
  return new Request(`${SITE}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body),
  });
}

/** Calls a function the way Netlify does: routed by its config.path, path parameters included. */
export function callWith(handler: Handler, request: Request): Promise<Response> {
  return call(handler, request);
}

/** The `name=value` part of a response's (first) Set-Cookie, ready for a Cookie header: the session's at sign-in. */
export function cookieFrom(response: Response): string {
  const setCookie = response.headers.get('set-cookie') ?? '';
  return setCookie.split(';')[0]!;
}

/** The `name=value` of the device cookie a sign-in answer sets (its second Set-Cookie), ready for a Cookie header. */
export function deviceCookieFrom(response: Response): string {
  const device = response.headers.getSetCookie().find((cookie) => cookie.startsWith('__Host-device='));
  if (!device) throw new Error(`no device cookie in a ${response.status} answer`);
  return device.split(';')[0]!;
}

/** The highest audit entry id so far (tests then read only the entries they caused). */
export async function auditMark(database: TestDatabase): Promise<number> {
  const [row] = await query<{ id: number | null }>(database, 'SELECT max(id)::int AS id FROM audit_log');
  return row?.id ?? 0;
}

/** The audit entries written after `mark`, oldest first. */
export function auditSince(database: TestDatabase, mark: number) {
  return query<{ actor: string | null; action: string; target: string | null; detail: Record<string, unknown> }>(
    database,
    'SELECT actor, action, target, detail FROM audit_log WHERE id > $1 ORDER BY id',
    [mark],
  );
}

/** Creates the test owner and a live session for it directly in the database; answers the Cookie header value. */
export async function ownerCookie(database: TestDatabase): Promise<string> {
  await createOwner(database);
  const token = await withDatabase(
    undefined,
    async (db) => {
      const { rows } = await db.query<{ id: string }>('SELECT id FROM users WHERE username = $1', [OWNER.username]);
      return createSession(db, rows[0]!.id, new Date());
    },
    { config: { url: database.url, wsProxy: database.wsProxy } },
  );
  return `${SESSION_COOKIE}=${token}`;
}
