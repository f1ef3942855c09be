-- 008: the owner's day. A lead pipeline on inquiries (status, opened, private notes), the client's details on
-- reservations, blocks that cover a range of dates as one block with a note, the reason a booking was cancelled, a
-- revision number for calendar files, and the owner's calendar feed.

-- Inquiries: a status and when it was first opened ----------------------------------------------------------------

-- new → contacted → quoted → booked, or declined at any point; the owner may also step back. Who changed it and when
-- is in audit_log (action inquiry_status_changed); the row keeps only the current status and when it was set.
ALTER TABLE contact_inquiries ADD COLUMN status text NOT NULL DEFAULT 'new'
  CONSTRAINT contact_inquiries_status_known CHECK (status IN ('new', 'contacted', 'quoted', 'booked', 'declined'));
ALTER TABLE contact_inquiries ADD COLUMN status_changed_at timestamptz;
-- Null until the owner first opens the inquiry in the desk: "new" badges and the agenda's count read it.
ALTER TABLE contact_inquiries ADD COLUMN opened_at timestamptz;

-- The desk's status filter reads one status newest first; the agenda counts unopened ones.
CREATE INDEX contact_inquiries_status_created_at_idx ON contact_inquiries (status, created_at DESC, id DESC);
CREATE INDEX contact_inquiries_unopened_idx ON contact_inquiries (created_at DESC) WHERE opened_at IS NULL;

-- The owner's private notes on an inquiry: append-only (no UPDATE; a note goes only with its inquiry, which
-- retention deletes). Never sent to anyone.
CREATE TABLE inquiry_notes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  inquiry_id uuid NOT NULL REFERENCES contact_inquiries (id) ON DELETE CASCADE,
  author text NOT NULL CONSTRAINT inquiry_notes_author_bounded CHECK (char_length(author) BETWEEN 1 AND 64),
  body text NOT NULL CONSTRAINT inquiry_notes_body_bounded CHECK (is_bounded_text(body, 2000)),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX inquiry_notes_inquiry_idx ON inquiry_notes (inquiry_id, id);

CREATE FUNCTION inquiry_notes_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The cascade from a deleted inquiry runs after that row is gone: only then may its notes go.
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM contact_inquiries WHERE id = OLD.inquiry_id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'inquiry_notes is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;

CREATE TRIGGER inquiry_notes_no_update_or_delete
  BEFORE UPDATE OR DELETE ON inquiry_notes
  FOR EACH ROW EXECUTE FUNCTION inquiry_notes_append_only();

-- Reservations: the client's optional details -------------------------------------------------------------------

-- Same rules as the inquiry's phone, guest count and event location (src/schemas/inquiry.ts), all optional.
ALTER TABLE bookings ADD COLUMN phone text CONSTRAINT bookings_phone_bounded CHECK (is_bounded_text(phone, 30));
ALTER TABLE bookings ADD COLUMN guest_count integer CONSTRAINT bookings_guest_count_range CHECK (guest_count BETWEEN 1 AND 100000);
ALTER TABLE bookings ADD COLUMN event_location text CONSTRAINT bookings_event_location_bounded CHECK (is_bounded_text(event_location, 200));

-- Blocks: one block may hold many rows (a whole day, a week off); they share block_id and its note ----------------

ALTER TABLE bookings ADD COLUMN block_id uuid;
ALTER TABLE bookings ADD COLUMN block_note text CONSTRAINT bookings_block_note_bounded CHECK (is_bounded_text(block_note, 200));

-- Existing blocks: the rows one request inserted (same date, same instant) become one block.
UPDATE bookings AS b SET block_id = groups.block_id
FROM (
  SELECT date, created_at, gen_random_uuid() AS block_id FROM bookings WHERE kind = 'block' GROUP BY date, created_at
) AS groups
WHERE b.kind = 'block' AND b.date = groups.date AND b.created_at = groups.created_at;

ALTER TABLE bookings ADD CONSTRAINT bookings_details_match_kind CHECK (
  CASE kind
    WHEN 'block' THEN block_id IS NOT NULL AND phone IS NULL AND guest_count IS NULL AND event_location IS NULL
    ELSE block_id IS NULL AND block_note IS NULL
  END
) NOT VALID;
ALTER TABLE bookings VALIDATE CONSTRAINT bookings_details_match_kind;

CREATE INDEX bookings_block_id_idx ON bookings (block_id) WHERE block_id IS NOT NULL;

-- Cancellation: the owner's reason, sent to the client -------------------------------------------------------------

ALTER TABLE bookings ADD COLUMN cancel_reason text CONSTRAINT bookings_cancel_reason_bounded CHECK (is_bounded_text(cancel_reason, 500));
ALTER TABLE bookings ADD CONSTRAINT bookings_cancel_reason_only_when_cancelled CHECK (cancel_reason IS NULL OR cancelled_at IS NOT NULL) NOT VALID;
ALTER TABLE bookings VALIDATE CONSTRAINT bookings_cancel_reason_only_when_cancelled;

-- Calendar files: the SEQUENCE of the booking's event (RFC 5545 §3.8.7.4). Whatever changes the event a calendar
-- shows (its date, slot or details) raises it by one, so calendar apps update their copy instead of adding another.
ALTER TABLE bookings ADD COLUMN sequence integer NOT NULL DEFAULT 0 CONSTRAINT bookings_sequence_not_negative CHECK (sequence >= 0);

-- The feed reads held rows in a date range; the agenda too.
CREATE INDEX bookings_held_date_idx ON bookings (date, time_slot) WHERE NOT is_available;

-- The owner's calendar feed ----------------------------------------------------------------------------------------

-- One subscription URL per owner account. Only the SHA-256 of its token is stored (hex): a copy of this table gives
-- no working URL. Rotating replaces the row; revoking deletes it.
CREATE TABLE calendar_feeds (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE CONSTRAINT calendar_feeds_token_hash_is_sha256 CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL DEFAULT now()
);
