import { done, refused, type Done, type Refused } from '@shared/result';
import type { Queryable } from '../db';
import { recordAudit } from '../audit/log';
import { findDevice, rememberDevice } from './devices';
import { DUMMY_HASH, hashPassword, needsRehash, verifyPassword } from './passwords';
import { createSession, type OwnerUser } from './sessions';

/** Failed sign-ins an account name (from unknown clients), or one known device, gets before each further try must wait. */
export const FREE_FAILURES = 5;
/** The longest wait between tries, in seconds (the delay doubles from 2 s up to this; never a permanent lock). */
export const MAX_DELAY_SECONDS = 15 * 60;

/** The wait in seconds after `failures` failed sign-ins: none for the first five, then 2, 4, 8 … up to 15 minutes. */
export function throttleDelaySeconds(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  return Math.min(MAX_DELAY_SECONDS, 2 ** Math.min(failures - FREE_FAILURES + 1, 10));
}

// The same formula in SQL, for the atomic claim below.
const DELAY_SQL = `CASE WHEN t.failures < ${FREE_FAILURES} THEN 0
  ELSE least(${MAX_DELAY_SECONDS}, power(2, least(t.failures - ${FREE_FAILURES} + 1, 10))) END`;

/** A sign-in that worked: the session's token, the device cookie's token and the failures since the last sign-in. */
export type SignedIn = { user: OwnerUser; token: string; deviceToken: string; failedSignInsBefore: number };

/** What a sign-in attempt came to: signed in, wrong name or password, or a wait of `retryAfterSeconds` first. */
export type SignInResult =
  | Done<SignedIn>
  | Refused<'invalid_credentials'>
  | Refused<'too_many_attempts', { retryAfterSeconds: number }>;

/**
 * Counts this attempt as a failure before the password is checked, in one statement, unless the account name is
 * still waiting out its delay. Two attempts in the same millisecond are serialised on the row, so parallel guesses
 * cannot slip past the throttle. Answers the seconds left to wait, or 0 when the attempt may go ahead.
 */
async function claimAttempt(db: Queryable, key: string, now: Date): Promise<number> {
  const { rows } = await db.query<{ failures: number }>(
    `INSERT INTO sign_in_throttle AS t (username_key, failures, last_failure_at) VALUES ($1, 1, $2::timestamptz)
     ON CONFLICT (username_key) DO UPDATE
       SET failures = t.failures + 1, last_failure_at = greatest(t.last_failure_at, $2::timestamptz)
     WHERE t.failures < ${FREE_FAILURES} OR t.last_failure_at + make_interval(secs => ${DELAY_SQL}) <= $2::timestamptz
     RETURNING failures`,
    [key, now],
  );
  if (rows[0]) return 0;
  const { rows: waiting } = await db.query<{ seconds: number }>(
    `SELECT ceil(extract(epoch FROM t.last_failure_at + make_interval(secs => ${DELAY_SQL}) - $2::timestamptz))::int AS seconds
     FROM sign_in_throttle t WHERE t.username_key = $1`,
    [key, now],
  );
  return Math.max(1, waiting[0]?.seconds ?? 1);
}

/**
 * The throttle row of one known device of an account. A name typed at sign-in could spell the same text, but it
 * would need the device's hash, which never leaves the database.
 */
function deviceThrottleKey(accountKey: string, deviceHash: string): string {
  return `${accountKey}/device/${deviceHash}`;
}

/** Counts one more failed sign-in for the account (shown to the owner at the next successful one). */
async function countFailure(db: Queryable, userId: string): Promise<void> {
  await db.query(
    `INSERT INTO failed_sign_ins AS f (user_id, failures) VALUES ($1, 1)
     ON CONFLICT (user_id) DO UPDATE SET failures = least(f.failures + 1, 1000000000)`,
    [userId],
  );
}

/** Answers the account's failed sign-ins since its last successful one and starts the count again at 0. */
async function takeFailureCount(db: Queryable, userId: string): Promise<number> {
  // One statement: a failure counted meanwhile is either in the figure answered or in a new row, never lost.
  const { rows } = await db.query<{ failures: number }>('DELETE FROM failed_sign_ins WHERE user_id = $1 RETURNING failures', [
    userId,
  ]);
  return rows[0]?.failures ?? 0;
}

/**
 * Checks a username and password. Every attempt costs one scrypt, also for names with no account (checked against
 * a dummy hash), so the time taken does not tell which names exist.
 *
 * Failures are throttled in the database, OWASP's device-cookie way: an attempt from a browser holding a live
 * device cookie of this account (`deviceToken`) counts against that device alone, so guesses from elsewhere never
 * lock the owner out of a browser they signed in from before; any other attempt counts against the account name's
 * bucket for unknown clients. Success clears the bucket it used, re-hashes a password stored with weaker
 * parameters, starts a session and issues a new device token (replacing the one presented). Every failure of a real
 * account is counted for the owner to see. Every outcome is in the audit log (never the password, nor a name that
 * matches no account).
 */
export async function signIn(
  db: Queryable,
  credentials: { username: string; password: string },
  now: Date,
  deviceToken?: string,
): Promise<SignInResult> {
  const key = credentials.username.toLowerCase().slice(0, 200);
  const { rows } = await db.query<{ id: string; username: string; password: string }>(
    'SELECT id, username, password FROM users WHERE lower(username) = $1',
    [key],
  );
  const account = rows[0];
  const device = account && deviceToken ? await findDevice(db, deviceToken, account.id, now) : undefined;
  const bucket = device ? deviceThrottleKey(key, device) : key;
  const detail: Record<string, boolean> = device ? { knownDevice: true } : {};
  const wait = await claimAttempt(db, bucket, now);
  if (wait > 0) {
    if (account) await countFailure(db, account.id);
    await recordAudit(db, { actor: account?.username ?? null, action: 'sign_in_failed', detail: { throttled: true, ...detail } });
    return refused('too_many_attempts', { retryAfterSeconds: wait });
  }
  const matches = await verifyPassword(credentials.password, account?.password ?? DUMMY_HASH);
  if (!account || !matches) {
    if (account) await countFailure(db, account.id);
    await recordAudit(db, { actor: account?.username ?? null, action: 'sign_in_failed', detail: { throttled: false, ...detail } });
    return refused('invalid_credentials');
  }
  await db.query('DELETE FROM sign_in_throttle WHERE username_key = $1', [bucket]);
  if (needsRehash(account.password)) {
    await db.query('UPDATE users SET password = $2 WHERE id = $1', [account.id, await hashPassword(credentials.password)]);
  }
  const failedSignInsBefore = await takeFailureCount(db, account.id);
  const token = await createSession(db, account.id, now, failedSignInsBefore);
  const newDeviceToken = await rememberDevice(db, account.id, now, device);
  await recordAudit(db, { actor: account.username, action: 'sign_in', detail });
  return done({ user: { id: account.id, username: account.username }, token, deviceToken: newDeviceToken, failedSignInsBefore });
}
