import { createHash } from 'node:crypto';
import * as v from 'valibot';
import { IDEMPOTENCY_KEY_HEADER, IdempotencyKeySchema } from '@shared/schemas/idempotency-key';
import type { Queryable } from './db';
import { done, refused, type Result } from '@shared/result';
import { reply, replyError } from './http/reply';
import { takeFromThrottle, type ThrottleRule } from './throttle';
import { inTransaction, type Transaction } from './transaction';

/** How long a key and its answer are kept: a repeat within this window gets the stored answer. */
export const IDEMPOTENCY_WINDOW_HOURS = 24;
/** How long a claimed key counts as in flight; a request that died with it frees it after this. */
export const IN_FLIGHT_SECONDS = 60;
/**
 * Most new Idempotency-Keys one client IP may have stored per hour (all endpoints together); beyond it a keyed request
 * is answered normally, but its key is not stored, so the table cannot be filled by one client.
 */
export const IDEMPOTENCY_KEYS_PER_IP_PER_HOUR = 100;
/** The client throttle's budget of stored keys: IDEMPOTENCY_KEYS_PER_IP_PER_HOUR per IP per clock hour (UTC). */
export const IDEMPOTENCY_KEYS_PER_IP: ThrottleRule = {
  scope: 'idempotency_keys_per_ip',
  limit: IDEMPOTENCY_KEYS_PER_IP_PER_HOUR,
  windowSeconds: 3_600,
};

/** The endpoints that take an Idempotency-Key (keys are scoped per endpoint). */
export type IdempotentEndpoint = 'contact' | 'bookings' | 'admin_bookings' | 'admin_payments';

/**
 * A keyed request: where it went, its key, the fingerprint of what it asked, and who asked when (the client's IP as
 * Netlify saw it, the request's clock), for the budget of stored keys.
 */
export type IdempotentRequest = {
  endpoint: IdempotentEndpoint;
  key: string;
  hash: string;
  ip: string | undefined;
  now: Date;
};

/** The Idempotency-Key of a request: absent (undefined), valid, or refused with the schema's message. */
export type IdempotencyKeyHeader = Result<string | undefined, 'invalid_idempotency_key', { message: string }>;

/** Reads and checks the Idempotency-Key header (no header: `key` is undefined and the request works as before). */
export function readIdempotencyKey(req: Request): IdempotencyKeyHeader {
  const value = req.headers.get(IDEMPOTENCY_KEY_HEADER);
  if (value === null) return done(undefined);
  const parsed = v.safeParse(IdempotencyKeySchema, value);
  if (parsed.success) return done(parsed.output);
  return refused('invalid_idempotency_key', { message: parsed.issues[0].message });
}

/** JSON with every object's keys sorted, so the same body always gives the same text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    item !== null && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(
          Object.keys(item)
            .sort()
            .map((name) => [name, (item as Record<string, unknown>)[name]]),
        )
      : item,
  );
}

/** SHA-256 (hex) of the method, the path and the canonical JSON of the parsed body. */
export function requestHash(method: string, path: string, body: unknown): string {
  return createHash('sha256').update(`${method}\n${path}\n${canonicalJson(body)}`).digest('hex');
}

/** The keyed form of `req` (its parsed body, the client's IP, the clock), or undefined when it carried no key. */
export function idempotentRequest(
  req: Request,
  endpoint: IdempotentEndpoint,
  key: string | undefined,
  body: unknown,
  ip: string | undefined,
  now: Date,
): IdempotentRequest | undefined {
  if (key === undefined) return undefined;
  return { endpoint, key, hash: requestHash(req.method, new URL(req.url).pathname, body), ip, now };
}

const IN_FLIGHT = () =>
  replyError(
    409,
    'idempotency_key_in_flight',
    'We are still working on your earlier attempt. Please wait a moment, then try again.',
    { headers: { 'Retry-After': '1' } },
  );

const KEY_REUSED = () =>
  replyError(
    422,
    'idempotency_key_reused',
    'This retry does not match the request it repeats. Please reload the page and send the form again.',
  );

type KeyRow = { request_hash: string; response_status: number | null; response_body: string | null };

// Claimed (ours to answer), answered from the stored key, or over the client's budget with no stored key to answer
// from (the request is then served without its key).
type Claim =
  | { claimed: true; claim: string }
  | { claimed: false; response: Response }
  | { claimed: false; response: undefined };

// A fresh key is inserted as claimed. An existing row is taken over only when it has expired (the retention job has
// not run yet) or when its request died in flight (no answer, lock past) and this is the same request.
const CLAIM_SQL = `
  INSERT INTO idempotency_keys (endpoint, key, request_hash, claim, locked_until, expires_at)
  VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5), now() + make_interval(hours => $6))
  ON CONFLICT (endpoint, key) DO UPDATE
    SET request_hash = EXCLUDED.request_hash, claim = EXCLUDED.claim, locked_until = EXCLUDED.locked_until,
        response_status = NULL, response_body = NULL, created_at = now(), expires_at = EXCLUDED.expires_at
    WHERE idempotency_keys.expires_at <= now()
       OR (idempotency_keys.response_status IS NULL AND idempotency_keys.locked_until <= now()
           AND idempotency_keys.request_hash = EXCLUDED.request_hash)
  RETURNING claim`;

async function claimKey(db: Queryable, request: IdempotentRequest): Promise<Claim> {
  // A row can vanish between the two statements (its request failed and freed it, or it expired): then claim again.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const claim = crypto.randomUUID();
    const { rows: claimed } = await db.query<{ claim: string }>(CLAIM_SQL, [
      request.endpoint,
      request.key,
      request.hash,
      claim,
      IN_FLIGHT_SECONDS,
      IDEMPOTENCY_WINDOW_HOURS,
    ]);
    if (claimed[0]) return { claimed: true, claim };
    const response = await storedKeyAnswer(db, request);
    if (response) return { claimed: false, response };
  }
  return { claimed: false, response: IN_FLIGHT() };
}

/**
 * What a key already stored answers `request`: 422 for a different request, 409 while its first request is in
 * flight, else the stored answer replayed. Undefined when no live key is stored.
 */
async function storedKeyAnswer(db: Queryable, request: IdempotentRequest): Promise<Response | undefined> {
  const { rows } = await db.query<KeyRow>(
    `SELECT request_hash, response_status, response_body FROM idempotency_keys
     WHERE endpoint = $1 AND key = $2 AND expires_at > now()`,
    [request.endpoint, request.key],
  );
  const row = rows[0];
  if (!row) return undefined;
  if (row.request_hash !== request.hash) return KEY_REUSED();
  if (row.response_status === null || row.response_body === null) return IN_FLIGHT();
  return reply(row.response_status, JSON.parse(row.response_body), { 'Idempotent-Replayed': 'true' });
}

/**
 * Claims the key within the client's budget of stored keys (IDEMPOTENCY_KEYS_PER_IP): only a claimed row spends a
 * unit, so a key already stored answers (replay, 422, 409) whatever the budget. A claim over the budget is deleted
 * again in the same transaction: the request is then served without its key.
 */
async function claimWithinBudget(tx: Transaction, request: IdempotentRequest): Promise<Claim> {
  const claim = await claimKey(tx, request);
  if (!claim.claimed) return claim;
  if (await takeFromThrottle(tx, IDEMPOTENCY_KEYS_PER_IP, request.ip, request.now)) return claim;
  await tx.query('DELETE FROM idempotency_keys WHERE endpoint = $1 AND key = $2 AND claim = $3', [
    request.endpoint,
    request.key,
    claim.claim,
  ]);
  return { claimed: false, response: undefined };
}

/** Our claim was taken over (we outlived IN_FLIGHT_SECONDS): the write must not commit. */
class ClaimLostError extends Error {
  override name = 'ClaimLostError';
}

/**
 * Answers a write once per Idempotency-Key. Without a key, `work` simply runs in a transaction. With one, the key is
 * claimed first (one row, whatever the concurrency); a repeat of an answered request replays the stored status and
 * body (`Idempotent-Replayed: true`), a different request under the same key gets 422, a repeat while the first is
 * still running gets 409 with Retry-After. The answer `work` returns is stored in the same transaction as its writes,
 * so either both are kept or neither. `work` returns only final answers (2xx and the business's 4xx); anything it
 * throws (a 5xx) stores nothing and frees the key for an immediate retry. A client past its budget of stored keys
 * (IDEMPOTENCY_KEYS_PER_IP) is served as if it had sent no key: its retries are not deduplicated.
 */
export async function answerOnce(
  db: Queryable,
  request: IdempotentRequest | undefined,
  work: (tx: Transaction) => Promise<Response>,
): Promise<Response> {
  if (!request) return inTransaction(db, work);
  const claim = await inTransaction(db, (tx) => claimWithinBudget(tx, request));
  if (!claim.claimed) return claim.response ?? inTransaction(db, work);
  try {
    return await inTransaction(db, async (tx) => {
      const response = await work(tx);
      const { rows } = await tx.query(
        `UPDATE idempotency_keys
         SET response_status = $4, response_body = $5, claim = NULL, locked_until = NULL
         WHERE endpoint = $1 AND key = $2 AND claim = $3
         RETURNING key`,
        [request.endpoint, request.key, claim.claim, response.status, await response.clone().text()],
      );
      if (rows.length === 0) throw new ClaimLostError();
      return response;
    });
  } catch (error) {
    if (error instanceof ClaimLostError) return IN_FLIGHT();
    await inTransaction(db, (tx) =>
      tx.query('DELETE FROM idempotency_keys WHERE endpoint = $1 AND key = $2 AND claim = $3', [
        request.endpoint,
        request.key,
        claim.claim,
      ]),
    ).catch(() => {});
    throw error;
  }
}
