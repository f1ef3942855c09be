import { beforeEach } from 'vitest';
import type { Handler } from '../../netlify/lib/http/endpoint';
import { hashPassword } from '../../netlify/lib/owner/passwords';
import { DEVICE_COOKIE, rememberDevice } from '../../netlify/lib/owner/devices';
import { SESSION_COOKIE, createSession } from '../../netlify/lib/owner/sessions';
import { FREE_FAILURES } from '../../netlify/lib/owner/sign-in';
import { setOwnerPassword } from '../../netlify/lib/owner/users';
import { withKeptConnection } from '../../scripts/lib/shared-harness/kept-connection';
import type { TestDatabase } from '../setup/database';
import { callWithin, query } from './support';

/** The site's origin in test requests (what a browser on the desk would send as Origin). */
export const SITE = 'http://localhost:8888';

/** The test owner's credentials. */
export const OWNER = { username: 'Dolores', password: 'saddle-up-at-dawn-2026' };

/**
 * A real scrypt hash of OWNER.password with the production parameters, made once with hashPassword and written here,
 * as DUMMY_HASH is in passwords.ts: the 21 files that create the owner no longer hash it each (one scrypt, about a
 * second on a busy machine, per file and module reset). Every sign-in with OWNER.password checks it at the real cost
 * (admin-session.test.ts: a wrong password against it is refused).
 */
export const OWNER_PASSWORD_HASH = '$scrypt$ln=17,r=8,p=1$MHNIZEARtecPs6hhQm9F5w$OK76JXh8t1GpBk/5hkbYtjwoVfyfBsXXso8piJx70Ck';

// scrypt at OWASP's cost takes about a second on a busy machine: each other password is hashed once per file.
const hashes = new Map<string, Promise<string>>([[OWNER.password, Promise.resolve(OWNER_PASSWORD_HASH)]]);

/** The scrypt hash of `password`, computed once per test file (a real hash with the production parameters). */
export function hashOnce(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

/** Empties the owner tables before each test (the audit log is append-only: tests read only their own entries). */
export function resetOwnerTables(database: TestDatabase): void {
  beforeEach(async () => {
    await query(database, 'TRUNCATE users, sessions, sign_in_throttle CASCADE');
  });
}

/** Creates the test owner (with OWNER_PASSWORD_HASH: no scrypt). */
export async function createOwner(database: TestDatabase, username = OWNER.username): Promise<void> {
  const hash = await hashOnce(OWNER.password);
  await withKeptConnection(database, (db) => setOwnerPassword(db, username, hash, { reset: false }));
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

/**
 * How long a desk call of these tests may take, in ms, in place of the 8 s request deadline. A sign-in costs one scrypt
 * (0.3–0.8 CPU-s here); with three test groups on two cores, a few at once, or one queued behind the embedded
 * database, outlast 8 s, which Netlify gives an instance with a CPU of its own. The deadline itself is tested in
 * db.test, unavailable.test and outage.test.
 */
export const DESK_CALL_DEADLINE_MS = 60_000;

/** Calls a desk function the way Netlify does (routed by its config.path), with DESK_CALL_DEADLINE_MS. */
export function callWith(handler: Handler, request: Request): Promise<Response> {
  return callWithin(DESK_CALL_DEADLINE_MS, handler, request);
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
  return sessionCookieOf(database);
}

/**
 * A new live session of the existing owner `username` (any case), started directly in the database as a sign-in
 * starts it (`createSession`, at the current, possibly faked, Date) without the sign-in's scrypt: for tests about
 * what a session does, not how it is won. Answers the Cookie header value.
 */
export async function sessionCookieOf(database: TestDatabase, username = OWNER.username): Promise<string> {
  const token = await withKeptConnection(database, async (db) => {
    const { rows } = await db.query<{ id: string }>('SELECT id FROM users WHERE lower(username) = lower($1)', [username]);
    return createSession(db, rows[0]!.id, new Date());
  });
  return `${SESSION_COOKIE}=${token}`;
}

/**
 * A device the existing owner `username` signed in from, remembered directly in the database as a sign-in remembers it
 * (`rememberDevice`, at the current, possibly faked, Date) without the sign-in's scrypt: for tests about what a known
 * device may do, not how it becomes known (tests/api/admin-devices.test.ts proves a sign-in sets the cookie). Answers
 * the Cookie header value.
 */
export async function deviceCookieOf(database: TestDatabase, username = OWNER.username): Promise<string> {
  const token = await withKeptConnection(database, async (db) => {
    const { rows } = await db.query<{ id: string }>('SELECT id FROM users WHERE lower(username) = lower($1)', [username]);
    return rememberDevice(db, rows[0]!.id, new Date());
  });
  return `${DEVICE_COOKIE}=${token}`;
}

/**
 * Puts the account name's bucket for unknown clients where five failed sign-ins leave it (locked for 2 s from the
 * current, possibly faked, Date), without the five scrypt checks: for tests about who the lock applies to, not how
 * it is reached (tests/api/admin-session.test.ts proves the five real failures lock).
 */
export async function lockAccountName(database: TestDatabase, username = OWNER.username): Promise<void> {
  await query(
    database,
    `INSERT INTO sign_in_throttle (username_key, failures, last_failure_at) VALUES (lower($1), $3, $2)
     ON CONFLICT (username_key) DO UPDATE SET failures = $3, last_failure_at = $2`,
    [username, new Date(), FREE_FAILURES],
  );
}
