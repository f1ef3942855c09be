-- 001: users, contact inquiries and bookings (spec §3), snake_case columns.

-- The owner's accounts (no endpoint uses them yet). `password` only ever holds a strong, salted hash in PHC string
-- form (argon2id or scrypt), never the password itself: the CHECK refuses anything else.
CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  username text NOT NULL UNIQUE,
  password text NOT NULL CONSTRAINT users_password_is_phc_hash CHECK (
    password ~ '^\$(argon2id\$v=19\$m=[0-9]+,t=[0-9]+,p=[0-9]+|scrypt\$ln=[0-9]+,r=[0-9]+,p=[0-9]+)\$[A-Za-z0-9+/]{16,}\$[A-Za-z0-9+/]{32,}$'
  )
);

-- Event inquiries sent from the contact form. Every field is text as in the spec (guest_count and event_date too:
-- the shared schema has already made them a whole number and a calendar date).
CREATE TABLE contact_inquiries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  first_name text NOT NULL,
  last_name text NOT NULL,
  email text NOT NULL,
  phone text NOT NULL,
  event_type text NOT NULL,
  guest_count text NOT NULL,
  event_date text NOT NULL,
  event_location text NOT NULL,
  message text,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- For the owner's inbox later: newest first.
CREATE INDEX contact_inquiries_created_at_idx ON contact_inquiries (created_at DESC);

-- One row per hold on a (date, time_slot). `is_available = false` means the row holds the slot: a visitor's
-- reservation (client fields set) or, later, an owner's block (client fields null). Releasing a hold (cancelling a
-- reservation, lifting a block) sets `is_available = true`: the row stays as history and the slot is free again.
-- The partial unique index below is the only rule deciding who gets a slot: at most one holding row per
-- (date, time_slot), so of two concurrent reservations exactly one can be inserted, whatever the application does.
CREATE TABLE bookings (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  date text NOT NULL,
  time_slot text NOT NULL CONSTRAINT bookings_time_slot_known CHECK (time_slot IN ('morning', 'afternoon', 'evening')),
  is_available boolean NOT NULL DEFAULT true,
  client_name text,
  client_email text,
  event_type text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE UNIQUE INDEX bookings_one_hold_per_slot ON bookings (date, time_slot) WHERE NOT is_available;

-- updated_at follows every real change of a row (an UPDATE that changes nothing leaves it alone).
CREATE FUNCTION set_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := now();
  RETURN NEW;
END;
$$;

CREATE TRIGGER bookings_set_updated_at
  BEFORE UPDATE ON bookings
  FOR EACH ROW
  WHEN (OLD.* IS DISTINCT FROM NEW.*)
  EXECUTE FUNCTION set_updated_at();
