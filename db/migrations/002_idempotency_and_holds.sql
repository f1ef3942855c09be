-- 002: idempotency keys of the write endpoints, and the index the per-address hold limit counts with.

-- One row per Idempotency-Key sent to a write endpoint (keys are scoped per endpoint). A request claims its key by
-- inserting the row with `claim` set and `locked_until` a minute ahead ("in flight"); the same transaction that makes
-- the business write stores the answer (`response_status`, `response_body`, the exact JSON sent) and clears the claim,
-- so an answer is stored exactly when its write is. A claim whose request died keeps no answer and stops counting as
-- in flight at `locked_until`: a retry with the same request may then take the key over. Rows live 24 hours
-- (`expires_at`); the scheduled function purge-idempotency-keys deletes them after that.
CREATE TABLE idempotency_keys (
  endpoint text NOT NULL CONSTRAINT idempotency_keys_endpoint_known CHECK (endpoint IN ('contact', 'bookings')),
  key text NOT NULL CONSTRAINT idempotency_keys_key_printable CHECK (key ~ '^[ -~]{1,255}$'),
  -- SHA-256 (hex) of method, path and the canonical JSON of the request body.
  request_hash text NOT NULL CONSTRAINT idempotency_keys_request_hash_sha256 CHECK (request_hash ~ '^[0-9a-f]{64}$'),
  claim uuid,
  locked_until timestamptz,
  response_status smallint CONSTRAINT idempotency_keys_final_status CHECK (response_status BETWEEN 200 AND 499),
  response_body text,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL DEFAULT now() + interval '24 hours',
  PRIMARY KEY (endpoint, key),
  -- Either in flight (a claim, no answer) or answered (an answer, no claim).
  CONSTRAINT idempotency_keys_claimed_or_answered CHECK (
    (claim IS NOT NULL AND locked_until IS NOT NULL AND response_status IS NULL AND response_body IS NULL)
    OR (claim IS NULL AND locked_until IS NULL AND response_status IS NOT NULL AND response_body IS NOT NULL)
  )
);

-- The purge deletes by age.
CREATE INDEX idempotency_keys_expires_at_idx ON idempotency_keys (expires_at);

-- The hold limit counts one address's current holds (case-insensitive) from a date on.
CREATE INDEX bookings_holds_by_email_idx ON bookings (lower(client_email), date) WHERE NOT is_available;
