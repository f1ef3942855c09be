-- 007: the owner can always get in (OWASP "Slow Down Online Guessing Attacks with Device Cookies"), and sees how
-- many sign-ins failed since the last one.

-- One row per browser where an owner signed in successfully. Only the SHA-256 of the device cookie's random token
-- is stored (hex), so a copy of this table cannot be turned into cookies. A device row does not sign anyone in: it
-- only lets that browser's attempts count against a throttle of its own (sign_in_throttle, key
-- '<lower username>/device/<token_hash>') instead of the account's bucket for unknown clients (key '<lower
-- username>'), so guesses from elsewhere never lock the owner out of a browser they used before.
CREATE TABLE owner_devices (
  token_hash text PRIMARY KEY CONSTRAINT owner_devices_token_hash_is_sha256 CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  CONSTRAINT owner_devices_expiry_after_creation CHECK (expires_at > created_at)
);
CREATE INDEX owner_devices_user_id_idx ON owner_devices (user_id);
CREATE INDEX owner_devices_expires_at_idx ON owner_devices (expires_at);

-- Failed sign-ins for an account since its last successful one, from anywhere (known devices, unknown clients,
-- refused while throttled); no row means none. A successful sign-in deletes the row and moves the figure into the
-- new session. A table of its own, so the spec's users table keeps its three columns.
CREATE TABLE failed_sign_ins (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  failures integer NOT NULL CONSTRAINT failed_sign_ins_failures_positive CHECK (failures > 0)
);

-- What the desk shows for the whole session: "3 failed sign-in attempts since your last visit".
ALTER TABLE sessions ADD COLUMN failed_sign_ins_before integer NOT NULL DEFAULT 0
  CONSTRAINT sessions_failed_sign_ins_before_not_negative CHECK (failed_sign_ins_before >= 0);
