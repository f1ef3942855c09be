import * as v from 'valibot';

/** The request header that makes a write safe to retry (the IETF draft "The Idempotency-Key HTTP Header Field"). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

/** An Idempotency-Key value: 1 to 255 printable ASCII characters, compared exactly as sent (a UUID in practice). */
export const IdempotencyKeySchema = v.pipe(
  v.string(),
  v.regex(/^[\x20-\x7E]{1,255}$/, 'The Idempotency-Key header must hold 1 to 255 printable ASCII characters.'),
);
