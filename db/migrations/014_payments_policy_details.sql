-- 014: the weeks before the event. Payments the owner records against a signed proposal (never deleted: a mistake
-- is voided with a reason), the client's own moves counted for the change policy, the final details the client
-- gives on their event page, and the scheduled reminders of the balance and of the details, each queued once.

-- Payments --------------------------------------------------------------------------------------------------------

-- Money received, by hand (cash, check, Zelle, Venmo, a card taken elsewhere): the product records money, it takes
-- none. `method` is one of content/payments.json's ids (the schema checks the list; the column only its shape, so a
-- new method needs no migration). `received_on` is the Texas date the money came in. Paid and outstanding are
-- derived from the rows that are not voided, never stored. A payment goes with its proposal and booking.
CREATE TABLE payments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  proposal_id uuid NOT NULL REFERENCES proposals (id) ON DELETE CASCADE,
  booking_id uuid NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
  amount_cents integer NOT NULL CONSTRAINT payments_amount_positive CHECK (amount_cents > 0 AND amount_cents <= 100000000),
  method text NOT NULL CONSTRAINT payments_method_shape CHECK (method ~ '^[a-z][a-z_]{0,31}$'),
  received_on text NOT NULL CONSTRAINT payments_received_on_is_date CHECK (received_on ~ '^\d{4}-\d{2}-\d{2}$'),
  reference text CONSTRAINT payments_reference_bounded CHECK (char_length(reference) BETWEEN 1 AND 120),
  recorded_by text NOT NULL CONSTRAINT payments_recorded_by_bounded CHECK (char_length(recorded_by) BETWEEN 1 AND 64),
  recorded_at timestamptz NOT NULL DEFAULT now(),
  voided_at timestamptz,
  voided_by text CONSTRAINT payments_voided_by_bounded CHECK (char_length(voided_by) BETWEEN 1 AND 64),
  void_reason text CONSTRAINT payments_void_reason_bounded CHECK (char_length(void_reason) BETWEEN 1 AND 300),
  CONSTRAINT payments_void_is_complete CHECK (
    (voided_at IS NULL) = (voided_by IS NULL) AND (voided_at IS NULL) = (void_reason IS NULL)
  )
);
CREATE INDEX payments_proposal_idx ON payments (proposal_id, recorded_at);
CREATE INDEX payments_booking_idx ON payments (booking_id);
-- The accountant's CSV reads a range of dates received.
CREATE INDEX payments_received_on_idx ON payments (received_on, recorded_at);

-- A payment is never deleted and never changed, except once to void it.
CREATE FUNCTION payments_only_voided() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    -- Only with its proposal or booking (a cascade, as the retention rule deletes old bookings): never alone.
    IF pg_trigger_depth() <= 1 THEN
      RAISE EXCEPTION 'a payment is never deleted: void it' USING ERRCODE = 'check_violation';
    END IF;
    RETURN OLD;
  END IF;
  IF OLD.voided_at IS NOT NULL OR NEW.voided_at IS NULL
     OR (NEW.id, NEW.proposal_id, NEW.booking_id, NEW.amount_cents, NEW.method, NEW.received_on, NEW.reference,
         NEW.recorded_by, NEW.recorded_at)
        IS DISTINCT FROM
        (OLD.id, OLD.proposal_id, OLD.booking_id, OLD.amount_cents, OLD.method, OLD.received_on, OLD.reference,
         OLD.recorded_by, OLD.recorded_at) THEN
    RAISE EXCEPTION 'a payment can only be voided, once' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER payments_only_voided BEFORE UPDATE OR DELETE ON payments FOR EACH ROW EXECUTE FUNCTION payments_only_voided();

-- The change policy -------------------------------------------------------------------------------------------------

-- How many times the client moved the booking through their link (the owner's moves from the desk do not count):
-- the policy's limit is judged against it under the booking's lock.
ALTER TABLE bookings ADD COLUMN client_moves smallint NOT NULL DEFAULT 0
  CONSTRAINT bookings_client_moves_not_negative CHECK (client_moves >= 0);

-- The final details -------------------------------------------------------------------------------------------------

-- What the client tells us for the day, saved as they type it (every field may still be empty): the final guest
-- count, the adult drinkers, the bar's hours within the slot (HH:MM, Texas), the cocktails (content/cocktails.json
-- ids), the venue's access, power and parking, and the contact on site. One row per booking, written by the client
-- through their link until the due date (the owner may always write it).
CREATE TABLE event_details (
  booking_id uuid PRIMARY KEY REFERENCES bookings (id) ON DELETE CASCADE,
  guest_count integer CONSTRAINT event_details_guest_count_range CHECK (guest_count BETWEEN 1 AND 10000),
  adult_guests integer CONSTRAINT event_details_adult_guests_range CHECK (adult_guests BETWEEN 0 AND 10000),
  bar_start text CONSTRAINT event_details_bar_start_is_time CHECK (bar_start ~ '^\d{2}:\d{2}$'),
  bar_end text CONSTRAINT event_details_bar_end_is_time CHECK (bar_end ~ '^\d{2}:\d{2}$'),
  cocktails jsonb NOT NULL DEFAULT '[]' CONSTRAINT event_details_cocktails_are_list CHECK (
    jsonb_typeof(cocktails) = 'array' AND jsonb_array_length(cocktails) <= 20
  ),
  venue_notes text CONSTRAINT event_details_venue_notes_bounded CHECK (char_length(venue_notes) <= 2000),
  on_site_contact text CONSTRAINT event_details_on_site_contact_bounded CHECK (char_length(on_site_contact) <= 120),
  on_site_phone text CONSTRAINT event_details_on_site_phone_bounded CHECK (char_length(on_site_phone) <= 40),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text NOT NULL CONSTRAINT event_details_updated_by_bounded CHECK (char_length(updated_by) BETWEEN 1 AND 64),
  CONSTRAINT event_details_adults_within_guests CHECK (adult_guests IS NULL OR guest_count IS NULL OR adult_guests <= guest_count)
);

-- The scheduled reminders of the sale ------------------------------------------------------------------------------

-- One row per reminder queued, as 009's booking_reminders: the primary key makes "exactly once" the database's
-- promise when two scheduled runs pick the same booking in the same millisecond. `kind` is what it reminds of (the
-- balance, the final details), `due_on` the Texas date it is due by: a booking moved to a date with another due date
-- is reminded again for it.
CREATE TABLE sale_reminders (
  booking_id uuid NOT NULL REFERENCES bookings (id) ON DELETE CASCADE,
  kind text NOT NULL CONSTRAINT sale_reminders_kind_known CHECK (kind IN ('balance', 'details')),
  due_on text NOT NULL CONSTRAINT sale_reminders_due_on_is_date CHECK (due_on ~ '^\d{4}-\d{2}-\d{2}$'),
  queued_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (booking_id, kind, due_on)
);

-- Mail and idempotency -----------------------------------------------------------------------------------------------

ALTER TABLE outbox DROP CONSTRAINT outbox_kind_known;
ALTER TABLE outbox ADD CONSTRAINT outbox_kind_known CHECK (kind IN (
  'inquiry_owner', 'inquiry_client', 'booking_owner', 'booking_client', 'cancellation_owner', 'cancellation_client',
  'reschedule_owner', 'reschedule_client', 'reminder_client',
  'proposal_client', 'proposal_signed_client', 'proposal_signed_owner', 'proposal_countersigned_client',
  'proposal_countersigned_owner', 'proposal_expired_client', 'proposal_expired_owner', 'event_link_client',
  'payment_receipt_client', 'balance_reminder_client', 'details_reminder_client'
));

-- A payment is recorded once per Idempotency-Key: a double click in one tab records it once.
ALTER TABLE idempotency_keys DROP CONSTRAINT idempotency_keys_endpoint_known;
ALTER TABLE idempotency_keys ADD CONSTRAINT idempotency_keys_endpoint_known CHECK (
  endpoint IN ('contact', 'bookings', 'admin_bookings', 'admin_payments')
);
