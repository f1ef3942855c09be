-- 003: the owner's desk. Integrity rules in the database (not just in code), owner sessions, a sign-in throttle and
-- an append-only audit log. Applies on top of 001 alone and on top of 002.

-- A date written YYYY-MM-DD that names a real calendar day. make_date raises on 2027-02-29 or month 13; the handler
-- turns that into false, so a CHECK using this never throws. IMMUTABLE: the answer depends on the text alone.
CREATE FUNCTION is_iso_date(value text) RETURNS boolean LANGUAGE plpgsql IMMUTABLE STRICT AS $$
BEGIN
  IF value !~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' THEN
    RETURN false;
  END IF;
  -- Year 0000 is a leap year in the calendar JavaScript's Date uses (which the shared schemas check dates with);
  -- Postgres has no year 0, so it is checked as 2000, the same calendar: the database never refuses what the
  -- schema accepted (which would be a 500).
  PERFORM make_date(coalesce(nullif(substr(value, 1, 4)::int, 0), 2000), substr(value, 6, 2)::int, substr(value, 9, 2)::int);
  RETURN true;
EXCEPTION WHEN others THEN
  RETURN false;
END;
$$;

-- Text that is not blank and at most `max_length` characters (the shared schemas trim and bound it first).
CREATE FUNCTION is_bounded_text(value text, max_length int) RETURNS boolean LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT btrim(value, E' \t\r\n') <> '' AND char_length(value) <= max_length
$$;

-- Users ---------------------------------------------------------------------------------------------------------

-- "Owner" and "owner" are one account.
CREATE UNIQUE INDEX users_username_lower_key ON users (lower(username));
ALTER TABLE users ADD CONSTRAINT users_username_shape CHECK (username ~ '^[A-Za-z0-9._-]{1,64}$') NOT VALID;
ALTER TABLE users VALIDATE CONSTRAINT users_username_shape;

-- Sessions ------------------------------------------------------------------------------------------------------

-- One row per signed-in browser. Only the SHA-256 of the cookie's token is stored (hex), so a copy of this table
-- cannot be used to sign in. A session ends at the first of: expires_at (absolute), 12 h after last_seen_at (idle),
-- sign-out (row deleted), a password reset (all the user's rows deleted).
CREATE TABLE sessions (
  token_hash text PRIMARY KEY CONSTRAINT sessions_token_hash_is_sha256 CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  CONSTRAINT sessions_expiry_after_creation CHECK (expires_at > created_at)
);
CREATE INDEX sessions_user_id_idx ON sessions (user_id);
CREATE INDEX sessions_expires_at_idx ON sessions (expires_at);

-- Failed sign-ins per account name (lower-cased), whether or not such an account exists, so the throttle itself
-- never tells which names are real. The row goes at the next successful sign-in, or with retention.
CREATE TABLE sign_in_throttle (
  username_key text PRIMARY KEY CONSTRAINT sign_in_throttle_key_bounded CHECK (char_length(username_key) <= 200),
  failures integer NOT NULL CONSTRAINT sign_in_throttle_failures_positive CHECK (failures >= 0),
  last_failure_at timestamptz NOT NULL
);
CREATE INDEX sign_in_throttle_last_failure_at_idx ON sign_in_throttle (last_failure_at);

-- Audit log -----------------------------------------------------------------------------------------------------

-- Who did what to what, and when: sign-ins (success and failure), sign-outs, cancellations, blocks, exports and
-- password changes. `actor` is a username (null when a sign-in named no existing account: what was typed is not
-- kept, it may be a password). `detail` holds counts and ids, never a password, token or cookie.
CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  at timestamptz NOT NULL DEFAULT now(),
  actor text CONSTRAINT audit_log_actor_bounded CHECK (char_length(actor) <= 64),
  action text NOT NULL CONSTRAINT audit_log_action_shape CHECK (action ~ '^[a-z_]{1,64}$'),
  target text CONSTRAINT audit_log_target_bounded CHECK (char_length(target) <= 200),
  detail jsonb NOT NULL DEFAULT '{}' CONSTRAINT audit_log_detail_is_object_without_secrets CHECK (
    jsonb_typeof(detail) = 'object' AND NOT detail ?| ARRAY['password', 'token', 'cookie', 'session', 'hash']
  )
);
CREATE INDEX audit_log_at_idx ON audit_log (at);

-- Append-only: no row is ever changed, and a row can only be deleted once it is older than the 24 months the
-- retention job keeps (so that job needs no switch that the application could also flip). TRUNCATE is refused.
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND OLD.at < now() - interval '24 months' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;

CREATE TRIGGER audit_log_no_update_or_early_delete
  BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();

CREATE TRIGGER audit_log_no_truncate
  BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();

-- Bookings ------------------------------------------------------------------------------------------------------

-- A hold is a visitor's reservation (all client fields) or an owner's block (none). Existing rows without complete
-- client data were never reservations the API could have stored: they become blocks.
ALTER TABLE bookings ADD COLUMN kind text NOT NULL DEFAULT 'reservation'
  CONSTRAINT bookings_kind_known CHECK (kind IN ('reservation', 'block'));
-- Who released the hold and when (the row stays as history); null while it holds its slot.
ALTER TABLE bookings ADD COLUMN cancelled_at timestamptz;
ALTER TABLE bookings ADD COLUMN cancelled_by text CONSTRAINT bookings_cancelled_by_bounded CHECK (char_length(cancelled_by) <= 64);

UPDATE bookings SET kind = 'block', client_name = NULL, client_email = NULL, event_type = NULL
WHERE client_name IS NULL OR client_email IS NULL OR event_type IS NULL;

ALTER TABLE bookings ADD CONSTRAINT bookings_date_is_calendar_date CHECK (is_iso_date(date)) NOT VALID;
ALTER TABLE bookings ADD CONSTRAINT bookings_client_data_matches_kind CHECK (
  CASE kind
    WHEN 'block' THEN client_name IS NULL AND client_email IS NULL AND event_type IS NULL
    -- coalesce: a null client field makes the test null, which a CHECK would let through.
    ELSE coalesce(
      is_bounded_text(client_name, 200)
      AND is_bounded_text(client_email, 254) AND client_email LIKE '_%@_%'
      AND event_type IN ('wedding', 'birthday', 'corporate', 'anniversary', 'graduation', 'other'),
      false
    )
  END
) NOT VALID;
ALTER TABLE bookings ADD CONSTRAINT bookings_cancellation_complete CHECK (
  (cancelled_at IS NULL) = (cancelled_by IS NULL) AND (cancelled_at IS NULL OR is_available)
) NOT VALID;
ALTER TABLE bookings VALIDATE CONSTRAINT bookings_date_is_calendar_date;
ALTER TABLE bookings VALIDATE CONSTRAINT bookings_client_data_matches_kind;
ALTER TABLE bookings VALIDATE CONSTRAINT bookings_cancellation_complete;

-- The desk's calendar view reads a date range (held and released rows); retention deletes by date.
CREATE INDEX bookings_date_idx ON bookings (date, time_slot);

-- Inquiries -----------------------------------------------------------------------------------------------------

ALTER TABLE contact_inquiries ADD CONSTRAINT contact_inquiries_fields_valid CHECK (
  is_bounded_text(first_name, 100)
  AND is_bounded_text(last_name, 100)
  AND is_bounded_text(email, 254) AND email LIKE '_%@_%'
  AND is_bounded_text(phone, 30)
  AND event_type IN ('wedding', 'private', 'corporate', 'other')
  AND guest_count ~ '^[1-9][0-9]{0,5}$'
  AND is_iso_date(event_date)
  AND is_bounded_text(event_location, 200)
  AND (message IS NULL OR (message <> '' AND char_length(message) <= 5000))
) NOT VALID;
ALTER TABLE contact_inquiries VALIDATE CONSTRAINT contact_inquiries_fields_valid;

-- What the desk's search looks in: name, e-mail and phone (also as bare digits, so 5125550199 finds (512) 555-0199),
-- lower-cased, so a search is one LIKE per row instead of five ILIKEs. A trigram index on it lets a search find its
-- few rows without reading the table. pg_trgm is on Neon and in PostgreSQL's contrib (the embedded database loads
-- it); where it cannot be created, the search reads the table instead.
CREATE FUNCTION inquiry_search_text(first_name text, last_name text, email text, phone text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT lower(first_name || ' ' || last_name || ' ' || email || ' ' || phone || ' ' || regexp_replace(phone, '[^0-9]', '', 'g'))
$$;

DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
  CREATE INDEX contact_inquiries_search_trgm_idx ON contact_inquiries
    USING gin (inquiry_search_text(first_name, last_name, email, phone) gin_trgm_ops);
EXCEPTION WHEN others THEN
  RAISE NOTICE 'pg_trgm is not available: the desk search reads the table without an index.';
END;
$$;

-- The desk pages newest first with a (created_at, id) cursor; this index serves each page and retention's cutoff.
DROP INDEX contact_inquiries_created_at_idx;
CREATE INDEX contact_inquiries_created_at_id_idx ON contact_inquiries (created_at DESC, id DESC);
