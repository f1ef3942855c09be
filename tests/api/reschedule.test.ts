import ICAL from 'ical.js';
import { describe, expect, test } from 'vitest';
import availability from '../../netlify/functions/availability';
import bookings from '../../netlify/functions/bookings';
import cancel from '../../netlify/functions/cancel';
import cancelLookup from '../../netlify/functions/cancel-lookup';
import reschedule, { config } from '../../netlify/functions/reschedule';
import { moveByCancelLink } from '../../netlify/lib/bookings/move';
import { KINDS_WITH_SECRETS } from '../../netlify/lib/mail/outbox/queue';
import { withDatabase, type Queryable } from '../../netlify/lib/db';
import { slotWindow } from '@shared/time-slots';
import { SLOT_TAKEN_MESSAGE, type TimeSlotKey } from '@shared/schemas/booking';
import { CANCEL_REFUSALS, SAME_SLOT_MESSAGE, type CancelBookingView } from '@shared/schemas/cancel';
import { booking as reservation, clock, uniqueEmail } from '../fixtures';
import type { TestDatabase } from '../setup/database';
import { useTestSmtpServer, type ReceivedMail } from './mail-support';
import { EXPECTED_HEADERS, call, databases, get, headersOf, postJson, query, useDatabase } from './support';

const OWNER = 'owner@lonestar.example';
const CONFIRMATION = /^Your /;
const LINK = /https:\/\/lonestar\.example\/cancel#token=([A-Za-z0-9_-]{43})/;

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

/** A client address of its own. */
function someIp(): string {
  const octet = () => Math.floor(Math.random() * 250);
  return `10.${octet()}.${octet()}.${octet()}`;
}

/** The calendar file of a received mail, read with ical.js: its METHOD and its one event's UID and SEQUENCE. */
function calendarOf(mail: ReceivedMail): { method: string; uid: string; sequence: number; start: Date } {
  const file = mail.parsed.attachments.find((attachment) => /calendar|ics/.test(attachment.contentType))!;
  const calendar = new ICAL.Component(ICAL.parse(file.content.toString('utf8')));
  const event = calendar.getFirstSubcomponent('vevent')!;
  return {
    method: String(calendar.getFirstPropertyValue('method')),
    uid: String(event.getFirstPropertyValue('uid')),
    sequence: Number(event.getFirstPropertyValue('sequence')),
    start: (event.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate(),
  };
}

describe('/api/bookings/reschedule config', () => {
  test('is served at /api/bookings/reschedule with the cancel link’s per-IP rate limit', () => {
    expect(config.path).toBe('/api/bookings/reschedule');
    expect(config.rateLimit).toMatchObject({ windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] });
  });
});

describe.each(databases)('/api/bookings/reschedule on $name', (database: TestDatabase) => {
  useDatabase(database);
  const smtp = useTestSmtpServer(database, { ownerEmail: OWNER, mailFrom: 'bookings@lonestar.example' });

  const onDatabase = <T>(work: (db: Queryable) => Promise<T>) =>
    withDatabase(undefined, work, { config: { url: database.url, wsProxy: database.wsProxy } });

  /** POST /api/bookings from an IP of its own (the per-IP budget is not under test here). */
  const postBooking = (patch: Parameters<typeof reservation>[0]) =>
    call(bookings, postJson('/api/bookings', reservation(patch), { 'x-nf-client-connection-ip': someIp() }));

  /** A booking made through the API, with the token of the link in its confirmation (read from the outbox). */
  const book = async (date: string, timeSlot: TimeSlotKey, patch: Parameters<typeof reservation>[0] = {}) => {
    const clientEmail = uniqueEmail('mover');
    const response = await postBooking({ date, timeSlot, clientEmail, clientName: 'Dolly Rivera', ...patch });
    expect(response.status).toBe(201);
    const { booking } = (await response.json()) as { booking: { id: string } };
    // The link as the client gets it: from the confirmation in the catcher, or in the outbox while the server is down.
    const [waiting] = await query<{ text_body: string }>(
      database,
      "SELECT text_body FROM outbox WHERE booking_id = $1 AND kind = 'booking_client' AND status = 'pending'",
      [booking.id],
    );
    const text = waiting?.text_body ?? (await mailTo(clientEmail, CONFIRMATION)).parsed.text ?? '';
    return { id: booking.id, clientEmail, token: LINK.exec(text)![1]! };
  };

  /** The first mail the catcher got for `address` whose subject matches `subject` (waits for it). */
  const mailTo = async (address: string, subject: RegExp): Promise<ReceivedMail> => {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const found = smtp.received.find((mail) => mail.envelope.to[0] === address && subject.test(mail.parsed.subject ?? ''));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`No mail to ${address} matching ${subject}.`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  const move = (token: unknown, date: unknown, timeSlot: unknown) =>
    call(reschedule, postJson('/api/bookings/reschedule', { token, date, timeSlot }));
  const lookup = async (token: string) =>
    ((await (await call(cancelLookup, postJson('/api/cancel/lookup', { token }))).json()) as { booking: CancelBookingView }).booking;
  const slotsOf = async (date: string) =>
    ((await (await call(availability, get(`/api/availability/${date}`))).json()) as { availableSlots: string[] }).availableSlots;
  const rowOf = async (id: string) =>
    (await query<{ date: string; time_slot: string; sequence: number; is_available: boolean }>(
      database,
      'SELECT date, time_slot, sequence, is_available FROM bookings WHERE id = $1',
      [id],
    ))[0]!;

  test('moves the booking: 200 { booking } at the new slot, the old slot free, the new one taken, an audit entry', async () => {
    const from = clock.day(30);
    const to = clock.day(31);
    const { id, token } = await book(from, 'evening');
    const response = await move(token, to, 'morning');
    expect(response.status).toBe(200);
    expect(headersOf(response)).toMatchObject(EXPECTED_HEADERS);
    const window = slotWindow(to, 'morning');
    expect(await response.json()).toEqual({
      booking: {
        date: to,
        timeSlot: 'morning',
        eventType: 'birthday',
        clientName: 'Dolly Rivera',
        startsAt: window.start.toISOString(),
        endsAt: window.end.toISOString(),
        stage: 'held',
        tentativeUntil: null,
      },
    });
    expect(await slotsOf(from)).toEqual(['morning', 'afternoon', 'evening']);
    expect(await slotsOf(to)).toEqual(['afternoon', 'evening']);
    expect(await rowOf(id)).toEqual({ date: to, time_slot: 'morning', sequence: 1, is_available: false });
    // The link stays valid until the new slot ends, and the same link shows the booking at its new date.
    const tokens = await query<{ expires_at: Date }>(database, 'SELECT expires_at FROM booking_cancel_tokens WHERE booking_id = $1', [id]);
    expect(tokens).toHaveLength(2);
    for (const row of tokens) expect(new Date(row.expires_at)).toEqual(window.end);
    expect(await lookup(token)).toMatchObject({ date: to, timeSlot: 'morning' });
    const audit = await query<{ actor: string; detail: unknown }>(
      database,
      "SELECT actor, detail FROM audit_log WHERE action = 'booking_moved' AND target = $1",
      [id],
    );
    expect(audit.map((row) => ({ actor: row.actor, detail: typeof row.detail === 'string' ? JSON.parse(row.detail) : row.detail }))).toEqual([
      { actor: 'client', detail: { fromDate: from, fromSlot: 'evening', toDate: to, toSlot: 'morning' } },
    ]);
  });

  test('the client and the owner get a mail; the calendar file keeps the UID with SEQUENCE 1, then 2; the new link works', async () => {
    const from = clock.day(32);
    const { clientEmail, token } = await book(from, 'afternoon', { phone: '(512) 555-0199', eventLocation: 'Secret Ranch Road 9' });
    const confirmation = calendarOf(await mailTo(clientEmail, CONFIRMATION));
    expect(confirmation).toMatchObject({ method: 'REQUEST', sequence: 0 });

    expect((await move(token, clock.day(33), 'evening')).status).toBe(200);
    const client = await mailTo(clientEmail, /^Moved/);
    const owner = await mailTo(OWNER, /^Booking moved/);
    const first = calendarOf(client);
    expect(first).toEqual({ method: 'REQUEST', uid: confirmation.uid, sequence: 1, start: slotWindow(clock.day(33), 'evening').start });
    expect(calendarOf(owner)).toMatchObject({ uid: confirmation.uid, sequence: 1 });
    // The owner reads old and new; the client's mail holds none of what the visitor typed but the first name.
    expect(owner.parsed.text).toContain('Secret Ranch Road 9');
    expect(owner.parsed.text).toMatch(/from .+, 1:00 PM – 6:00 PM to .+, 6:00 PM – 11:00 PM/);
    expect(client.parsed.text).not.toContain('Secret Ranch Road');
    expect(client.parsed.text).not.toContain('555-0199');
    expect(client.parsed.text).not.toContain('Rivera');

    // The move's mail carries a new link (a fresh token: only hashes are stored); old and new both work.
    const fresh = LINK.exec(client.parsed.text ?? '')![1]!;
    expect(fresh).not.toBe(token);
    expect(await lookup(fresh)).toMatchObject({ date: clock.day(33), timeSlot: 'evening' });

    expect((await move(fresh, clock.day(34), 'morning')).status).toBe(200);
    const movesOf = () => smtp.received.filter((mail) => mail.envelope.to[0] === clientEmail && /^Moved/.test(mail.parsed.subject ?? ''));
    await expect.poll(() => movesOf().length).toBe(2);
    const moves = movesOf();
    expect(moves.map(calendarOf).map((file) => [file.uid, file.sequence])).toEqual([
      [confirmation.uid, 1],
      [confirmation.uid, 2],
    ]);
    expect(await lookup(token)).toMatchObject({ date: clock.day(34), timeSlot: 'morning' });
  });

  test('a cancellation after a move carries SEQUENCE 2 for the same UID', async () => {
    const { clientEmail, token } = await book(clock.day(35), 'morning');
    const uid = calendarOf(await mailTo(clientEmail, CONFIRMATION)).uid;
    expect((await move(token, clock.day(35), 'evening')).status).toBe(200);
    expect((await call(cancel, postJson('/api/cancel', { token }))).status).toBe(200);
    const notice = calendarOf(await mailTo(clientEmail, /^Cancelled/));
    expect(notice).toMatchObject({ method: 'CANCEL', uid, sequence: 2, start: slotWindow(clock.day(35), 'evening').start });
    expect(await slotsOf(clock.day(35))).toEqual(['morning', 'afternoon', 'evening']);
  });

  test('stale links get the cancel link’s refusals and change nothing', async () => {
    // Unknown.
    const unknown = await move('B'.repeat(43), clock.day(40), 'morning');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: { code: 'unknown', message: CANCEL_REFUSALS.unknown.message } });

    // Cancelled.
    const cancelled = await book(clock.day(40), 'evening');
    expect((await call(cancel, postJson('/api/cancel', { token: cancelled.token }))).status).toBe(200);
    const refused = await move(cancelled.token, clock.day(41), 'morning');
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as ErrorBody).error.code).toBe('already_cancelled');
    expect(await slotsOf(clock.day(41))).toEqual(['morning', 'afternoon', 'evening']);

    // Expired: the event took place two days ago (set up as the cancel tests do).
    const expired = await book(clock.day(42), 'afternoon');
    const past = clock.day(-2);
    await query(database, 'UPDATE bookings SET date = $1 WHERE id = $2', [past, expired.id]);
    await query(database, 'UPDATE booking_cancel_tokens SET expires_at = $1 WHERE booking_id = $2', [slotWindow(past, 'afternoon').end, expired.id]);
    const late = await move(expired.token, clock.day(43), 'morning');
    expect(late.status).toBe(410);
    expect(((await late.json()) as ErrorBody).error.code).toBe('expired');
    expect(await rowOf(expired.id)).toMatchObject({ date: past, sequence: 0 });
  });

  test('a booking whose event has started cannot move (409 started), by the injected clock', async () => {
    const { id, token } = await book('2027-07-10', 'evening');
    const start = slotWindow('2027-07-10', 'evening').start;
    expect(await onDatabase((db) => moveByCancelLink(db, { token, date: '2027-07-11', timeSlot: 'evening', now: start }))).toEqual({
      ok: false,
      code: 'started',
    });
    expect(CANCEL_REFUSALS.started.status).toBe(409);
    expect(await rowOf(id)).toMatchObject({ date: '2027-07-10', time_slot: 'evening', sequence: 0 });
  });

  test('a move into the slot the booking holds is refused (409 same_slot) and changes nothing', async () => {
    const { id, token } = await book(clock.day(44), 'afternoon');
    const response = await move(token, clock.day(44), 'afternoon');
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      error: { code: 'same_slot', message: SAME_SLOT_MESSAGE, fields: { timeSlot: SAME_SLOT_MESSAGE } },
    });
    expect(await rowOf(id)).toMatchObject({ time_slot: 'afternoon', sequence: 0 });
    expect(await query(database, "SELECT 1 FROM outbox WHERE kind LIKE 'reschedule%'")).toEqual([]);
  });

  test('a slot another booking holds is refused with the booking endpoint’s slot-taken answer', async () => {
    const { id, token } = await book(clock.day(46), 'morning');
    expect((await postBooking({ date: clock.day(46), timeSlot: 'evening' })).status).toBe(201);
    const response = await move(token, clock.day(46), 'evening');
    expect(response.status).toBe(409);
    // Word for word what POST /api/bookings answers for that slot.
    const taken = await postBooking({ date: clock.day(46), timeSlot: 'evening' });
    expect(taken.status).toBe(409);
    const answer = await response.json();
    expect(answer).toEqual(await taken.json());
    expect(answer).toEqual({ error: { code: 'slot_taken', message: SLOT_TAKEN_MESSAGE, fields: { timeSlot: SLOT_TAKEN_MESSAGE } } });
    expect(await rowOf(id)).toMatchObject({ time_slot: 'morning', sequence: 0 });
  });

  test.each([
    ['no token', { date: clock.day(50), timeSlot: 'morning' }, 'token'],
    ['a short token', { token: 'abc', date: clock.day(50), timeSlot: 'morning' }, 'token'],
    ['a past date', { token: 'A'.repeat(43), date: clock.day(-1), timeSlot: 'morning' }, 'date'],
    ['a date past the window', { token: 'A'.repeat(43), date: clock.day(800), timeSlot: 'morning' }, 'date'],
    ['no such date', { token: 'A'.repeat(43), date: '2027-02-30', timeSlot: 'morning' }, 'date'],
    ['an unknown slot', { token: 'A'.repeat(43), date: clock.day(50), timeSlot: 'brunch' }, 'timeSlot'],
  ])('%s is 400 naming the field', async (_label, body, field) => {
    const response = await call(reschedule, postJson('/api/bookings/reschedule', body));
    expect(response.status).toBe(400);
    const error = ((await response.json()) as ErrorBody).error;
    expect(error.code).toBe('invalid_fields');
    expect(Object.keys(error.fields ?? {})).toEqual([field]);
  });

  test('bad JSON is 400, another content type 415, another method 405', async () => {
    expect((await call(reschedule, postJson('/api/bookings/reschedule', '{"token":'))).status).toBe(400);
    expect((await call(reschedule, postJson('/api/bookings/reschedule', { token: 'x' }, { 'content-type': 'text/plain' }))).status).toBe(415);
    const other = await call(reschedule, new Request('http://localhost:8888/api/bookings/reschedule', { method: 'GET' }));
    expect(other.status).toBe(405);
    expect(other.headers.get('allow')).toBe('POST');
  });

  test('atomic under a concurrent booking of the new slot: exactly one wins, the loser changes nothing (10 races)', async () => {
    // What is claimed is what the transactions leave (rows, queued mails, links, audit), not delivery, which the tests
    // above prove: with the mail server down, the mails wait in the outbox and no round waits on SMTP and a parse.
    await smtp.down();
    const wins = { move: 0, booking: 0 };
    for (let round = 0; round < 10; round += 1) {
      const date = clock.day(60 + round);
      const { id, token } = await book(date, 'morning');
      // Who sets off first alternates, so each side gets to win on a database that serves one request at a time.
      const rival = () => postBooking({ date, timeSlot: 'evening', clientName: `Rival ${round}` });
      const [moved, booked] =
        round % 2 === 0
          ? await Promise.all([move(token, date, 'evening'), rival()])
          : await Promise.all([rival(), move(token, date, 'evening')]).then(([b, m]) => [m, b] as const);
      // Exactly one wins: the move (200, the rival 409) or the rival (201, the move 409).
      expect([[200, 409], [409, 201]]).toContainEqual([moved.status, booked.status]);
      const held = await query<{ id: string; time_slot: string }>(
        database,
        'SELECT id, time_slot FROM bookings WHERE date = $1 AND NOT is_available ORDER BY time_slot',
        [date],
      );
      const rescheduleMails = await query(database, "SELECT 1 FROM outbox WHERE booking_id = $1 AND kind LIKE 'reschedule%'", [id]);
      const tokens = await query(database, 'SELECT 1 FROM booking_cancel_tokens WHERE booking_id = $1', [id]);
      const audit = await query(database, "SELECT 1 FROM audit_log WHERE action = 'booking_moved' AND target = $1", [id]);
      if (moved.status === 200) {
        wins.move += 1;
        expect(booked.status).toBe(409);
        expect(held).toEqual([{ id, time_slot: 'evening' }]);
        expect(await rowOf(id)).toMatchObject({ time_slot: 'evening', sequence: 1 });
        expect([rescheduleMails.length, tokens.length, audit.length]).toEqual([2, 2, 1]);
      } else {
        wins.booking += 1;
        expect(moved.status).toBe(409);
        expect(await moved.json()).toEqual({ error: { code: 'slot_taken', message: SLOT_TAKEN_MESSAGE, fields: { timeSlot: SLOT_TAKEN_MESSAGE } } });
        // The client still holds the old slot, untouched; no mail, no link, no audit entry of a move.
        expect(held.map((row) => row.time_slot).sort()).toEqual(['evening', 'morning']);
        expect(held.find((row) => row.time_slot === 'morning')!.id).toBe(id);
        expect(await rowOf(id)).toMatchObject({ date, time_slot: 'morning', sequence: 0 });
        expect([rescheduleMails.length, tokens.length, audit.length]).toEqual([0, 1, 0]);
        expect(await lookup(token)).toMatchObject({ date, timeSlot: 'morning' });
      }
    }
    expect(wins.move + wins.booking).toBe(10);
    console.info(`races on ${database.name}: the move won ${wins.move}, the rival booking ${wins.booking}`);
  });

  test('two simultaneous moves with one link to two slots leave one consistent booking', async () => {
    const from = clock.day(75);
    const { id, token } = await book(from, 'afternoon');
    const targets = [
      [clock.day(76), 'morning'],
      [clock.day(77), 'evening'],
    ] as const;
    const responses = await Promise.all(targets.map(([date, slot]) => move(token, date, slot)));
    expect(responses.map((response) => response.status)).toEqual([200, 200]);
    const row = await rowOf(id);
    expect(row.sequence).toBe(2);
    // Whichever went second holds; the other target and the original slot are free.
    const held = targets.find(([date, slot]) => date === row.date && slot === row.time_slot)!;
    const other = targets.find((target) => target !== held)!;
    expect(await slotsOf(held[0])).not.toContain(held[1]);
    expect(await slotsOf(other[0])).toEqual(['morning', 'afternoon', 'evening']);
    expect(await slotsOf(from)).toEqual(['morning', 'afternoon', 'evening']);
    const rows = await query(database, 'SELECT 1 FROM bookings WHERE client_email = (SELECT client_email FROM bookings WHERE id = $1)', [id]);
    expect(rows).toHaveLength(1);
    const expiries = await query<{ expires_at: Date }>(database, 'SELECT expires_at FROM booking_cancel_tokens WHERE booking_id = $1', [id]);
    expect(expiries).toHaveLength(3);
    for (const token of expiries) expect(new Date(token.expires_at)).toEqual(slotWindow(held[0], held[1]).end);
    expect(await lookup(token)).toMatchObject({ date: held[0], timeSlot: held[1] });
  });

  test('a cancel with one link and a move with another, at once, never deadlock: one order or the other (5 rounds)', async () => {
    await smtp.down();
    for (let round = 0; round < 5; round += 1) {
      const date = clock.day(90 + round);
      const { id, token } = await book(date, 'morning');
      expect((await move(token, date, 'afternoon')).status).toBe(200);
      const [row] = await query<{ text_body: string }>(
        database,
        "SELECT text_body FROM outbox WHERE booking_id = $1 AND kind = 'reschedule_client'",
        [id],
      );
      const fresh = LINK.exec(row!.text_body)![1]!;
      const [cancelled, moved] = await Promise.all([
        call(cancel, postJson('/api/cancel', { token })),
        move(fresh, date, 'evening'),
      ]);
      expect(cancelled.status).toBe(200);
      // The move went first (and the cancel then cancelled the moved booking), or the cancel did.
      expect([200, 409]).toContain(moved.status);
      expect(await rowOf(id)).toMatchObject({ is_available: true, time_slot: moved.status === 200 ? 'evening' : 'afternoon' });
      expect(await slotsOf(date)).toEqual(['morning', 'afternoon', 'evening']);
    }
  });

  test('with the mail server down the move still succeeds; its mails wait, the new link only in the client’s (a secret kind)', async () => {
    const { id, token } = await book(clock.day(82), 'morning');
    await smtp.down();
    expect((await move(token, clock.day(82), 'evening')).status).toBe(200);
    const rows = await query<{ kind: string; status: string; text_body: string }>(
      database,
      "SELECT kind, status, text_body FROM outbox WHERE booking_id = $1 AND kind LIKE 'reschedule%' ORDER BY kind",
      [id],
    );
    expect(rows.map((row) => [row.kind, row.status])).toEqual([
      ['reschedule_client', 'pending'],
      ['reschedule_owner', 'pending'],
    ]);
    const fresh = LINK.exec(rows[0]!.text_body)![1]!;
    expect(fresh).not.toBe(token);
    expect(rows[1]!.text_body).not.toContain(fresh);
    expect(KINDS_WITH_SECRETS).toContain('reschedule_client');
    expect(await lookup(fresh)).toMatchObject({ date: clock.day(82), timeSlot: 'evening' });
  });

  test('an unsent reminder of the old date is withdrawn by the move', async () => {
    const { id, token } = await book(clock.day(80), 'evening');
    await query(
      database,
      `INSERT INTO outbox (id, kind, booking_id, to_addresses, subject, text_body, html_body, message_id, status,
         booking_sequence)
       VALUES (gen_random_uuid(), 'reminder_client', $1, '[{"name":"Dolly","address":"dolly@example.com"}]',
               'Reminder', 'x', 'x', $2, 'pending', 0)`,
      [id, `<reminder-${id}@lonestar.example>`],
    );
    expect((await move(token, clock.day(81), 'evening')).status).toBe(200);
    expect(await query(database, "SELECT 1 FROM outbox WHERE kind = 'reminder_client' AND booking_id = $1", [id])).toEqual([]);
  });
});
