-- 010: what the desk reads of the outbox beside an inquiry or a booking, as a view the outbox module owns: which
-- message of which kind the mailbox cap held back (status 'held'). The desk's lists join it instead of pasting a
-- subquery on the outbox table, so how "held" is stored stays the outbox's business.
CREATE VIEW outbox_held_messages AS
  SELECT kind, inquiry_id, booking_id FROM outbox WHERE status = 'held';
