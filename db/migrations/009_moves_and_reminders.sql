-- 009: the client's side of a booking: a client may move a reservation to another date and slot, and the scheduled
-- sender queues reminders before the event.

-- The mails of a move (to the client and to the owner) and the client's reminder.
ALTER TABLE outbox DROP CONSTRAINT outbox_kind_known;
ALTER TABLE outbox ADD CONSTRAINT outbox_kind_known CHECK (kind IN (
  'inquiry_owner', 'inquiry_client', 'booking_owner', 'booking_client', 'cancellation_owner', 'cancellation_client',
  'reschedule_owner', 'reschedule_client', 'reminder_client'
));

-- One row per reminder queued: the primary key makes "exactly once" the database's promise, even when two scheduled
-- runs pick the same booking in the same millisecond (the second INSERT ... ON CONFLICT DO NOTHING inserts nothing and
-- so queues nothing). `sequence` is the booking's sequence when the reminder was queued: a move raises it, so the
-- moved booking is reminded again for its new date, and a reminder is never queued for a date the booking left.
-- No foreign key, like the outbox's: bookings are never deleted once held, and the tests truncate tables one by one.
CREATE TABLE booking_reminders (
  booking_id uuid NOT NULL,
  sequence integer NOT NULL CONSTRAINT booking_reminders_sequence_not_negative CHECK (sequence >= 0),
  days_before smallint NOT NULL CONSTRAINT booking_reminders_days_before_range CHECK (days_before BETWEEN 0 AND 60),
  queued_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (booking_id, sequence, days_before)
);

