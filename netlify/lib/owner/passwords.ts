import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt cost parameters: N = 2^ln, block size r, parallelism p. */
export type ScryptParams = { ln: number; r: number; p: number };

/** The parameters new hashes use: OWASP's current scrypt recommendation (N=2^17, r=8, p=1, 128 MiB). */
export const CURRENT_PARAMS: ScryptParams = { ln: 17, r: 8, p: 1 };

// Refused outright when reading a stored hash: below this it is not a hash we ever wrote, above it a stored row
// could make one sign-in eat the function's memory or time.
const MIN_PARAMS: ScryptParams = { ln: 14, r: 8, p: 1 };
const MAX_PARAMS: ScryptParams = { ln: 20, r: 32, p: 16 };
const SALT_BYTES = 16;
const KEY_BYTES = 32;
const PHC = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]{16,})\$([A-Za-z0-9+/]{32,})$/;

function memoryFor({ ln, r, p }: ScryptParams): number {
  // scrypt needs 128·N·r bytes (+ 128·r·p); Node refuses anything over maxmem, whose default is 32 MiB.
  return 128 * 2 ** ln * r + 128 * r * p + 1024 * 1024;
}

function derive(password: string, salt: Buffer, params: ScryptParams, keyLength: number): Promise<Buffer> {
  const options: ScryptOptions = { N: 2 ** params.ln, r: params.r, p: params.p, maxmem: memoryFor(params) };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

const b64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '');

/** Hashes `password` with scrypt into a PHC string `$scrypt$ln=17,r=8,p=1$salt$hash`; refuses weaker parameters. */
export async function hashPassword(password: string, params: ScryptParams = CURRENT_PARAMS): Promise<string> {
  if (params.ln < CURRENT_PARAMS.ln || params.r < CURRENT_PARAMS.r || params.p < CURRENT_PARAMS.p) {
    throw new RangeError('scrypt parameters below the minimum (ln=17, r=8, p=1).');
  }
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, params, KEY_BYTES);
  return `$scrypt$ln=${params.ln},r=${params.r},p=${params.p}$${b64(salt)}$${b64(key)}`;
}

type ParsedHash = { params: ScryptParams; salt: Buffer; key: Buffer };

function parse(phc: string): ParsedHash | undefined {
  const match = PHC.exec(phc);
  if (!match) return undefined;
  const params = { ln: Number(match[1]), r: Number(match[2]), p: Number(match[3]) };
  const inRange = (['ln', 'r', 'p'] as const).every(
    (name) => params[name] >= MIN_PARAMS[name] && params[name] <= MAX_PARAMS[name],
  );
  if (!inRange) return undefined;
  return { params, salt: Buffer.from(match[4]!, 'base64'), key: Buffer.from(match[5]!, 'base64') };
}

/** Whether `password` matches the PHC hash (false for a malformed or out-of-range hash). Constant-time compare. */
export async function verifyPassword(password: string, phc: string): Promise<boolean> {
  const parsed = parse(phc);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.params, parsed.key.length);
  return timingSafeEqual(key, parsed.key);
}

/** Whether a stored hash uses weaker parameters than CURRENT_PARAMS (then it is re-hashed at the next sign-in). */
export function needsRehash(phc: string): boolean {
  const parsed = parse(phc);
  if (!parsed) return true;
  return (['ln', 'r', 'p'] as const).some((name) => parsed.params[name] < CURRENT_PARAMS[name]);
}

/**
 * A hash of a random password nobody knows, with the current parameters: sign-in checks the typed password against
 * it when no account has that name, so an unknown name costs the same time as a wrong password.
 */
export const DUMMY_HASH =
  '$scrypt$ln=17,r=8,p=1$pYV1cM7bGCYM6Rs3cT5x4Q$Fz3Dq1h0W2mG7b7hpRkX0y9V3Bq8qN0E5mS6sJq3t2U';
