-- 006: the hold limit counts a mailbox, not a spelling of it; a per-client throttle for new holds and for stored
-- idempotency keys.

-- Mailboxes -----------------------------------------------------------------------------------------------------

-- The mailbox an address reaches, as one key: the same rule as canonicalMailbox in netlify/lib/mailbox.ts (a test
-- runs that function's table through this one): case-folded, a `+tag` dropped, and at gmail.com / googlemail.com
-- the dots of the local part dropped (googlemail.com is gmail.com). Subdomains stay distinct mail domains.
CREATE FUNCTION canonical_mailbox(address text) RETURNS text LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  spaces constant text := E' \t\n\r\f' || chr(11);
  at_sign int := strpos(reverse(address), '@');
  local_part text;
  domain text;
  plus int;
BEGIN
  IF at_sign = 0 THEN
    RETURN lower(btrim(address, spaces));
  END IF;
  -- The last '@' (a quoted local part may hold another).
  at_sign := length(address) - at_sign + 1;
  local_part := lower(btrim(substr(address, 1, at_sign - 1), spaces));
  domain := regexp_replace(lower(btrim(substr(address, at_sign + 1), spaces)), '\.$', '');
  plus := strpos(local_part, '+');
  -- A local part that starts with '+' keeps it: there is no mailbox before the tag.
  IF plus > 1 THEN
    local_part := substr(local_part, 1, plus - 1);
  END IF;
  IF domain IN ('gmail.com', 'googlemail.com') THEN
    local_part := replace(local_part, '.', '');
    domain := 'gmail.com';
  END IF;
  RETURN local_part || '@' || domain;
END;
$$;

-- Filled by the database on every write, whichever code path inserts the row (and for the rows already there when
-- this runs), so the hold limit's count can never miss a row. NULL for blocks (no address).
ALTER TABLE bookings ADD COLUMN client_mailbox text GENERATED ALWAYS AS (canonical_mailbox(client_email)) STORED;

-- The hold limit counts one mailbox's current holds from a date on (replaces the count by lower(client_email)).
CREATE INDEX bookings_holds_by_mailbox_idx ON bookings (client_mailbox, date) WHERE NOT is_available;
DROP INDEX IF EXISTS bookings_holds_by_email_idx;

-- Client throttle -----------------------------------------------------------------------------------------------

-- How much of a budget one client used in one fixed window (netlify/lib/throttle.ts): new holds per IP per day,
-- stored idempotency keys per IP per hour. `client_key` is the SHA-256 (hex) of the scope and the client's network
-- (its IPv4 address, or the /64 of its IPv6 address), never the IP itself. A row is useless once its window has ended (`window_end`); the retention job deletes it then.
CREATE TABLE client_throttle (
  scope text NOT NULL
    CONSTRAINT client_throttle_scope_known CHECK (scope IN ('holds_per_ip', 'idempotency_keys_per_ip')),
  client_key text NOT NULL CONSTRAINT client_throttle_client_key_sha256 CHECK (client_key ~ '^[0-9a-f]{64}$'),
  window_start timestamptz NOT NULL,
  window_end timestamptz NOT NULL,
  used integer NOT NULL CONSTRAINT client_throttle_used_not_negative CHECK (used >= 0),
  PRIMARY KEY (scope, client_key, window_start),
  CONSTRAINT client_throttle_window_ordered CHECK (window_end > window_start)
);

-- The retention job deletes by window end.
CREATE INDEX client_throttle_window_end_idx ON client_throttle (window_end);
