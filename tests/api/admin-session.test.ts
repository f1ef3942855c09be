import { scryptSync } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest';
import { config } from '../../netlify/functions/admin-session';
import type { Handler } from '../../netlify/lib/http/endpoint';
import { withDatabase } from '../../netlify/lib/db';
import { DUMMY_HASH, needsRehash, verifyPassword } from '../../netlify/lib/owner/passwords';
import { ABSOLUTE_LIFETIME_MS, IDLE_TIMEOUT_MS } from '../../netlify/lib/owner/sessions';
import { hashSecretToken } from '../../netlify/lib/secret-token';
import { setOwnerPassword } from '../../netlify/lib/owner/users';
import { SIGN_IN_FAILED_MESSAGE } from '@shared/schemas/owner';
import {
  OWNER,
  SITE,
  auditMark,
  auditSince,
  callWith,
  cookieFrom,
  createOwner,
  deskRequest,
  OWNER_PASSWORD_HASH,
  hashOnce,
  resetOwnerTables,
  sessionCookieOf,
} from './admin-support';
import { EXPECTED_HEADERS, oneEngine, headersOf, query, useDatabase } from './support';

const signInRequest = (credentials: unknown, options: { cookie?: string } = {}) =>
  deskRequest('POST', '/api/admin/session', { body: credentials, ...options });

const INVALID = { error: { code: 'invalid_credentials', message: SIGN_IN_FAILED_MESSAGE } };

// The password check, passed through: a test reads which hash each sign-in was checked against.
vi.mock('../../netlify/lib/owner/passwords', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../netlify/lib/owner/passwords')>();
  return { ...real, verifyPassword: vi.fn(real.verifyPassword) };
});

// The handler, loaded after the mock: a worker runs several files in one module registry (the api project does not
// isolate files), so an earlier file may hold the sign-in module already, bound to the real check. It is loaded afresh
// here and dropped after this file, so the next file in this worker gets the real one.
let session: Handler;
beforeAll(async () => {
  vi.resetModules();
  ({ default: session } = await import('../../netlify/functions/admin-session'));
});
afterAll(() => {
  vi.resetModules();
});

describe('/api/admin/session config', () => {
  test('is served at /api/admin/session with a per-IP rate limit', () => {
    expect(config).toEqual({
      path: '/api/admin/session',
      rateLimit: { windowLimit: 10, windowSize: 60, aggregateBy: ['ip', 'domain'], action: 'rate_limit' },
    });
  });
});

// Sign-ins with a password cost one scrypt each, wrong ones too, by design: tests about signing in sign in; tests
// about what a session does afterwards start it in the database as sign-in does (sessionCookieOf). A test here runs
// up to 7 scrypts; on a machine shared by several test runs one can take seconds, past the api project's 30 s.
describe.each(oneEngine)('/api/admin/session on $name', { timeout: 120_000 }, (database) => {
  useDatabase(database);
  resetOwnerTables(database);
  afterEach(() => {
    vi.useRealTimers();
  });

  const signIn = async (credentials: unknown = OWNER) => callWith(session, signInRequest(credentials));
  const whoAmI = (cookie?: string) => callWith(session, deskRequest('GET', '/api/admin/session', { cookie }));

  test('GET without a session answers 401 in the one error shape', async () => {
    const response = await whoAmI();
    expect(response.status).toBe(401);
    expect(headersOf(response)).toMatchObject(EXPECTED_HEADERS);
    expect(await response.json()).toEqual({
      error: { code: 'unauthenticated', message: 'Please sign in to the owner’s desk.' },
    });
  });

  test('signs in: 200 { user }, a __Host- cookie, only the token hash stored, then GET knows the owner', async () => {
    await createOwner(database);
    const mark = await auditMark(database);
    const response = await signIn();
    expect(response.status).toBe(200);
    expect(headersOf(response)).toMatchObject(EXPECTED_HEADERS);
    expect(await response.json()).toEqual({ user: { username: 'Dolores' }, failedSignIns: 0 });
    const setCookie = response.headers.getSetCookie()[0]!;
    expect(setCookie).toMatch(/^__Host-session=[A-Za-z0-9_-]{43}; /);
    expect(setCookie.split('; ').slice(1).sort()).toEqual(
      ['HttpOnly', 'Max-Age=604800', 'Path=/', 'SameSite=Strict', 'Secure'].sort(),
    );
    const token = cookieFrom(response).split('=')[1]!;
    const rows = await query<{ token_hash: string }>(database, 'SELECT token_hash FROM sessions');
    expect(rows).toEqual([{ token_hash: hashSecretToken(token) }]);
    expect(JSON.stringify(rows)).not.toContain(token);

    const me = await whoAmI(cookieFrom(response));
    expect(me.status).toBe(200);
    // The owner's stored hash (written once in admin-support.ts) has the current parameters: nothing was re-hashed.
    expect(needsRehash(OWNER_PASSWORD_HASH)).toBe(false);
    expect(await query(database, 'SELECT password FROM users')).toEqual([{ password: OWNER_PASSWORD_HASH }]);
    expect(await me.json()).toEqual({ user: { username: 'Dolores' }, failedSignIns: 0 });
    expect(await auditSince(database, mark)).toEqual([{ actor: 'Dolores', action: 'sign_in', target: null, detail: {} }]);
  });

  test('the username is matched regardless of case, the password exactly', async () => {
    await createOwner(database);
    const response = await signIn({ username: '  dOLORES ', password: OWNER.password });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ user: { username: 'Dolores' }, failedSignIns: 0 });
    const wrongCase = await signIn({ username: 'Dolores', password: OWNER.password.toUpperCase() });
    expect(wrongCase.status).toBe(401);
  });

  test('a wrong password and an unknown username get the same 401, no cookie, and are audited without secrets', async () => {
    await createOwner(database);
    const mark = await auditMark(database);
    const wrong = await signIn({ username: OWNER.username, password: 'not-the-password-at-all' });
    const unknown = await signIn({ username: 'nobody-here', password: 'not-the-password-at-all' });
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(401);
      expect(response.headers.get('set-cookie')).toBeNull();
      expect(await response.json()).toEqual(INVALID);
    }
    const entries = await auditSince(database, mark);
    expect(entries).toEqual([
      { actor: 'Dolores', action: 'sign_in_failed', target: null, detail: { throttled: false } },
      { actor: null, action: 'sign_in_failed', target: null, detail: { throttled: false } },
    ]);
    expect(JSON.stringify(entries)).not.toMatch(/not-the-password|nobody-here/);
    expect(await query(database, 'SELECT token_hash FROM sessions')).toEqual([]);
  });

  // How long it takes beside one scrypt is a figure of `npm run bench:timing`; here, that the full check runs.
  test('an unknown username costs a full password check (timing does not reveal which names exist)', async () => {
    await createOwner(database);
    vi.mocked(verifyPassword).mockClear();
    expect((await signIn({ username: 'nobody-here', password: 'whatever-it-is-123' })).status).toBe(401);
    // One scrypt at the production cost: the typed password against a well-formed hash of the current parameters.
    expect(vi.mocked(verifyPassword).mock.calls).toEqual([['whatever-it-is-123', DUMMY_HASH]]);
    expect(needsRehash(DUMMY_HASH)).toBe(false);
  });

  test('after 5 failures the account name waits 2 s, then 4 s: 429 with Retry-After, even for the right password', async () => {
    await createOwner(database);
    // The throttle judges time by the request's clock: frozen here, so a slow machine cannot let the wait pass.
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await signIn({ username: OWNER.username, password: `wrong-password-${attempt}` })).status).toBe(401);
    }
    const throttled = await signIn();
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toBe('2');
    expect(await throttled.json()).toEqual({
      error: { code: 'too_many_attempts', message: 'Too many sign-in attempts. Please wait 2 seconds and try again.' },
    });
    // The wait is over: one more try is allowed (a failure doubles the wait), and the right password signs in.
    vi.setSystemTime(start + 2_000);
    expect((await signIn({ username: OWNER.username, password: 'wrong-password-6' })).status).toBe(401);
    const [row] = await query<{ failures: number }>(database, 'SELECT failures FROM sign_in_throttle');
    expect(row!.failures).toBe(6);
    vi.setSystemTime(start + 5_000);
    const waiting = await signIn();
    expect(waiting.status).toBe(429);
    expect(waiting.headers.get('retry-after')).toBe('1');
    vi.setSystemTime(start + 6_000);
    const ok = await signIn();
    expect(ok.status).toBe(200);
    expect(await query(database, 'SELECT * FROM sign_in_throttle')).toEqual([]);
  });

  test('the wait is capped at 15 minutes, never a permanent lock', async () => {
    await createOwner(database);
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    await query(database, "INSERT INTO sign_in_throttle (username_key, failures, last_failure_at) VALUES ('dolores', 500, $1)", [
      new Date(start),
    ]);
    vi.setSystemTime(start + 899_000);
    const waiting = await signIn();
    expect(waiting.status).toBe(429);
    expect(waiting.headers.get('retry-after')).toBe('1');
    vi.setSystemTime(start + 900_000);
    expect((await signIn()).status).toBe(200);
  });

  test('parallel guesses in the same instant cannot slip past the throttle', async () => {
    await createOwner(database);
    // Seven scrypts at once: callWith gives each the desk calls' longer deadline (DESK_CALL_DEADLINE_MS).
    const guess = (index: number) => signIn({ username: OWNER.username, password: `parallel-guess-${index}` });
    const statuses = await Promise.all(Array.from({ length: 7 }, (_, index) => guess(index))).then((responses) =>
      responses.map((response) => response.status).sort(),
    );
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });

  test('unknown names are throttled the same way as real ones', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await signIn({ username: 'ghost', password: `wrong-password-${attempt}` })).status).toBe(401);
    }
    expect((await signIn({ username: 'ghost', password: 'wrong-password-6' })).status).toBe(429);
  });

  test('each sign-in gets a fresh token; a token presented at sign-in is revoked', async () => {
    await createOwner(database);
    const first = await sessionCookieOf(database);
    const second = await callWith(session, signInRequest(OWNER, { cookie: first }));
    expect(second.status).toBe(200);
    expect(cookieFrom(second)).not.toBe(first);
    expect((await whoAmI(first)).status).toBe(401);
    expect((await whoAmI(cookieFrom(second))).status).toBe(200);
  });

  test('DELETE signs out: 204, cookie cleared, the session is gone for good', async () => {
    await createOwner(database);
    const cookie = await sessionCookieOf(database);
    const mark = await auditMark(database);
    const out = await callWith(session, deskRequest('DELETE', '/api/admin/session', { cookie }));
    expect(out.status).toBe(204);
    expect(out.headers.get('set-cookie')).toBe('__Host-session=; Path=/; Secure; HttpOnly; SameSite=Strict; Max-Age=0');
    expect(await out.text()).toBe('');
    const after = await whoAmI(cookie);
    expect(after.status).toBe(401);
    expect(after.headers.get('set-cookie')).toContain('Max-Age=0');
    expect(await query(database, 'SELECT token_hash FROM sessions')).toEqual([]);
    expect(await auditSince(database, mark)).toEqual([{ actor: 'Dolores', action: 'sign_out', target: null, detail: {} }]);
    expect((await callWith(session, deskRequest('DELETE', '/api/admin/session', { cookie }))).status).toBe(401);
  });

  test('a password reset ends every session of that owner', async () => {
    await createOwner(database);
    const cookies = [await sessionCookieOf(database), await sessionCookieOf(database)];
    const hash = await hashOnce('a-brand-new-long-password');
    const result = await withDatabase(undefined, (db) => setOwnerPassword(db, 'dolores', hash, { reset: true }), {
      config: { url: database.url, wsProxy: database.wsProxy },
    });
    expect(result).toEqual({ outcome: 'reset', username: 'Dolores', calendarFeedRevoked: false, sessionsRevoked: 2 });
    for (const cookie of cookies) expect((await whoAmI(cookie)).status).toBe(401);
    expect((await signIn()).status).toBe(401);
    expect((await signIn({ username: 'Dolores', password: 'a-brand-new-long-password' })).status).toBe(200);
  });

  test('a session ends after 12 idle hours, and after 7 days however busy (injected clock)', async () => {
    await createOwner(database);
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const cookie = await sessionCookieOf(database);
    // Used every 11 hours, it lives until the absolute limit.
    let at = start;
    while (at + 11 * 3_600_000 < start + ABSOLUTE_LIFETIME_MS) {
      at += 11 * 3_600_000;
      vi.setSystemTime(at);
      expect((await whoAmI(cookie)).status).toBe(200);
    }
    vi.setSystemTime(start + ABSOLUTE_LIFETIME_MS + 1);
    expect((await whoAmI(cookie)).status).toBe(401);

    vi.setSystemTime(start);
    const idle = await sessionCookieOf(database);
    vi.setSystemTime(start + IDLE_TIMEOUT_MS - 60_000);
    expect((await whoAmI(idle)).status).toBe(200);
    vi.setSystemTime(start + 2 * IDLE_TIMEOUT_MS);
    expect((await whoAmI(idle)).status).toBe(401);
  });

  test('a password stored with weaker scrypt parameters is re-hashed at sign-in', async () => {
    const salt = Buffer.from('0123456789abcdef');
    const key = scryptSync(OWNER.password, salt, 32, { N: 2 ** 14, r: 8, p: 1 });
    const weak = `$scrypt$ln=14,r=8,p=1$${salt.toString('base64').replace(/=+$/, '')}$${key.toString('base64').replace(/=+$/, '')}`;
    await query(database, 'INSERT INTO users (username, password) VALUES ($1, $2)', [OWNER.username, weak]);
    expect((await signIn()).status).toBe(200);
    const [row] = await query<{ password: string }>(database, 'SELECT password FROM users');
    expect(row!.password).toMatch(/^\$scrypt\$ln=17,r=8,p=1\$/);
    vi.spyOn(console, 'log').mockImplementation(() => {});
    expect((await signIn()).status).toBe(200);
  });

  test.each([
    ['cross-site fetch', { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }],
    ['same-site subdomain', { 'sec-fetch-site': 'same-site', origin: 'https://shop.localhost:8888' }],
    ['foreign Origin, no Sec-Fetch-Site', { origin: 'https://evil.example' }],
    ['neither header', {}],
  ])('POST and DELETE answer 403 to a %s request', async (_label, from) => {
    await createOwner(database);
    const cookie = await sessionCookieOf(database);
    for (const method of ['POST', 'DELETE']) {
      const response = await callWith(
        session,
        deskRequest(method, '/api/admin/session', { from, cookie, body: method === 'POST' ? OWNER : undefined }),
      );
      expect(response.status).toBe(403);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('cross_site');
    }
    expect((await whoAmI(cookie)).status).toBe(200);
  });

  test('an Origin equal to the site is enough for clients without Sec-Fetch-Site', async () => {
    await createOwner(database);
    const response = await callWith(session, deskRequest('POST', '/api/admin/session', { from: { origin: SITE }, body: OWNER }));
    expect(response.status).toBe(200);
  });

  test('answers 415 to a form post, 400 to broken JSON and names the missing fields', async () => {
    const form = await callWith(
      session,
      deskRequest('POST', '/api/admin/session', {
        body: 'username=a&password=b',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      }),
    );
    expect(form.status).toBe(415);
    expect((await callWith(session, signInRequest('{"username":'))).status).toBe(400);
    const empty = await signIn({});
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({
      error: {
        code: 'invalid_fields',
        message: 'Please check the highlighted fields and try again.',
        fields: { username: 'Please enter your username.', password: 'Please enter your password.' },
      },
    });
  });

  test('answers 405 to PUT', async () => {
    const response = await callWith(session, deskRequest('PUT', '/api/admin/session'));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, POST, DELETE');
  });

  test('a malformed or forged cookie is simply not a session', async () => {
    await createOwner(database);
    for (const cookie of ['__Host-session=abc', `__Host-session=${'A'.repeat(43)}`, `session=${'A'.repeat(43)}`]) {
      expect((await whoAmI(cookie)).status).toBe(401);
    }
  });
});
