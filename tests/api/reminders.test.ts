import { describe, expect, test, vi } from 'vitest';
import cancel from '../../netlify/functions/cancel';
import cancelLookup from '../../netlify/functions/cancel-lookup';
import outboxSend from '../../netlify/functions/outbox-send';
import reschedule from '../../netlify/functions/reschedule';
import { createCancelToken } from '../../netlify/lib/bookings/cancel-links';
import {
  configuredReminderDays,
  dueReminder,
  queueDueReminders,
  reminderDays,
  reminderDueAt,
  type ReminderOptions,
  type ReminderReport,
} from '../../netlify/lib/bookings/reminders';
import { withDatabase } from '../../netlify/lib/db';
import { LOGO_CID } from '../../netlify/lib/mail/logo';
import { KINDS_WITH_SECRETS } from '../../netlify/lib/mail/outbox/queue';
import { texasToday } from '@shared/texas-time';
import { slotWindow } from '@shared/time-slots';
import type { TimeSlotKey } from '@shared/schemas/booking';
import { addDaysUtc } from '@shared/schemas/dates';
import { site } from '../fixtures';
import type { TestDatabase } from '../setup/database';
import { expectNoMoreMail, useTestSmtpServer } from './mail-support';
import { call, oneEngine, postJson, query, useDatabase } from './support';

const OWNER = 'owner@lonestar.example';
const DAYS = [7, 1];

describe('reminder days from settings.json', () => {
  test('the content holds 7 and 1, largest first', () => {
    expect(configuredReminderDays()).toEqual([7, 1]);
  });

  test.each([[[0]], [[61]], [[1.5]], [[7, 7]], [['7']]])('refuses %j', (days) => {
    expect(() => reminderDays(days)).toThrow('Reminder days');
  });

  test('sorts the days largest first', () => {
    expect(reminderDays([1, 14, 7])).toEqual([14, 7, 1]);
  });
});

// An evening slot starts at 18:00 in Texas: 23:00Z in summer (CDT), 00:00Z the next day in winter (CST).
const at = (iso: string) => new Date(iso);
const LONG_AGO = at('2026-01-01T00:00:00Z');

describe('dueReminder: which reminder is due at an instant (Texas time, days [7, 1])', () => {
  test.each<[string, string, TimeSlotKey, Date, Date, number | null]>([
    // Event Friday 2026-07-10, evening (starts 2026-07-10T23:00Z); the 7-day reminder is due from 07-03 18:00 CDT.
    ['a millisecond before the 7-day reminder is due', '2026-07-10', 'evening', LONG_AGO, at('2026-07-03T22:59:59.999Z'), null],
    ['the instant the 7-day reminder is due', '2026-07-10', 'evening', LONG_AGO, at('2026-07-03T23:00:00.000Z'), 7],
    ['Texas 23:30 on the 7-day reminder day (already the next day in UTC)', '2026-07-10', 'evening', LONG_AGO, at('2026-07-04T04:30:00Z'), 7],
    ['a late run, still before the 1-day reminder is due', '2026-07-10', 'evening', LONG_AGO, at('2026-07-09T22:59:59.999Z'), 7],
    ['the instant the 1-day reminder is due', '2026-07-10', 'evening', LONG_AGO, at('2026-07-09T23:00:00.000Z'), 1],
    ['Texas midnight before the event', '2026-07-10', 'evening', LONG_AGO, at('2026-07-10T05:00:00.000Z'), 1],
    ['a millisecond before the start', '2026-07-10', 'evening', LONG_AGO, at('2026-07-10T22:59:59.999Z'), 1],
    ['the start', '2026-07-10', 'evening', LONG_AGO, at('2026-07-10T23:00:00.000Z'), null],
    ['after the start', '2026-07-10', 'evening', LONG_AGO, at('2026-07-11T01:00:00.000Z'), null],
    ['8 days before', '2026-07-10', 'evening', LONG_AGO, at('2026-07-02T23:00:00.000Z'), null],
    // Made late: booked 3 days before gets no "one week to go" mail, only the 1-day one.
    ['booked 3 days before, in the 7-day window', '2026-07-10', 'evening', at('2026-07-07T15:00:00Z'), at('2026-07-07T15:05:00Z'), null],
    ['booked 3 days before, the 1-day reminder', '2026-07-10', 'evening', at('2026-07-07T15:00:00Z'), at('2026-07-09T23:00:00Z'), 1],
    ['booked the instant the 7-day reminder came due', '2026-07-10', 'evening', at('2026-07-03T23:00:00.000Z'), at('2026-07-03T23:05:00Z'), 7],
    ['booked a millisecond after it came due', '2026-07-10', 'evening', at('2026-07-03T23:00:00.001Z'), at('2026-07-03T23:05:00Z'), null],
    ['booked the evening before', '2026-07-10', 'evening', at('2026-07-10T01:00:00Z'), at('2026-07-10T02:00:00Z'), null],
    // A morning slot (09:00 CDT = 14:00Z): due at 09:00 Texas time.
    ['a morning slot, its 1-day reminder', '2026-07-10', 'morning', LONG_AGO, at('2026-07-09T14:00:00.000Z'), 1],
    ['a morning slot, a millisecond before', '2026-07-10', 'morning', LONG_AGO, at('2026-07-09T13:59:59.999Z'), 7],
    // Spring forward on 2026-03-08: the 1-day reminder of that evening is due 03-07 18:00 CST (00:00Z), 23 h before.
    ['spring forward: a millisecond before the 1-day reminder', '2026-03-08', 'evening', LONG_AGO, at('2026-03-07T23:59:59.999Z'), 7],
    ['spring forward: the 1-day reminder, 23 hours before the start', '2026-03-08', 'evening', LONG_AGO, at('2026-03-08T00:00:00.000Z'), 1],
    ['spring forward: the start is 18:00 CDT', '2026-03-08', 'evening', LONG_AGO, at('2026-03-08T23:00:00.000Z'), null],
    ['spring forward: the 7-day reminder of 03-14, due 03-07 18:00 CST', '2026-03-14', 'evening', LONG_AGO, at('2026-03-08T00:00:00.000Z'), 7],
    ['spring forward: a millisecond before it', '2026-03-14', 'evening', LONG_AGO, at('2026-03-07T23:59:59.999Z'), null],
    // Fall back on 2026-11-01: the 1-day reminder of that evening is due 10-31 18:00 CDT (23:00Z), 25 h before.
    ['fall back: a millisecond before the 1-day reminder', '2026-11-01', 'evening', LONG_AGO, at('2026-10-31T22:59:59.999Z'), 7],
    ['fall back: the 1-day reminder, 25 hours before the start', '2026-11-01', 'evening', LONG_AGO, at('2026-10-31T23:00:00.000Z'), 1],
    ['fall back: a millisecond before the start (18:00 CST)', '2026-11-01', 'evening', LONG_AGO, at('2026-11-01T23:59:59.999Z'), 1],
    ['fall back: the start', '2026-11-01', 'evening', LONG_AGO, at('2026-11-02T00:00:00.000Z'), null],
    ['fall back: the 7-day reminder of 11-07, due 10-31 18:00 CDT', '2026-11-07', 'evening', LONG_AGO, at('2026-10-31T23:00:00.000Z'), 7],
  ])('%s', (_case, date, timeSlot, madeAt, now, expected) => {
    expect(dueReminder({ date, timeSlot, madeAt }, now, DAYS)).toBe(expected);
  });

  test('due times are the slot start on the Texas clock, whole calendar days earlier', () => {
    expect(reminderDueAt('2026-03-08', 'evening', 1).toISOString()).toBe('2026-03-08T00:00:00.000Z');
    expect(reminderDueAt('2026-11-01', 'evening', 1).toISOString()).toBe('2026-10-31T23:00:00.000Z');
    expect(reminderDueAt('2026-07-10', 'morning', 7).toISOString()).toBe('2026-07-03T14:00:00.000Z');
  });

  test('one reminder day alone is due from its time until the start', () => {
    expect(dueReminder({ date: '2026-07-10', timeSlot: 'evening', madeAt: LONG_AGO }, at('2026-07-08T00:00:00Z'), [3])).toBe(3);
    expect(dueReminder({ date: '2026-07-10', timeSlot: 'evening', madeAt: LONG_AGO }, at('2026-07-08T00:00:00Z'), [])).toBeNull();
  });
});

type OutboxRow = { id: string; kind: string; status: string; booking_id: string; subject: string; text_body: string };
type ReminderRow = { booking_id: string; sequence: number; days_before: number };

describe.each(oneEngine)('client reminders on $name', (database: TestDatabase) => {
  useDatabase(database);
  const smtp = useTestSmtpServer(database, { ownerEmail: OWNER, mailFrom: 'Lone Star Mobile Bar <bookings@lonestar.example>' });
  const options = { config: { url: database.url, wsProxy: database.wsProxy } };

  /** A date `days` Texas days from the real today (the cancel API judges links by the real clock). */
  const ahead = (days: number) => addDaysUtc(texasToday(new Date()), days);

  /** A held reservation stored directly (made `madeAt`, real now by default); returns its id. */
  async function reservation(date: string, timeSlot: TimeSlotKey, patch: { madeAt?: Date; email?: string } = {}): Promise<string> {
    const [row] = await query<{ id: string }>(
      database,
      `INSERT INTO bookings (date, time_slot, is_available, kind, client_name, client_email, event_type, phone, guest_count,
         event_location, created_at)
       VALUES ($1, $2, false, 'reservation', 'Dolly Lastname-Marker', $3, 'wedding', '(512) 555-0177', 120,
         'Secret Ranch Road 7', COALESCE($4::timestamptz, now()))
       RETURNING id`,
      [date, timeSlot, patch.email ?? 'dolly@example.com', patch.madeAt ?? null],
    );
    return row!.id;
  }

  function queue(now: Date, extra: ReminderOptions = {}): Promise<ReminderReport> {
    return withDatabase(undefined, (db) => queueDueReminders(db, now, extra), options);
  }

  const reminders = () =>
    query<OutboxRow>(database, "SELECT id, kind, status, booking_id, subject, text_body FROM outbox WHERE kind = 'reminder_client'");
  const rows = () =>
    query<ReminderRow>(database, 'SELECT booking_id, sequence, days_before FROM booking_reminders ORDER BY sequence, days_before');
  const tokenOf = (text: string) => /https:\/\/lonestar\.example\/cancel#token=([A-Za-z0-9_-]{43})/.exec(text)?.[1];
  const runOutboxSend = () => call(outboxSend, new Request('http://localhost:8888/.netlify/functions/outbox-send', { method: 'POST' }));
  const scheduledLines = () =>
    vi
      .mocked(console.log)
      .mock.calls.map((args) => String(args[0]))
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.scheduled === 'outbox-send');

  test('the 7-day reminder: queued once, sent, with the slot in Texas time, the link, the phone and nothing typed but name, type and guests', async () => {
    const date = ahead(20);
    const id = await reservation(date, 'evening');
    const due = reminderDueAt(date, 'evening', 7);
    expect(await queue(new Date(due.getTime() - 1))).toMatchObject({ queued: 0 });
    expect(await queue(due)).toMatchObject({ queued: 1, deferred: 0 });
    expect(await queue(new Date(due.getTime() + 60_000))).toMatchObject({ queued: 0 });
    expect(await rows()).toEqual([{ booking_id: id, sequence: 0, days_before: 7 }]);
    expect((await reminders()).map((row) => [row.booking_id, row.status])).toEqual([[id, 'pending']]);

    // The scheduled run sends it (nothing else is due at the real now).
    expect((await runOutboxSend()).status).toBe(204);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.envelope.to).toEqual(['dolly@example.com']);
    const subject = mail!.parsed.subject ?? '';
    const text = mail!.parsed.text ?? '';
    const window = slotWindow(date, 'evening');
    expect(subject).toMatch(/^Reminder: your Lone Star Mobile Bar booking is in 7 days: \w+day, \w+ \d{1,2}, \d{4}, 6:00 PM – 11:00 PM$/);
    expect(text).toContain('See you in 7 days, Dolly!');
    expect(text).toContain('6:00 PM – 11:00 PM Central Time (America/Chicago)');
    expect(text).toContain(site.phone);
    expect(text).toContain('Wedding');
    expect(text).toContain('120');
    for (const typed of ['Lastname-Marker', '555-0177', 'Secret Ranch']) expect(`${subject}\n${text}\n${mail!.parsed.html}`).not.toContain(typed);
    // No calendar file (the confirmation's stays in the calendar): the one part besides the text is the inline logo.
    expect(mail!.parsed.attachments.map((part) => [part.contentType, part.cid])).toEqual([['image/png', LOGO_CID]]);
    for (const part of [subject, text, String(mail!.parsed.html)]) expect(part).not.toMatch(/\{[A-Za-z]+\}/);
    // Sent: the row keeps no body (its link is a secret).
    expect((await reminders()).map((row) => [row.status, row.text_body])).toEqual([['sent', '']]);

    // The link opens the booking, as the cancel page does.
    const token = tokenOf(text)!;
    expect(token).toBeDefined();
    const lookup = await call(cancelLookup, postJson('/api/cancel/lookup', { token }));
    expect(lookup.status).toBe(200);
    expect(await lookup.json()).toMatchObject({ booking: { date, timeSlot: 'evening', startsAt: window.start.toISOString() } });
  });

  test('the day count follows the Texas calendar: 23:30 in Texas on the reminder day is still "in 7 days"', async () => {
    const date = ahead(20);
    await reservation(date, 'evening');
    const lateEvening = new Date(reminderDueAt(date, 'evening', 7).getTime() + 5.5 * 3_600_000);
    expect(await queue(lateEvening)).toMatchObject({ queued: 1 });
    expect((await reminders())[0]!.subject).toContain('is in 7 days:');
  });

  test('the 1-day reminder says "tomorrow"; a booking made 3 days before gets that one only', async () => {
    const date = ahead(20);
    const due7 = reminderDueAt(date, 'evening', 7);
    const due1 = reminderDueAt(date, 'evening', 1);
    const late = new Date(due1.getTime() - 2 * 86_400_000);
    await query(database, "UPDATE bookings SET created_at = $1 WHERE id = $2", [late, await reservation(date, 'evening')]);
    expect(await queue(due7)).toMatchObject({ queued: 0 });
    expect(await queue(new Date(late.getTime() + 60_000))).toMatchObject({ queued: 0 });
    expect(await queue(due1)).toMatchObject({ queued: 1 });
    expect((await rows()).map((row) => row.days_before)).toEqual([1]);
    const [row] = await reminders();
    expect(row!.subject).toContain('is tomorrow:');
    expect(row!.text_body).toContain('See you tomorrow, Dolly!');
  });

  test.each([2, 5])('exactly once under %i concurrent runs at the same instant', async (runs) => {
    const date = ahead(20);
    const ids = [
      await reservation(date, 'morning', { email: 'a@example.com' }),
      await reservation(date, 'afternoon', { email: 'b@example.com' }),
      await reservation(date, 'evening', { email: 'c@example.com' }),
    ];
    // The evening's 7-day reminder is due last: at that instant all three are due.
    const now = reminderDueAt(date, 'evening', 7);
    const reports = await Promise.all(Array.from({ length: runs }, () => queue(now)));
    expect(reports.reduce((sum, report) => sum + report.queued, 0)).toBe(3);
    expect((await rows()).map((row) => row.booking_id).sort()).toEqual([...ids].sort());
    expect((await reminders()).map((row) => row.booking_id).sort()).toEqual([...ids].sort());
    const [tokens] = await query<{ n: number }>(database, 'SELECT count(*)::int AS n FROM booking_cancel_tokens');
    expect(tokens!.n).toBe(3);
    // And again, all at once, a minute later: nothing more.
    const again = await Promise.all(Array.from({ length: runs }, () => queue(new Date(now.getTime() + 60_000))));
    expect(again.every((report) => report.queued === 0)).toBe(true);
  });

  test('a deadline already past defers the due reminders to the next run', async () => {
    const date = ahead(20);
    await reservation(date, 'evening');
    const due = reminderDueAt(date, 'evening', 7);
    expect(await queue(due, { deadline: Date.now() - 1 })).toMatchObject({ queued: 0, deferred: 1 });
    expect(await queue(due)).toMatchObject({ queued: 1, deferred: 0 });
  });

  test('a cancel through the reminder’s own link (POST /api/cancel) withdraws it; nothing more is queued', async () => {
    const date = ahead(20);
    const id = await reservation(date, 'evening');
    expect(await queue(reminderDueAt(date, 'evening', 7))).toMatchObject({ queued: 1 });
    const token = tokenOf((await reminders())[0]!.text_body)!;
    // A token of its own: only the reminder's row holds it, and its kind is one whose body is dropped once failed.
    const holding = await query<{ kind: string }>(database, 'SELECT kind FROM outbox o WHERE strpos(to_jsonb(o)::text, $1) > 0', [token]);
    expect(holding.map((row) => row.kind)).toEqual(['reminder_client']);
    expect(KINDS_WITH_SECRETS).toContain('reminder_client');
    expect((await call(cancel, postJson('/api/cancel', { token }))).status).toBe(200);
    expect(await reminders()).toEqual([]);
    expect(await queue(reminderDueAt(date, 'evening', 1))).toMatchObject({ queued: 0 });
    expect(await rows()).toEqual([{ booking_id: id, sequence: 0, days_before: 7 }]);
    // Only the cancellation notices are left to send.
    expect((await query<{ kind: string }>(database, 'SELECT kind FROM outbox ORDER BY kind')).map((row) => row.kind)).toEqual([
      'cancellation_client',
      'cancellation_owner',
    ]);
  });

  test('a booking cancelled before its reminder is due never gets one', async () => {
    const date = ahead(20);
    const id = await reservation(date, 'evening');
    await query(database, "UPDATE bookings SET is_available = true, cancelled_at = now(), cancelled_by = 'client' WHERE id = $1", [id]);
    expect(await queue(reminderDueAt(date, 'evening', 7))).toMatchObject({ queued: 0 });
    expect(await queue(reminderDueAt(date, 'evening', 1))).toMatchObject({ queued: 0 });
    expect(await rows()).toEqual([]);
  });

  test('an owner’s block gets no reminder', async () => {
    const date = ahead(20);
    await query(
      database,
      "INSERT INTO bookings (date, time_slot, is_available, kind, block_id, block_note) VALUES ($1, 'evening', false, 'block', $2, 'Private')",
      [date, crypto.randomUUID()],
    );
    expect(await queue(reminderDueAt(date, 'evening', 7))).toMatchObject({ queued: 0 });
    expect(await queue(reminderDueAt(date, 'evening', 1))).toMatchObject({ queued: 0 });
    expect(await reminders()).toEqual([]);
  });

  /** Moves a booking through its client's link, as the change page does (POST /api/bookings/reschedule). */
  async function move(token: string, date: string, timeSlot: TimeSlotKey): Promise<void> {
    const response = await call(reschedule, postJson('/api/bookings/reschedule', { token, date, timeSlot }));
    expect(response.status).toBe(200);
  }

  test('after a move through the reminder’s link, its unsent reminder is withdrawn and the new date gets its own', async () => {
    const from = ahead(20);
    const to = ahead(30);
    const id = await reservation(from, 'evening');
    expect(await queue(reminderDueAt(from, 'evening', 7))).toMatchObject({ queued: 1 });
    await move(tokenOf((await reminders())[0]!.text_body)!, to, 'morning');
    expect(await reminders()).toEqual([]);
    // The old date's 1-day reminder is no longer due: the booking is not there any more.
    expect(await queue(reminderDueAt(from, 'evening', 1))).toMatchObject({ queued: 0 });
    expect(await queue(reminderDueAt(to, 'morning', 7))).toMatchObject({ queued: 1 });
    expect(await rows()).toEqual([
      { booking_id: id, sequence: 0, days_before: 7 },
      { booking_id: id, sequence: 1, days_before: 7 },
    ]);
    const [row] = await reminders();
    expect(row!.subject).toMatch(/9:00 AM – 1:00 PM$/);
    expect(row!.text_body).toContain('9:00 AM – 1:00 PM Central Time (America/Chicago)');
  });

  test.each(['cancel', 'move'] as const)('a run and a %s at the same instant leave no reminder to send, whichever goes first', async (change) => {
    const from = ahead(20);
    const id = await reservation(from, 'evening');
    const token = await withDatabase(undefined, (db) => createCancelToken(db, { id, date: from, timeSlot: 'evening' }), options);
    const request =
      change === 'cancel'
        ? call(cancel, postJson('/api/cancel', { token }))
        : call(reschedule, postJson('/api/bookings/reschedule', { token, date: ahead(30), timeSlot: 'afternoon' }));
    const [report, response] = await Promise.all([queue(reminderDueAt(from, 'evening', 7)), request]);
    expect(response.status).toBe(200);
    expect(report.queued).toBeLessThanOrEqual(1);
    expect(await reminders()).toEqual([]);
  });

  test('a booking moved 3 days ahead of its new date gets no 7-day reminder for it, only the 1-day one', async () => {
    const from = ahead(20);
    const id = await reservation(from, 'evening');
    const token = await withDatabase(undefined, (db) => createCancelToken(db, { id, date: from, timeSlot: 'evening' }), options);
    const to = ahead(3);
    await move(token, to, 'evening');
    // The real now lies in the new date's 7-day window, but the move (updated_at) came after that window opened.
    expect(await queue(new Date())).toMatchObject({ queued: 0 });
    expect(await queue(reminderDueAt(to, 'evening', 1))).toMatchObject({ queued: 1 });
    expect(await rows()).toEqual([{ booking_id: id, sequence: 1, days_before: 1 }]);
  });

  test('a scheduled run (the outbox-send handler) queues the due reminder and sends it in the same run, once', async () => {
    const date = ahead(3);
    const id = await reservation(date, 'evening', { madeAt: new Date(Date.now() - 30 * 86_400_000) });
    expect((await runOutboxSend()).status).toBe(204);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.parsed.subject).toContain('is in 3 days:');
    expect(scheduledLines()).toEqual([expect.objectContaining({ remindersQueued: 1, remindersDeferred: 0, sent: 1, failed: 0 })]);
    expect((await runOutboxSend()).status).toBe(204);
    expect(scheduledLines()[1]).toMatchObject({ remindersQueued: 0, sent: 0 });
    expect(await rows()).toEqual([{ booking_id: id, sequence: 0, days_before: 7 }]);
    await expectNoMoreMail(database, smtp, 1);
  });

  test('without SMTP_URL a scheduled run still queues the reminder and reports it, sending nothing', async () => {
    vi.stubEnv('SMTP_URL', '');
    try {
      await reservation(ahead(3), 'evening', { madeAt: new Date(Date.now() - 30 * 86_400_000) });
      expect((await runOutboxSend()).status).toBe(204);
      expect(scheduledLines()).toEqual([expect.objectContaining({ remindersQueued: 1, smtpConfigured: false })]);
      expect((await reminders()).map((row) => row.status)).toEqual(['pending']);
    } finally {
      vi.stubEnv('SMTP_URL', smtp.url);
    }
  });
});
