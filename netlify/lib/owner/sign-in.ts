import type { Queryable } from '../db';
import { recordAudit } from './audit';
import { DUMMY_HASH, hashPassword, needsRehash, verifyPassword } from './passwords';
import { createSession, type OwnerUser } from './sessions';

/** Failed sign-ins an account name gets before each further try must wait. */
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

/** What a sign-in attempt came to. */
export type SignInResult =
  | { ok: true; user: OwnerUser; token: string }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'throttled'; retryAfterSeconds: number };

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
 * Checks a username and password. Every attempt costs one scrypt, also for names with no account (checked against
 * a dummy hash), so the time taken does not tell which names exist. Failures are throttled per account name in the
 * database; success clears the count, re-hashes a password stored with weaker parameters and starts a session.
 * Every outcome is in the audit log (never the password, nor a name that matches no account).
 */
export async function signIn(
  db: Queryable,
  credentials: { username: string; password: string },
  now: Date,
): Promise<SignInResult> {
  const key = credentials.username.toLowerCase().slice(0, 200);
  const { rows } = await db.query<{ id: string; username: string; password: string }>(
    'SELECT id, username, password FROM users WHERE lower(username) = $1',
    [key],
  );
  const account = rows[0];
  const wait = await claimAttempt(db, key, now);
  if (wait > 0) {
    await recordAudit(db, { actor: account?.username ?? null, action: 'sign_in_failed', detail: { throttled: true } });
    return { ok: false, reason: 'throttled', retryAfterSeconds: wait };
  }
  const matches = await verifyPassword(credentials.password, account?.password ?? DUMMY_HASH);
  if (!account || !matches) {
    await recordAudit(db, { actor: account?.username ?? null, action: 'sign_in_failed', detail: { throttled: false } });
    return { ok: false, reason: 'invalid' };
  }
  await db.query('DELETE FROM sign_in_throttle WHERE username_key = $1', [key]);
  if (needsRehash(account.password)) {
    await db.query('UPDATE users SET password = $2 WHERE id = $1', [account.id, await hashPassword(credentials.password)]);
  }
  const token = await createSession(db, account.id, now);
  await recordAudit(db, { actor: account.username, action: 'sign_in' });
  return { ok: true, user: { id: account.id, username: account.username }, token };
}
