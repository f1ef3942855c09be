-- 005: at most MAX_MAILS_PER_MAILBOX (3) messages a day to one mailbox a visitor typed (netlify/lib/mail/outbox.ts).

-- The canonical mailbox (canonicalMailbox in netlify/lib/mailbox.ts: case-folded, +tag and Gmail dots dropped) of a
-- message to a visitor-given address; NULL for the owner's messages, which are never capped.
ALTER TABLE outbox ADD COLUMN recipient_mailbox text;

-- 'held': a message past the cap. It is kept (the desk says the acknowledgement was held back) and never sent.
ALTER TABLE outbox DROP CONSTRAINT outbox_status_known;
ALTER TABLE outbox ADD CONSTRAINT outbox_status_known
  CHECK (status IN ('pending', 'sending', 'sent', 'failed', 'held'));

-- The cap's count: one mailbox's messages of the last day.
CREATE INDEX outbox_recipient_mailbox_idx ON outbox (recipient_mailbox, created_at) WHERE recipient_mailbox IS NOT NULL;
-- The desk's "acknowledgement held back" note on an inquiry (bookings have outbox_booking_idx).
CREATE INDEX outbox_held_inquiry_idx ON outbox (inquiry_id) WHERE status = 'held';
