import { describe, expect, test, vi } from 'vitest';
import cancel, { config } from '../../netlify/functions/cancel';
import cancelLookup, { config as lookupConfig } from '../../netlify/functions/cancel-lookup';
import { createCancelToken, findBookingByCancelToken } from '../../netlify/lib/bookings/cancel-links';
import { releaseByCancelLink } from '../../netlify/lib/bookings/release';
import { findAvailableSlots, reserveSlot } from '../../netlify/lib/bookings/reserve';
import { withDatabase, type Queryable } from '../../netlify/lib/db';
import { hashSecretToken } from '../../netlify/lib/secret-token';
import { inTransaction } from '../../netlify/lib/transaction';
import { enqueueBookingMails } from '../../netlify/lib/mail/outbox/write';
import { slotWindow } from '@shared/time-slots';
import type { TimeSlotKey } from '@shared/schemas/booking';
import { CANCEL_REFUSALS } from '@shared/schemas/cancel';
import { addDaysUtc, todayUtc } from '@shared/schemas/dates';
import type { TestDatabase } from '../setup/database';
import { icsUtc, parseIcs, property, useTestSmtpServer } from './mail-support';
import { EXPECTED_HEADERS, call, databases, get, headersOf, postJson, query, useDatabase } from './support';

const OWNER = 'owner@lonestar.example';

describe('/api/cancel config', () => {
  test('is served at /api/cancel with a per-IP rate limit', () => {
    expect(config.path).toBe('/api/cancel');
    expect(config.rateLimit).toMatchObject({ windowLimit: 20, windowSize: 60, aggregateBy: ['ip', 'domain'] });
  });

  test('the lookup is served at /api/cancel/lookup with the same per-IP rate limit', () => {
    expect(lookupConfig.path).toBe('/api/cancel/lookup');
    expect(lookupConfig.rateLimit).toEqual(config.rateLimit);
  });
});

describe.each(databases)('/api/cancel on $name', (database: TestDatabase) => {
  useDatabase(database);
  const smtp = useTestSmtpServer(database, { ownerEmail: OWNER, mailFrom: 'bookings@lonestar.example' });

  const onDatabase = <T>(work: (db: Queryable) => Promise<T>) =>
    withDatabase(undefined, work, { config: { url: database.url, wsProxy: database.wsProxy } });

  const future = () => addDaysUtc(todayUtc(), 30);

  /** A stored booking with its token and confirmation mails, as POST /api/bookings leaves it. */
  const book = (date: string = future(), timeSlot: TimeSlotKey = 'afternoon') =>
    onDatabase((db) =>
      inTransaction(db, async (tx) => {
        const result = await reserveSlot(
          tx,
          { date, timeSlot, clientName: 'Dolly Rivera', clientEmail: 'dolly@example.com', eventType: 'wedding', website: '' },
          todayUtc(),
          // A client of its own: these reservations are not about the per-IP budget.
          { ip: crypto.randomUUID(), now: new Date() },
        );
        if (!result.ok) throw new Error(result.code);
        const token = await createCancelToken(tx, result.value);
        await enqueueBookingMails(tx, result.value, token);
        return { booking: result.value, token };
      }),
    );

  const getCancel = (token: unknown) => call(cancelLookup, postJson('/api/cancel/lookup', { token }));
  const postCancel = (token: unknown) => call(cancel, postJson('/api/cancel', { token }));
  const errorCode = async (response: Response) => ((await response.json()) as { error: { code: string } }).error.code;

  test('the lookup shows the booking of a valid link', async () => {
    const { booking, token } = await book();
    const response = await getCancel(token);
    expect(response.status).toBe(200);
    expect(headersOf(response)).toMatchObject(EXPECTED_HEADERS);
    const window = slotWindow(booking.date, 'afternoon');
    expect(await response.json()).toEqual({
      booking: {
        date: booking.date,
        timeSlot: 'afternoon',
        eventType: 'wedding',
        clientName: 'Dolly Rivera',
        startsAt: window.start.toISOString(),
        endsAt: window.end.toISOString(),
        stage: 'held',
        tentativeUntil: null,
      },
    });
  });

  test('the token is stored only as its SHA-256 and expires when the event ends', async () => {
    const { booking, token } = await book();
    const rows = await query<{ token_hash: string; expires_at: Date }>(database, 'SELECT token_hash, expires_at FROM booking_cancel_tokens');
    expect(rows).toEqual([{ token_hash: hashSecretToken(token), expires_at: slotWindow(booking.date, 'afternoon').end }]);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = JSON.stringify(await query(database, 'SELECT * FROM booking_cancel_tokens'));
    expect(stored).not.toContain(token);
  });

  test('POST cancels once: frees the slot at once, spends the token and sends both cancellation e-mails', async () => {
    const { booking, token } = await book();
    await smtp.waitFor(0);
    const response = await postCancel(token);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { booking: { date: string; cancelledAt: string } };
    expect(body.booking).toMatchObject({ date: booking.date, timeSlot: 'afternoon' });
    expect(Date.now() - Date.parse(body.booking.cancelledAt)).toBeLessThan(60_000);

    const [row] = await query<{ is_available: boolean; cancelled_by: string; cancelled_at: Date | null }>(
      database,
      'SELECT is_available, cancelled_by, cancelled_at FROM bookings WHERE id = $1',
      [booking.id],
    );
    expect(row).toMatchObject({ is_available: true, cancelled_by: 'client' });
    expect(row!.cancelled_at).not.toBeNull();
    expect(await onDatabase((db) => findAvailableSlots(db, booking.date, new Date()))).toEqual(['morning', 'afternoon', 'evening']);

    // The two cancellation mails went out right away (the confirmation pair was only queued by this test's setup).
    const cancellations = (await smtp.waitFor(2)).filter((mail) => /cancel/i.test(mail.parsed.subject ?? ''));
    expect(cancellations.map((mail) => mail.envelope.to[0]).sort()).toEqual(['dolly@example.com', OWNER]);
    for (const mail of cancellations) {
      const file = mail.parsed.attachments.find((attachment) => /calendar|ics/.test(attachment.contentType))!;
      const calendar = parseIcs(file.content.toString('utf8'));
      expect(property(calendar, 'METHOD')).toBe('CANCEL');
      const event = calendar.components[0]!;
      expect(property(event, 'UID')).toBe(`booking-${booking.id}@lonestar.example`);
      expect(property(event, 'SEQUENCE')).toBe('1');
      expect(icsUtc(property(event, 'DTSTART'))).toEqual(slotWindow(booking.date, 'afternoon').start);
    }

    // The same link again, by POST or GET: already cancelled.
    const again = await postCancel(token);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({
      error: { code: 'already_cancelled', message: CANCEL_REFUSALS.already_cancelled.message },
    });
    expect((await getCancel(token)).status).toBe(409);

    // The slot can be booked again.
    const rebooked = await onDatabase((db) =>
      inTransaction(db, (tx) =>
        reserveSlot(
          tx,
          { date: booking.date, timeSlot: 'afternoon', clientName: 'Next', clientEmail: 'n@example.com', eventType: 'other', website: '' },
          todayUtc(),
          { ip: crypto.randomUUID(), now: new Date() },
        ),
      ),
    );
    expect(rebooked.ok).toBe(true);
  });

  test('five simultaneous POSTs of one link cancel once and queue one pair of e-mails', async () => {
    await smtp.down();
    const { booking, token } = await book();
    const responses = await Promise.all(Array.from({ length: 5 }, () => postCancel(token)));
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const kinds = await query<{ kind: string }>(database, "SELECT kind FROM outbox WHERE kind LIKE 'cancellation%' ORDER BY kind");
    expect(kinds.map((row) => row.kind)).toEqual(['cancellation_client', 'cancellation_owner']);
    const [row] = await query<{ is_available: boolean }>(database, 'SELECT is_available FROM bookings WHERE id = $1', [booking.id]);
    expect(row!.is_available).toBe(true);
  });

  test('with the mail server down the cancellation still succeeds and its e-mails wait in the outbox', async () => {
    await smtp.down();
    const { token } = await book();
    const response = await postCancel(token);
    expect(response.status).toBe(200);
    const waiting = await query<{ kind: string; status: string }>(
      database,
      "SELECT kind, status FROM outbox WHERE kind LIKE 'cancellation%' ORDER BY kind",
    );
    expect(waiting).toEqual([
      { kind: 'cancellation_client', status: 'pending' },
      { kind: 'cancellation_owner', status: 'pending' },
    ]);
  });

  test('an unknown link is 404 with a clear message', async () => {
    const response = await getCancel('B'.repeat(43));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { code: 'unknown', message: CANCEL_REFUSALS.unknown.message } });
    expect((await postCancel('B'.repeat(43))).status).toBe(404);
  });

  test.each([
    ['missing', undefined],
    ['empty', ''],
    ['too short', 'abc'],
    ['not base64url', '%'.repeat(43)],
    ['too long', 'A'.repeat(5000)],
  ])('a %s token is 400 naming the token field', async (_label, token) => {
    const response = await getCancel(token);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; fields: Record<string, string> } };
    expect(body.error.code).toBe('invalid_fields');
    expect(Object.keys(body.error.fields)).toEqual(['token']);
  });

  test('the old GET /api/cancel?token= is 405 and answers nothing about the booking (a token never travels in a URL)', async () => {
    const { token } = await book();
    const response = await call(cancel, get(`/api/cancel?token=${encodeURIComponent(token)}`));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
    const text = await response.text();
    expect(JSON.parse(text)).toMatchObject({ error: { code: 'method_not_allowed' } });
    expect(text).not.toContain('Dolly');
    const lookupByGet = await call(cancelLookup, get(`/api/cancel/lookup?token=${encodeURIComponent(token)}`));
    expect(lookupByGet.status).toBe(405);
    expect(await lookupByGet.text()).not.toContain('Dolly');
    // Nothing was spent: the link still looks up and cancels.
    expect((await getCancel(token)).status).toBe(200);
  });

  test.each([
    ['a number', { token: 42 }],
    ['no token', {}],
    ['an array', []],
  ])('POST with %s is 400', async (_label, body) => {
    const response = await call(cancel, postJson('/api/cancel', body));
    expect(response.status).toBe(400);
  });

  test('POST that is not JSON is 400 or 415, another method 405', async () => {
    expect((await call(cancel, postJson('/api/cancel', '{"token":'))).status).toBe(400);
    expect((await call(cancel, postJson('/api/cancel', { token: 'x' }, { 'content-type': 'text/plain' }))).status).toBe(415);
    const put = await call(cancel, new Request('http://localhost:8888/api/cancel', { method: 'PUT' }));
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('POST');
    expect((await call(cancelLookup, postJson('/api/cancel/lookup', '{"token":'))).status).toBe(400);
    expect((await call(cancelLookup, postJson('/api/cancel/lookup', { token: 'x' }, { 'content-type': 'text/plain' }))).status).toBe(415);
  });

  test('a link whose event is over has expired (410) and the booking stays', async () => {
    const { booking, token } = await book(addDaysUtc(todayUtc(), 40));
    // The event took place two days ago.
    const past = addDaysUtc(todayUtc(), -2);
    await query(database, 'UPDATE bookings SET date = $1 WHERE id = $2', [past, booking.id]);
    await query(database, 'UPDATE booking_cancel_tokens SET expires_at = $1', [slotWindow(past, 'afternoon').end]);
    for (const response of [await getCancel(token), await postCancel(token)]) {
      expect(response.status).toBe(410);
      expect(await errorCode(response)).toBe('expired');
    }
    const [row] = await query<{ is_available: boolean }>(database, 'SELECT is_available FROM bookings WHERE id = $1', [booking.id]);
    expect(row!.is_available).toBe(false);
  });

  test('an event under way cannot be cancelled (409), one that is over has expired (410), by the injected clock', async () => {
    const { booking, token } = await book('2027-07-10', 'evening');
    const window = slotWindow('2027-07-10', 'evening');
    const at = (ms: number) => new Date(ms);
    expect(await onDatabase((db) => findBookingByCancelToken(db, token, at(window.start.getTime() - 1000)))).toMatchObject({ ok: true });
    expect(await onDatabase((db) => releaseByCancelLink(db, token, at(window.start.getTime())))).toEqual({ ok: false, code: 'started' });
    expect(await onDatabase((db) => releaseByCancelLink(db, token, at(window.end.getTime())))).toEqual({ ok: false, code: 'expired' });
    const [row] = await query<{ is_available: boolean }>(database, 'SELECT is_available FROM bookings WHERE id = $1', [booking.id]);
    expect(row!.is_available).toBe(false);
    expect(CANCEL_REFUSALS.started.status).toBe(409);
  });

  test('a booking the owner already released answers 409 already cancelled', async () => {
    const { booking, token } = await book();
    await query(database, 'UPDATE bookings SET is_available = true WHERE id = $1', [booking.id]);
    const response = await getCancel(token);
    expect(response.status).toBe(409);
    expect(await errorCode(response)).toBe('already_cancelled');
  });

  test('no log line holds the token', async () => {
    const { token } = await book();
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    await getCancel(token);
    await postCancel(token);
    await postCancel(token);
    const lines = log.mock.calls.map((args) => args.join(' ')).join('\n');
    expect(lines).toContain('"endpoint":"cancel"');
    expect(lines).not.toContain(token);
    expect(lines).not.toContain('dolly');
  });
});
