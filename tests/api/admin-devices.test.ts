import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import session from '../../netlify/functions/admin-session';
import { withDatabase } from '../../netlify/lib/db';
import { DEVICE_LIFETIME_MS } from '../../netlify/lib/owner/devices';
import { FREE_FAILURES } from '../../netlify/lib/owner/sign-in';
import { setOwnerPassword } from '../../netlify/lib/owner/users';
import { hashSecretToken } from '../../netlify/lib/secret-token';
import {
  OWNER,
  auditMark,
  auditSince,
  callWith,
  cookieFrom,
  createOwner,
  deskRequest,
  deviceCookieFrom,
  deviceCookieOf,
  hashOnce,
  lockAccountName,
  resetOwnerTables,
} from './admin-support';
import { oneEngine, query, useDatabase } from './support';

const WRONG = { username: OWNER.username, password: 'a-wrong-guess-from-afar' };

// Every sign-in that checks a password costs one scrypt (about a second on a busy machine), also a wrong one, by
// design; a throttled attempt costs none. Where a test is about whom a lock applies to rather than how it is reached,
// the lock is put in the database (lockAccountName) and then shown to hold; the real five failures are proven here
// for a device and in admin-session.test.ts for the account name. Likewise a test that needs a known device to start
// from has it remembered in the database (knownDevice); the first test proves that a sign-in sets it. A test here
// runs at most 10 scrypts.
describe.each(oneEngine)('device cookies on /api/admin/session ($name)', { timeout: 180_000 }, (database) => {
  useDatabase(database);
  resetOwnerTables(database);
  // The throttles judge time by the request's clock: frozen, so a slow machine cannot let a wait pass mid-test.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A sign-in from a browser holding `cookie` (a device cookie, or none: an unknown client). */
  const signIn = (credentials: unknown = OWNER, cookie?: string) =>
    callWith(session, deskRequest('POST', '/api/admin/session', { body: credentials, cookie }));
  const whoAmI = (cookie: string) => callWith(session, deskRequest('GET', '/api/admin/session', { cookie }));
  /** The owner's browser, known from an earlier sign-in (remembered in the database): its device cookie. */
  const knownDevice = () => deviceCookieOf(database);
  /** Locks the account name for unknown clients, and shows it: the right password without a device cookie gets 429. */
  const lockUnknownClients = async () => {
    await lockAccountName(database);
    expect((await signIn()).status).toBe(429);
  };

  test('a sign-in sets a one-year __Host- device cookie beside the session; only its hash is stored', async () => {
    await createOwner(database);
    const response = await signIn();
    const [sessionCookie, device] = response.headers.getSetCookie();
    expect(sessionCookie).toMatch(/^__Host-session=/);
    expect(device).toMatch(/^__Host-device=[A-Za-z0-9_-]{43}; /);
    expect(device!.split('; ').slice(1).sort()).toEqual(
      ['HttpOnly', 'Max-Age=31536000', 'Path=/', 'SameSite=Strict', 'Secure'].sort(),
    );
    const token = deviceCookieFrom(response).split('=')[1]!;
    const rows = await query<{ token_hash: string }>(database, 'SELECT token_hash FROM owner_devices');
    expect(rows).toEqual([{ token_hash: hashSecretToken(token) }]);
  });

  test('the owner with a device cookie signs in at once during and after 100 wrong tries from elsewhere', async () => {
    await createOwner(database);
    let device = await knownDevice();
    const attacker: number[] = [];
    const owner: number[] = [];
    // The owner signs in while the free tries last, on the first locked try, midway and after the last: each of her
    // sign-ins costs a scrypt, and with the clock frozen the locked tries between them all meet the same state.
    const ownerSignsInAfter = new Set([FREE_FAILURES - 2, FREE_FAILURES + 1, 50, 100]);
    for (let attempt = 1; attempt <= 100; attempt += 1) {
      attacker.push((await signIn({ ...WRONG, password: `guess-${attempt}` })).status);
      if (ownerSignsInAfter.has(attempt)) {
        const response = await signIn(OWNER, device);
        owner.push(response.status);
        device = deviceCookieFrom(response);
      }
    }
    expect(attacker.filter((status) => status === 401)).toHaveLength(5);
    expect(attacker.filter((status) => status === 429)).toHaveLength(95);
    expect(owner).toEqual(Array(ownerSignsInAfter.size).fill(200));
    // Unknown clients are still locked out (the owner's sign-ins did not reset their bucket) …
    expect((await signIn()).status).toBe(429);
    // … and guesses racing the owner's sign-in in the same instant do not get in its way.
    const [mine, ...theirs] = await Promise.all([signIn(OWNER, device), ...Array.from({ length: 10 }, () => signIn(WRONG))]);
    expect(mine!.status).toBe(200);
    expect(theirs.map((response) => response.status)).toEqual(Array(10).fill(429));
  });

  test.each([
    ['a forged token', async () => `__Host-device=${'A'.repeat(43)}`],
    ['a malformed cookie', async () => '__Host-device=not-a-token'],
    ['a token whose device was deleted', async () => {
      const cookie = await knownDevice();
      await query(database, 'DELETE FROM owner_devices');
      return cookie;
    }],
  ])('%s is an unknown client: locked out with the others', async (_label, cookieOf) => {
    await createOwner(database);
    const cookie = await cookieOf();
    await lockUnknownClients();
    expect((await signIn(OWNER, cookie)).status).toBe(429);
  });

  test("another account's device cookie is an unknown client for this one", async () => {
    await createOwner(database);
    await createOwner(database, 'Hank');
    const hanks = await deviceCookieOf(database, 'Hank');
    await lockUnknownClients();
    expect((await signIn(OWNER, hanks)).status).toBe(429);
  });

  test('a device cookie expires a year after its last sign-in', async () => {
    await createOwner(database);
    const start = Date.now();
    const device = await knownDevice();
    vi.setSystemTime(start + DEVICE_LIFETIME_MS + 1);
    await lockUnknownClients();
    expect((await signIn(OWNER, device)).status).toBe(429);
  });

  test('5 failures from one known device lock that device only; each device token is used for one sign-in', async () => {
    await createOwner(database);
    const phone = await knownDevice();
    const laptop = await knownDevice();
    for (let attempt = 1; attempt <= 5; attempt += 1) expect((await signIn(WRONG, phone)).status).toBe(401);
    const locked = await signIn(OWNER, phone);
    expect(locked.status).toBe(429);
    expect(locked.headers.get('retry-after')).toBe('2');
    const fromLaptop = await signIn(OWNER, laptop);
    expect(fromLaptop.status).toBe(200);
    expect((await signIn()).status).toBe(200);
    // The laptop's token was replaced at its sign-in: the old one is no longer a known device.
    expect(deviceCookieFrom(fromLaptop)).not.toBe(laptop);
    await lockUnknownClients();
    expect((await signIn(OWNER, laptop)).status).toBe(429);
    expect((await signIn(OWNER, deviceCookieFrom(fromLaptop))).status).toBe(200);
  });

  test('failed attempts since the last sign-in, from anywhere, are answered at sign-in and by GET for the session', async () => {
    await createOwner(database);
    const device = await knownDevice();
    expect((await signIn(WRONG, device)).status).toBe(401); // from the known device
    expect((await signIn(WRONG)).status).toBe(401); // from an unknown client
    await lockAccountName(database);
    expect((await signIn(WRONG)).status).toBe(429); // a throttled one counts too
    await signIn({ username: 'nobody-at-all', password: 'whatever-it-is' }); // no account: counted for nobody
    const mark = await auditMark(database);
    const response = await signIn(OWNER, device);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ user: { username: 'Dolores' }, failedSignIns: 3 });
    const me = await whoAmI(cookieFrom(response));
    expect(await me.json()).toEqual({ user: { username: 'Dolores' }, failedSignIns: 3 });
    expect(await auditSince(database, mark)).toEqual([
      { actor: 'Dolores', action: 'sign_in', target: null, detail: { knownDevice: true } },
    ]);
    const next = await signIn(OWNER, deviceCookieFrom(response));
    expect(await next.json()).toEqual({ user: { username: 'Dolores' }, failedSignIns: 0 });
  });

  test('failures from a known device are audited as such', async () => {
    await createOwner(database);
    const device = await knownDevice();
    const mark = await auditMark(database);
    await signIn(WRONG, device);
    await signIn(WRONG);
    expect(await auditSince(database, mark)).toEqual([
      { actor: 'Dolores', action: 'sign_in_failed', target: null, detail: { throttled: false, knownDevice: true } },
      { actor: 'Dolores', action: 'sign_in_failed', target: null, detail: { throttled: false } },
    ]);
  });

  test('signing out keeps the device cookie; a password reset clears the device throttles too', async () => {
    await createOwner(database);
    const signedIn = await signIn();
    const device = deviceCookieFrom(signedIn);
    const out = await callWith(session, deskRequest('DELETE', '/api/admin/session', { cookie: `${cookieFrom(signedIn)}; ${device}` }));
    expect(out.status).toBe(204);
    expect(out.headers.getSetCookie()).toEqual(['__Host-session=; Path=/; Secure; HttpOnly; SameSite=Strict; Max-Age=0']);
    // One real failure makes each bucket (the device's and the account name's) under the key sign-in gives it;
    // then both are set to where five failures leave them, and shown locked.
    expect((await signIn(WRONG, device)).status).toBe(401);
    expect((await signIn(WRONG)).status).toBe(401);
    await query(database, 'UPDATE sign_in_throttle SET failures = $1', [FREE_FAILURES]);
    expect((await signIn(OWNER, device)).status).toBe(429);
    expect((await signIn()).status).toBe(429);
    expect(await query(database, 'SELECT count(*)::int AS n FROM sign_in_throttle')).toEqual([{ n: 2 }]);
    const hash = await hashOnce('copper kettle mesquite lantern');
    await withDatabase(undefined, (db) => setOwnerPassword(db, 'dolores', hash, { reset: true }), {
      config: { url: database.url, wsProxy: database.wsProxy },
    });
    expect(await query(database, 'SELECT count(*)::int AS n FROM sign_in_throttle')).toEqual([{ n: 0 }]);
    expect((await signIn({ username: 'Dolores', password: 'copper kettle mesquite lantern' }, device)).status).toBe(200);
  });
});
