-- 013: the sale. A proposal (the priced lines, the payment schedule and the contract's frozen text) is made by the
-- owner for a booking; the client signs it on their event page; the owner countersigns. A proposal made from an
-- inquiry holds its date as a tentative booking until it is signed or expires.

-- Bookings: where the hold stands -------------------------------------------------------------------------------------

-- Set while the row is a tentative hold from an open proposal: the hold ends at this instant unless the proposal is
-- signed first (the scheduled run releases it, exactly once). Null for every other row.
ALTER TABLE bookings ADD COLUMN tentative_until timestamptz;
-- When the client signed the booking's contract (the date is then firmly held), and when the owner countersigned it
-- (the booking is confirmed). A countersignature needs a signature.
ALTER TABLE bookings ADD COLUMN signed_at timestamptz;
ALTER TABLE bookings ADD COLUMN confirmed_at timestamptz;
ALTER TABLE bookings ADD CONSTRAINT bookings_confirmed_after_signed CHECK (confirmed_at IS NULL OR signed_at IS NOT NULL);
ALTER TABLE bookings ADD CONSTRAINT bookings_signed_not_tentative CHECK (signed_at IS NULL OR tentative_until IS NULL);
ALTER TABLE bookings ADD CONSTRAINT bookings_sale_is_reservation CHECK (
  kind = 'reservation' OR (tentative_until IS NULL AND signed_at IS NULL)
);
-- The scheduled run looks for tentative holds whose time is up.
CREATE INDEX bookings_tentative_idx ON bookings (tentative_until) WHERE tentative_until IS NOT NULL AND NOT is_available;

-- Proposals -----------------------------------------------------------------------------------------------------------

-- sent → viewed → signed → countersigned, or withdrawn, replaced or expired before signing. A signed proposal never
-- changes again but for its countersignature: a change is a new proposal. `lines` are [{ label, amountCents }],
-- `schedule` [{ label, amountCents, dueOn }] (Texas dates), `request` the checked estimate inputs it was priced from.
-- A proposal goes with its booking (the retention rule on old bookings). `document` is the contract's exact text as the client reads and signs it; `document_sha256` its hash (hex).
CREATE TABLE proposals (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  booking_id uuid NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
  inquiry_id uuid REFERENCES contact_inquiries (id) ON DELETE SET NULL,
  state text NOT NULL CONSTRAINT proposals_state_known CHECK (
    state IN ('sent', 'viewed', 'signed', 'countersigned', 'withdrawn', 'replaced', 'expired')
  ),
  request jsonb NOT NULL CONSTRAINT proposals_request_is_object CHECK (jsonb_typeof(request) = 'object'),
  lines jsonb NOT NULL CONSTRAINT proposals_lines_are_list CHECK (jsonb_typeof(lines) = 'array' AND jsonb_array_length(lines) > 0),
  total_cents integer NOT NULL CONSTRAINT proposals_total_not_negative CHECK (total_cents >= 0),
  schedule jsonb NOT NULL CONSTRAINT proposals_schedule_is_list CHECK (jsonb_typeof(schedule) = 'array'),
  -- The last Texas day the proposal may be signed, and the instant that day ends (when it expires).
  valid_until text NOT NULL CONSTRAINT proposals_valid_until_is_date CHECK (valid_until ~ '^\d{4}-\d{2}-\d{2}$'),
  expires_at timestamptz NOT NULL,
  contract_version text NOT NULL CONSTRAINT proposals_contract_version_bounded CHECK (char_length(contract_version) BETWEEN 1 AND 40),
  document text NOT NULL CONSTRAINT proposals_document_bounded CHECK (char_length(document) BETWEEN 1 AND 100000),
  -- The same text as the page shows it: [{ heading, body }], and its title.
  title text NOT NULL,
  sections jsonb NOT NULL CONSTRAINT proposals_sections_are_list CHECK (jsonb_typeof(sections) = 'array'),
  document_sha256 text NOT NULL CONSTRAINT proposals_document_sha256_is_hex CHECK (document_sha256 ~ '^[0-9a-f]{64}$'),
  -- The date and slot the document states: a proposal whose booking moved since can no longer be signed.
  event_date text NOT NULL,
  event_slot text NOT NULL,
  created_by text NOT NULL CONSTRAINT proposals_created_by_bounded CHECK (char_length(created_by) BETWEEN 1 AND 64),
  created_at timestamptz NOT NULL DEFAULT now(),
  viewed_at timestamptz,
  -- The signature: the typed name, the consent to do business electronically (with the words consented to), when,
  -- from which address and browser.
  signed_at timestamptz,
  signature_name text CONSTRAINT proposals_signature_name_bounded CHECK (char_length(signature_name) BETWEEN 1 AND 120),
  consent_text text,
  signature_ip text CONSTRAINT proposals_signature_ip_bounded CHECK (char_length(signature_ip) <= 64),
  signature_user_agent text CONSTRAINT proposals_signature_user_agent_bounded CHECK (char_length(signature_user_agent) <= 512),
  countersigned_at timestamptz,
  countersigned_by text,
  closed_at timestamptz,
  CONSTRAINT proposals_signed_is_complete CHECK (
    (state IN ('signed', 'countersigned')) = (signed_at IS NOT NULL AND signature_name IS NOT NULL AND consent_text IS NOT NULL)
  ),
  CONSTRAINT proposals_countersigned_is_complete CHECK (
    (state = 'countersigned') = (countersigned_at IS NOT NULL AND countersigned_by IS NOT NULL)
  ),
  CONSTRAINT proposals_closed_has_time CHECK ((state IN ('withdrawn', 'replaced', 'expired')) = (closed_at IS NOT NULL)),
  CONSTRAINT proposals_viewed_has_time CHECK (state <> 'viewed' OR viewed_at IS NOT NULL)
);

-- One open proposal per booking (the newest one the client sees), and one signed one.
CREATE UNIQUE INDEX proposals_one_open_per_booking ON proposals (booking_id) WHERE state IN ('sent', 'viewed');
CREATE UNIQUE INDEX proposals_one_signed_per_booking ON proposals (booking_id) WHERE state IN ('signed', 'countersigned');
CREATE INDEX proposals_booking_idx ON proposals (booking_id, created_at DESC);
CREATE INDEX proposals_inquiry_idx ON proposals (inquiry_id, created_at DESC) WHERE inquiry_id IS NOT NULL;
-- The scheduled run looks for open proposals whose time is up.
CREATE INDEX proposals_open_expiry_idx ON proposals (expires_at) WHERE state IN ('sent', 'viewed');

-- A signed proposal's contract never changes: only its countersignature may still be added.
CREATE FUNCTION proposals_signed_is_frozen() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.state IN ('signed', 'countersigned') AND (
    NEW.document IS DISTINCT FROM OLD.document OR NEW.document_sha256 IS DISTINCT FROM OLD.document_sha256
    OR NEW.sections IS DISTINCT FROM OLD.sections OR NEW.lines IS DISTINCT FROM OLD.lines OR NEW.total_cents IS DISTINCT FROM OLD.total_cents
    OR NEW.schedule IS DISTINCT FROM OLD.schedule OR NEW.signed_at IS DISTINCT FROM OLD.signed_at
    OR NEW.signature_name IS DISTINCT FROM OLD.signature_name OR NEW.booking_id IS DISTINCT FROM OLD.booking_id
    OR NEW.state NOT IN ('signed', 'countersigned') OR (OLD.state = 'countersigned' AND NEW IS DISTINCT FROM OLD)
  ) THEN
    RAISE EXCEPTION 'a signed proposal cannot be changed' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER proposals_signed_frozen BEFORE UPDATE ON proposals FOR EACH ROW EXECUTE FUNCTION proposals_signed_is_frozen();

-- What the bookings module reads of a booking's proposals (the mirror of 010's outbox_held_messages): whether one is
-- open for the client to sign.
CREATE VIEW booking_open_proposals AS
  SELECT booking_id FROM proposals WHERE state IN ('sent', 'viewed');

-- Mail and idempotency -------------------------------------------------------------------------------------------------

ALTER TABLE outbox DROP CONSTRAINT outbox_kind_known;
ALTER TABLE outbox ADD CONSTRAINT outbox_kind_known CHECK (kind IN (
  'inquiry_owner', 'inquiry_client', 'booking_owner', 'booking_client', 'cancellation_owner', 'cancellation_client',
  'reschedule_owner', 'reschedule_client', 'reminder_client',
  'proposal_client', 'proposal_signed_client', 'proposal_signed_owner', 'proposal_countersigned_client',
  'proposal_countersigned_owner', 'proposal_expired_client', 'proposal_expired_owner', 'event_link_client'
));

-- The owner's phone booking is made once per Idempotency-Key, like the visitor's.
ALTER TABLE idempotency_keys DROP CONSTRAINT idempotency_keys_endpoint_known;
ALTER TABLE idempotency_keys ADD CONSTRAINT idempotency_keys_endpoint_known CHECK (
  endpoint IN ('contact', 'bookings', 'admin_bookings')
);
