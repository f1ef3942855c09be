import type { Queryable } from '../db';
import { hashSecretToken, newSecretToken, secretTokenFromCookie } from '../secret-token';

/** The device cookie's name: `__Host-` makes browsers insist on Secure, Path=/ and no Domain. */
export const DEVICE_COOKIE = '__Host-device';
/** How long a browser stays a known device after the last successful sign-in there (one year). */
export const DEVICE_LIFETIME_MS = 365 * 24 * 60 * 60 * 1000;

/**
 * The Set-Cookie value that marks this browser as one the owner signed in from. It signs nobody in: it only lets
 * the browser's failed sign-ins count against a throttle of its own (OWASP's device cookies).
 */
export function deviceCookie(token: string): string {
  return `${DEVICE_COOKIE}=${token}; Path=/; Secure; HttpOnly; SameSite=Strict; Max-Age=${DEVICE_LIFETIME_MS / 1000}`;
}

/** The device token sent in a request's Cookie header, if it has the token's shape. */
export function deviceTokenOf(req: Request): string | undefined {
  return secretTokenFromCookie(req, DEVICE_COOKIE);
}

/**
 * The stored hash of the device named by `token`, when it is a live device of `userId`; undefined for an unknown,
 * forged or expired token, or one issued to another account (all of them are unknown clients).
 */
export async function findDevice(db: Queryable, token: string, userId: string, now: Date): Promise<string | undefined> {
  const { rows } = await db.query<{ token_hash: string }>(
    'SELECT token_hash FROM owner_devices WHERE token_hash = $1 AND user_id = $2 AND expires_at > $3::timestamptz',
    [hashSecretToken(token), userId, now],
  );
  return rows[0]?.token_hash;
}

/**
 * Remembers the browser of a successful sign-in as a device of `userId`: a fresh 256-bit token (returned once, for
 * the cookie), stored hashed, valid DEVICE_LIFETIME_MS. The device the browser presented (`replacing`) and the
 * user's expired devices are deleted, so a device token changes at each sign-in and the table does not grow.
 */
export async function rememberDevice(db: Queryable, userId: string, now: Date, replacing?: string): Promise<string> {
  const token = newSecretToken();
  await db.query('DELETE FROM owner_devices WHERE user_id = $1 AND (token_hash = $2 OR expires_at <= $3::timestamptz)', [
    userId,
    replacing ?? '',
    now,
  ]);
  await db.query('INSERT INTO owner_devices (token_hash, user_id, created_at, expires_at) VALUES ($1, $2, $3, $4)', [
    hashSecretToken(token),
    userId,
    now,
    new Date(now.getTime() + DEVICE_LIFETIME_MS),
  ]);
  return token;
}
