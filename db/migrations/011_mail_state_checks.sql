-- 011: a held message keeps no body, and a client's mail about a booking knows which state of the booking it states,
-- so the sender can look at the booking again before it sends (netlify/lib/mail/outbox/ and netlify/lib/mail/send.ts).

-- Held rows ------------------------------------------------------------------------------------------------------

-- A held message is never sent, so it keeps no body, like a sent one: held confirmations, move notices and reminders
-- written before this kept a working change-or-cancel link in clear for HELD_MAIL_KEPT_DAYS.
UPDATE outbox SET text_body = '', html_body = '', attachments = '[]'::jsonb WHERE status = 'held';
ALTER TABLE outbox ADD CONSTRAINT outbox_held_has_no_body
  CHECK (status <> 'held' OR (text_body = '' AND html_body = '' AND attachments = '[]'::jsonb));

-- The booking a mail states -------------------------------------------------------------------------------------

-- The booking's sequence that a client's confirmation, move notice or reminder states (where and when, with a link).
-- The sender sends such a row only while its booking is still held at that sequence; NULL for every other message
-- (the owner's, a cancellation's, an inquiry's), which goes out whatever the booking does.
ALTER TABLE outbox ADD COLUMN booking_sequence integer
  CONSTRAINT outbox_booking_sequence_has_booking CHECK (booking_sequence IS NULL OR booking_id IS NOT NULL);

-- Such mails not sent when this runs (waiting, held or failed): a confirmation states sequence 0; a move notice or a
-- reminder was written for the booking as it stands (a move or a cancel withdrew the reminders it made stale).
UPDATE outbox o SET booking_sequence = CASE WHEN o.kind = 'booking_client' THEN 0 ELSE b.sequence END
  FROM bookings b
 WHERE b.id = o.booking_id AND o.status <> 'sent'
   AND o.kind IN ('booking_client', 'reschedule_client', 'reminder_client');

-- What the outbox reads of a booking, as a view the bookings module owns (the mirror of 010's outbox_held_messages):
-- whether a client's reservation still holds its slot, and at which sequence.
CREATE VIEW booking_mail_state AS
  SELECT id AS booking_id, sequence, NOT is_available AS held FROM bookings WHERE kind = 'reservation';
