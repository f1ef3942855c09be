import type { Queryable } from '../db';
import { hashSecretToken, newSecretToken, secretTokenFromCookie } from '../secret-token';

/** The session cookie's name: `__Host-` makes browsers insist on Secure, Path=/ and no Domain. */
export const SESSION_COOKIE = '__Host-session';
/** A session ends this long after its last use. */
export const IDLE_TIMEOUT_MS = 12 * 60 * 60 * 1000;
/** A session ends this long after sign-in, however busy. */
export const ABSOLUTE_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

const COOKIE_ATTRIBUTES = 'Path=/; Secure; HttpOnly; SameSite=Strict';

/** The signed-in owner behind a request. */
export type OwnerUser = { id: string; username: string };

/**
 * A session found from its cookie: who, the hash that names the row (to revoke it), and how many sign-ins for the
 * account failed between the previous successful sign-in and this one.
 */
export type OwnerSession = { tokenHash: string; user: OwnerUser; failedSignInsBefore: number };

/** The Set-Cookie value that hands `token` to the browser for the absolute lifetime. */
export function sessionCookie(token: string): string {
  return `${SESSION_COOKIE}=${token}; ${COOKIE_ATTRIBUTES}; Max-Age=${ABSOLUTE_LIFETIME_MS / 1000}`;
}

/** The Set-Cookie value that makes the browser forget the session cookie. */
export function clearedSessionCookie(): string {
  return `${SESSION_COOKIE}=; ${COOKIE_ATTRIBUTES}; Max-Age=0`;
}

/** The session token sent in a request's Cookie header, if it has the token's shape (43 base64url characters). */
export function sessionTokenOf(req: Request): string | undefined {
  return secretTokenFromCookie(req, SESSION_COOKIE);
}

/**
 * Starts a session for `userId`: a fresh 256-bit random token (returned once, for the cookie), stored hashed, with
 * the failed sign-ins since the last visit that the desk shows during this session.
 */
export async function createSession(db: Queryable, userId: string, now: Date, failedSignInsBefore = 0): Promise<string> {
  const token = newSecretToken();
  await db.query(
    `INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at, expires_at, failed_sign_ins_before)
     VALUES ($1, $2, $3, $3, $4, $5)`,
    [hashSecretToken(token), userId, now, new Date(now.getTime() + ABSOLUTE_LIFETIME_MS), failedSignInsBefore],
  );
  return token;
}

/** How stale last_seen_at may get before a request writes it again (saves a write on most requests). */
const TOUCH_INTERVAL = '1 minute';

/**
 * The live session named by `token`, its idle clock restarted at `now` (written at most once a minute); undefined
 * when unknown, idle for more than 12 hours or past its 7 days. The same statement deletes the row only when the
 * database finds it expired by those columns: an answer without the row (unknown, or a lookup that went wrong) never
 * deletes a session that is still live.
 */
export async function findSession(db: Queryable, token: string, now: Date): Promise<OwnerSession | undefined> {
  const tokenHash = hashSecretToken(token);
  const { rows } = await db.query<{ id: string; username: string; failed_sign_ins_before: number }>(
    `WITH live AS (
       SELECT s.token_hash, s.last_seen_at, s.failed_sign_ins_before, u.id, u.username
       FROM sessions s JOIN users u ON u.id = s.user_id
       WHERE s.token_hash = $1 AND s.expires_at > $2::timestamptz AND s.last_seen_at > $3::timestamptz
     ), touched AS (
       UPDATE sessions SET last_seen_at = $2::timestamptz
       WHERE token_hash IN (SELECT token_hash FROM live WHERE last_seen_at < $2::timestamptz - interval '${TOUCH_INTERVAL}')
     ), expired AS (
       DELETE FROM sessions
       WHERE token_hash = $1 AND (expires_at <= $2::timestamptz OR last_seen_at <= $3::timestamptz)
     )
     SELECT id, username, failed_sign_ins_before FROM live`,
    [tokenHash, now, new Date(now.getTime() - IDLE_TIMEOUT_MS)],
  );
  const row = rows[0];
  if (!row) return undefined;
  return { tokenHash, user: { id: row.id, username: row.username }, failedSignInsBefore: row.failed_sign_ins_before };
}

/** Ends one session (sign-out). */
export async function revokeSession(db: Queryable, tokenHash: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE token_hash = $1', [tokenHash]);
}

/** Ends every session of a user (password reset); answers how many there were. */
export async function revokeUserSessions(db: Queryable, userId: string): Promise<number> {
  const { rows } = await db.query('DELETE FROM sessions WHERE user_id = $1 RETURNING 1 AS gone', [userId]);
  return rows.length;
}
