-- 004: the e-mail outbox, the clients' cancel tokens, and when/by whom a booking was cancelled.

-- Every e-mail the site sends is first written here, in the same transaction as the inquiry or booking it is about,
-- so there is never a stored booking without its messages nor a message about something that was not stored.
-- A sender (right after the request, and the scheduled outbox-send function every 5 minutes) claims due rows one at
-- a time (status 'sending' with a lease in claimed_until), sends them with the row's own Message-ID and marks them
-- sent, or puts them back as 'pending' with a later next_attempt_at (exponential backoff), or 'failed' after the
-- last try. A claim whose sender died is taken over once its lease has run out.
-- Addresses are JSON address objects ({ "name", "address" }) handed to nodemailer as such, never joined into a header.
-- No foreign keys to bookings or contact_inquiries: the rows are self-contained messages, and the retention purge
-- (sent messages after 30 days) is the outbox's own.
CREATE TABLE outbox (
  id uuid PRIMARY KEY,
  kind text NOT NULL CONSTRAINT outbox_kind_known CHECK (kind IN (
    'inquiry_owner', 'inquiry_client', 'booking_owner', 'booking_client', 'cancellation_owner', 'cancellation_client'
  )),
  inquiry_id uuid,
  booking_id uuid,
  to_addresses jsonb NOT NULL CONSTRAINT outbox_to_is_list CHECK (
    jsonb_typeof(to_addresses) = 'array' AND jsonb_array_length(to_addresses) > 0
  ),
  cc_addresses jsonb NOT NULL DEFAULT '[]' CONSTRAINT outbox_cc_is_list CHECK (jsonb_typeof(cc_addresses) = 'array'),
  reply_to jsonb CONSTRAINT outbox_reply_to_is_address CHECK (reply_to IS NULL OR jsonb_typeof(reply_to) = 'object'),
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text NOT NULL,
  -- Calendar files: [{ "filename", "method", "content" }] (text/calendar), sent as nodemailer's icalEvent.
  attachments jsonb NOT NULL DEFAULT '[]' CONSTRAINT outbox_attachments_is_list CHECK (jsonb_typeof(attachments) = 'array'),
  -- <row id@site host>: the same on every try, so a receiving server or mail client can recognise a repeat.
  message_id text NOT NULL CONSTRAINT outbox_message_id_unique UNIQUE,
  status text NOT NULL DEFAULT 'pending' CONSTRAINT outbox_status_known CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0 CONSTRAINT outbox_attempts_not_negative CHECK (attempts >= 0),
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  claimed_until timestamptz,
  -- The mail server's error code only (e.g. "ECONNECTION", "EENVELOPE 550"), never its text: that can quote addresses.
  last_error text CONSTRAINT outbox_last_error_short CHECK (char_length(last_error) <= 100),
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  CONSTRAINT outbox_sent_has_time CHECK ((status = 'sent') = (sent_at IS NOT NULL)),
  CONSTRAINT outbox_sending_has_lease CHECK ((status = 'sending') = (claimed_until IS NOT NULL))
);

-- What a sender looks for: due pending rows and expired claims, oldest due first.
CREATE INDEX outbox_due_idx ON outbox (next_attempt_at) WHERE status IN ('pending', 'sending');
-- The owner's list of messages that could not be sent, newest first.
CREATE INDEX outbox_failed_idx ON outbox (created_at DESC) WHERE status = 'failed';
CREATE INDEX outbox_booking_idx ON outbox (booking_id) WHERE booking_id IS NOT NULL;

-- The client's single-use cancel link. Only the SHA-256 of the random token is kept (hex), so a copy of the database
-- cannot cancel anything. A token expires when its event ends and is spent by the first cancellation.
-- No foreign key to bookings, like the outbox: an unknown booking id simply makes the link unknown, and tokens are
-- purged by the scheduled outbox-send function a day after they expire.
CREATE TABLE booking_cancel_tokens (
  token_hash text PRIMARY KEY CONSTRAINT booking_cancel_tokens_hash_is_sha256 CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  booking_id uuid NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX booking_cancel_tokens_booking_idx ON booking_cancel_tokens (booking_id);
CREATE INDEX booking_cancel_tokens_expires_idx ON booking_cancel_tokens (expires_at);

-- When a reservation was released and by whom ('client' for the cancel link; the owner's desk writes its user name).
-- IF NOT EXISTS: 003 (the owner's desk) adds the same columns; this keeps 004 applicable on top of 001 alone too.
ALTER TABLE bookings ADD COLUMN IF NOT EXISTS cancelled_at timestamptz;
ALTER TABLE bookings ADD COLUMN IF NOT EXISTS cancelled_by text;
