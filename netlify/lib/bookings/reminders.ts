import settings from '@content/settings.json' with { type: 'json' };
import { businessTime, texasToday } from '@shared/texas-time';
import { SLOT_HOURS, slotWindow } from '@shared/time-slots';
import type { TimeSlotKey } from '@shared/schemas/booking';
import { addDaysUtc, daysBetweenUtc } from '@shared/schemas/dates';
import type { Queryable } from '../db';
import type { MailConfig } from '../mail/config';
import { enqueueReminderMail } from '../mail/outbox/write';
import { inTransaction } from '../transaction';
import { createCancelToken } from './cancel-links';
import { BOOKING_COLUMNS, type BookingRow } from './row';
import { toBookingMail } from './views';

/** Most days before an event a reminder may go (booking_reminders' check allows up to 60). */
export const MAX_REMINDER_DAYS = 60;

/**
 * The reminder days of a setting (settings.json's site.reminders.daysBefore), largest first: whole numbers from 1 to
 * MAX_REMINDER_DAYS, each once. Throws on anything else (the build refuses such a file too: src/content-schemas/settings.ts).
 */
export function reminderDays(daysBefore: readonly unknown[]): number[] {
  const valid = daysBefore.every((days) => Number.isInteger(days) && (days as number) >= 1 && (days as number) <= MAX_REMINDER_DAYS);
  if (!valid || new Set(daysBefore).size !== daysBefore.length) {
    throw new Error(`Reminder days must be distinct whole numbers from 1 to ${MAX_REMINDER_DAYS}.`);
  }
  return [...(daysBefore as number[])].sort((a, b) => b - a);
}

let configuredDays: number[] | undefined;

/** The content's reminder days, largest first, read and checked once. */
export function configuredReminderDays(): number[] {
  return (configuredDays ??= reminderDays(settings.site.reminders.daysBefore));
}

/**
 * When the `days`-day reminder of the slot `slot` of `date` becomes due: the slot's start time on the Texas clock,
 * `days` calendar days earlier (so across a daylight-saving change it is 23 or 25 hours a day, never an hour off).
 */
export function reminderDueAt(date: string, slot: TimeSlotKey, days: number): Date {
  return businessTime(addDaysUtc(date, -days), SLOT_HOURS[slot].start);
}

/** A held booking as "due" judges it: its slot and when it was made for that slot (booked, or last moved there). */
export type ReminderCandidate = { date: string; timeSlot: TimeSlotKey; madeAt: Date };

/**
 * Which reminder is due at `now` for `booking`, as days before (one of `days`, largest first), or null.
 *
 * The d-day reminder is due from reminderDueAt(d) (the start, d Texas calendar days earlier) until the next smaller
 * reminder becomes due, the last one until the start: the windows follow one another, so at most one reminder is
 * due at any instant, and a run that comes late still sends it within its window. A booking made (or moved to its
 * slot) after reminderDueAt(d) never gets the d-day reminder: booked 3 days ahead, it gets the 1-day one only, never
 * "one week to go" three days before. Nothing is due once the slot has started. Bounds: due from the instant itself,
 * made at that same instant still counts as in time.
 */
export function dueReminder(booking: ReminderCandidate, now: Date, days: readonly number[]): number | null {
  const start = slotWindow(booking.date, booking.timeSlot).start;
  if (now.getTime() >= start.getTime()) return null;
  for (const [index, before] of days.entries()) {
    const from = reminderDueAt(booking.date, booking.timeSlot, before);
    const next = days[index + 1];
    const until = next === undefined ? start : reminderDueAt(booking.date, booking.timeSlot, next);
    if (now.getTime() >= from.getTime() && now.getTime() < until.getTime()) {
      return booking.madeAt.getTime() <= from.getTime() ? before : null;
    }
  }
  return null;
}

/** Options of queueDueReminders. */
export type ReminderOptions = {
  /** Reminder days, largest first (default: the content's, configuredReminderDays()). */
  daysBefore?: readonly number[];
  /** Default: mailConfig(). */
  mail?: MailConfig;
  /** Stop starting new bookings' transactions at this time (ms since the epoch, real clock); the rest wait a run. */
  deadline?: number;
};

/** What a run of queueDueReminders did: reminders queued now, and due ones left for the next run (deadline). */
export type ReminderReport = { queued: number; deferred: number; mailIds: string[] };

/** A held reservation as the reminder run reads it: its row, when it came to its slot, and the reminder queued at its sequence. */
type CandidateRow = BookingRow & { made_at: Date | string; queued: number | null };

type DueBooking = CandidateRow & { days: number };

/**
 * Queues, once, one reminder per held reservation whose reminder is due at `now` (dueReminder) and not yet queued at
 * the booking's current sequence. One read finds the candidates: held reservations dated from Texas today to
 * today + the largest reminder day (an earlier date has started; a later one has nothing due), on the held-date
 * index, at most three a date. Then one short transaction per due booking: lock the booking at the sequence, date and
 * slot that were read (a move or a cancel in between leaves nothing to lock), INSERT its booking_reminders row ON
 * CONFLICT DO NOTHING, and only if that inserted it, create a cancel token of its own and write the reminder to the
 * outbox. The primary key (booking, sequence, days) decides between simultaneous runs: exactly one inserts. Per
 * booking rather than one set-based statement because each reminder needs a fresh token made here (only its hash is
 * stored) and its own rendered mail; a run has few due bookings (those that came due in the last five minutes).
 */
export async function queueDueReminders(db: Queryable, now: Date, options: ReminderOptions = {}): Promise<ReminderReport> {
  const days = options.daysBefore ?? configuredReminderDays();
  const report: ReminderReport = { queued: 0, deferred: 0, mailIds: [] };
  if (days.length === 0) return report;
  const today = texasToday(now);
  // A move raises sequence and (trigger) stamps updated_at: for a moved booking, that is when it came to its slot.
  const { rows } = await db.query<CandidateRow>(
    `SELECT b.*, CASE WHEN b.sequence > 0 THEN b.updated_at ELSE b.created_at END AS made_at, r.days_before AS queued
       FROM (SELECT ${BOOKING_COLUMNS} FROM bookings
              WHERE NOT is_available AND kind = 'reservation' AND date >= $1 AND date <= $2) b
       LEFT JOIN booking_reminders r ON r.booking_id = b.id AND r.sequence = b.sequence`,
    [today, addDaysUtc(today, Math.max(...days))],
  );
  const due = new Map<string, DueBooking>();
  const queued = new Set(rows.filter((row) => row.queued !== null).map((row) => `${row.id} ${row.queued}`));
  for (const row of rows) {
    const before = dueReminder({ date: row.date, timeSlot: row.time_slot, madeAt: new Date(row.made_at) }, now, days);
    if (before !== null && !queued.has(`${row.id} ${before}`)) due.set(row.id, { ...row, days: before });
  }
  for (const booking of due.values()) {
    if (options.deadline !== undefined && Date.now() >= options.deadline) {
      report.deferred++;
      continue;
    }
    const mailIds = await queueReminder(db, booking, now, options.mail);
    if (mailIds) {
      report.queued++;
      report.mailIds.push(...mailIds);
    }
  }
  return report;
}

/** Queues the reminder of one due booking in a transaction of its own; undefined when it was not (or no longer) due. */
function queueReminder(db: Queryable, booking: DueBooking, now: Date, mail: MailConfig | undefined): Promise<string[] | undefined> {
  return inTransaction(db, async (tx) => {
    const { rows: held } = await tx.query(
      `SELECT id FROM bookings WHERE id = $1 AND sequence = $2 AND date = $3 AND time_slot = $4 AND NOT is_available
        FOR UPDATE`,
      [booking.id, booking.sequence, booking.date, booking.time_slot],
    );
    if (!held[0]) return undefined;
    const { rows: inserted } = await tx.query(
      `INSERT INTO booking_reminders (booking_id, sequence, days_before, queued_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT DO NOTHING RETURNING booking_id`,
      [booking.id, booking.sequence, booking.days, now],
    );
    if (!inserted[0]) return undefined;
    const reminder = toBookingMail(booking);
    if (!reminder) return undefined;
    const token = await createCancelToken(tx, reminder);
    return enqueueReminderMail(tx, reminder, daysBetweenUtc(texasToday(now), booking.date), token, mail);
  });
}
