import { describe, expect, test } from 'vitest';
import cancelBooking from '../../netlify/functions/admin-booking-cancel';
import move from '../../netlify/functions/admin-booking-move';
import sendLink from '../../netlify/functions/admin-booking-send-link';
import bookings from '../../netlify/functions/admin-bookings';
import cancelLookup from '../../netlify/functions/cancel-lookup';
import reschedule from '../../netlify/functions/reschedule';
import { MAX_FUTURE_HOLDS } from '@shared/schemas/holds';
import type { OwnerBooking } from '@shared/schemas/owner';
import { booking as reservation, clock, uniqueEmail } from '../fixtures';
import type { TestDatabase } from '../setup/database';
import { OWNER, auditMark, auditSince, callWith, deskRequest, ownerCookie, resetOwnerTables } from './admin-support';
import { expectNoMoreMail, useTestSmtpServer, type ReceivedMail } from './mail-support';
import { call, databases, postJson, query, useDatabase } from './support';

const OWNER_ADDRESS = 'owner@lonestar.example';
const LINK = /https:\/\/lonestar\.example\/cancel#token=([A-Za-z0-9_-]{43})/;

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

describe.each(databases)('the owner’s phone bookings on $name', (database: TestDatabase) => {
  useDatabase(database);
  resetOwnerTables(database);
  const smtp = useTestSmtpServer(database, { ownerEmail: OWNER_ADDRESS, mailFrom: 'bookings@lonestar.example' });

  const book = (cookie: string, body: unknown, key: string | null = crypto.randomUUID()) =>
    callWith(
      bookings,
      deskRequest('POST', '/api/admin/bookings', { cookie, body, headers: key === null ? {} : { 'Idempotency-Key': key } }),
    );
  const moveTo = (cookie: string, id: string, date: string, timeSlot: string) =>
    callWith(move, deskRequest('POST', `/api/admin/bookings/${id}/move`, { cookie, body: { date, timeSlot } }));
  const send = (cookie: string, id: string) =>
    callWith(sendLink, deskRequest('POST', `/api/admin/bookings/${id}/send-link`, { cookie }));
  const made = async (cookie: string, patch: Parameters<typeof reservation>[0] = {}) => {
    const response = await book(cookie, reservation({ clientName: 'Rosa Diaz', clientEmail: uniqueEmail('rosa'), ...patch }));
    expect(response.status).toBe(201);
    return ((await response.json()) as { booking: OwnerBooking }).booking;
  };
  const error = async (response: Response) => ((await response.json()) as ErrorBody).error;
  const mails = (count: number) => expectNoMoreMail(database, smtp, count);
  const textOf = (mail: ReceivedMail) => mail.parsed.text ?? '';

  test('books a caller’s slot once per key, mails the client alone their confirmation with a link, and audits it', async () => {
    const cookie = await ownerCookie(database);
    const mark = await auditMark(database);
    const body = reservation({ clientName: 'Rosa Diaz', clientEmail: uniqueEmail('rosa'), phone: '512-555-0100', guestCount: '80' });
    const key = crypto.randomUUID();
    const first = await book(cookie, body, key);
    expect(first.status).toBe(201);
    const { booking } = (await first.json()) as { booking: OwnerBooking };
    expect(booking).toMatchObject({
      date: body.date,
      timeSlot: body.timeSlot,
      kind: 'reservation',
      state: 'held',
      stage: 'held',
      tentativeUntil: null,
      clientName: 'Rosa Diaz',
      phone: '512-555-0100',
      guestCount: 80,
    });
    const replay = await book(cookie, body, key);
    expect(replay.status).toBe(201);
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');
    expect(((await replay.json()) as { booking: OwnerBooking }).booking).toEqual(booking);
    expect(await query(database, 'SELECT id FROM bookings')).toHaveLength(1);
    const [confirmation] = await mails(1);
    expect(confirmation!.envelope.to).toEqual([body.clientEmail]);
    expect(confirmation!.parsed.subject).toMatch(/^Your /);
    expect(textOf(confirmation!)).toMatch(LINK);
    expect(await auditSince(database, mark)).toEqual([
      { actor: OWNER.username, action: 'booking_made_by_owner', target: booking.id, detail: { date: body.date, slot: body.timeSlot } },
    ]);
  });

  test('knows no hold limit; refuses a taken slot, a missing key and bad fields by name', async () => {
    const cookie = await ownerCookie(database);
    const clientEmail = uniqueEmail('many');
    for (let day = 0; day <= MAX_FUTURE_HOLDS; day += 1) await made(cookie, { clientEmail, date: clock.day(40 + day) });
    const taken = await book(cookie, reservation({ date: clock.day(40) }));
    expect(taken.status).toBe(409);
    expect(await error(taken)).toMatchObject({ code: 'slot_taken', fields: { timeSlot: expect.any(String) } });
    const keyless = await book(cookie, reservation(), null);
    expect(keyless.status).toBe(400);
    expect((await error(keyless)).code).toBe('invalid_idempotency_key');
    const bad = await book(cookie, { ...reservation(), clientEmail: 'nope', timeSlot: 'midnight' });
    expect(bad.status).toBe(400);
    expect(await error(bad)).toMatchObject({ code: 'invalid_fields', fields: { clientEmail: expect.any(String), timeSlot: expect.any(String) } });
    const anonymous = await book('', reservation());
    expect(anonymous.status).toBe(401);
  });

  test('moves a signed booking (the client may not), with both notices and the owner named in the audit', async () => {
    const cookie = await ownerCookie(database);
    const booking = await made(cookie, { date: clock.day(30), timeSlot: 'evening' });
    await query(database, 'UPDATE bookings SET signed_at = now() WHERE id = $1', [booking.id]);
    const token = LINK.exec(textOf((await mails(1))[0]!))![1]!;
    const byClient = await call(reschedule, postJson('/api/bookings/reschedule', { token, date: clock.day(31), timeSlot: 'morning' }));
    expect((await error(byClient)).code).toBe('contract_signed');
    smtp.clear();
    const mark = await auditMark(database);
    const response = await moveTo(cookie, booking.id, clock.day(31), 'morning');
    expect(response.status).toBe(200);
    const moved = ((await response.json()) as { booking: OwnerBooking }).booking;
    expect(moved).toMatchObject({ id: booking.id, date: clock.day(31), timeSlot: 'morning', stage: 'signed' });
    const notices = await mails(2);
    expect(notices.map((mail) => mail.envelope.to[0]).sort()).toEqual([booking.clientEmail, OWNER_ADDRESS].sort());
    expect(textOf(notices.find((mail) => mail.envelope.to[0] === booking.clientEmail)!)).toMatch(LINK);
    expect(await auditSince(database, mark)).toEqual([
      {
        actor: OWNER.username,
        action: 'booking_moved',
        target: booking.id,
        detail: { fromDate: clock.day(30), fromSlot: 'evening', toDate: clock.day(31), toSlot: 'morning' },
      },
    ]);
  });

  test('refuses a move to the same slot, a taken one, an unknown booking and a cancelled one', async () => {
    const cookie = await ownerCookie(database);
    const one = await made(cookie, { date: clock.day(30), timeSlot: 'evening' });
    const other = await made(cookie, { date: clock.day(30), timeSlot: 'morning' });
    const codeOf = async (response: Response) => [response.status, (await error(response)).code];
    expect(await codeOf(await moveTo(cookie, one.id, one.date, 'evening'))).toEqual([409, 'same_slot']);
    expect(await codeOf(await moveTo(cookie, one.id, other.date, 'morning'))).toEqual([409, 'slot_taken']);
    expect(await codeOf(await moveTo(cookie, crypto.randomUUID(), one.date, 'afternoon'))).toEqual([404, 'not_found']);
    expect(await codeOf(await moveTo(cookie, 'not-an-id', one.date, 'afternoon'))).toEqual([404, 'not_found']);
    const bad = await moveTo(cookie, one.id, 'someday', 'afternoon');
    expect(await error(bad)).toMatchObject({ code: 'invalid_fields', fields: { date: expect.any(String) } });
    const cancelled = await callWith(cancelBooking, deskRequest('POST', `/api/admin/bookings/${one.id}/cancel`, { cookie }));
    expect(cancelled.status).toBe(200);
    expect(await codeOf(await moveTo(cookie, one.id, one.date, 'afternoon'))).toEqual([409, 'already_cancelled']);
    expect(await query(database, 'SELECT sequence FROM bookings WHERE id = $1 AND sequence = 0', [other.id])).toHaveLength(1);
  });

  test('sends a fresh event-page link once a minute, audited; refuses an unknown or cancelled booking', async () => {
    const cookie = await ownerCookie(database);
    const booking = await made(cookie);
    await mails(1);
    smtp.clear();
    const mark = await auditMark(database);
    const response = await send(cookie, booking.id);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ sent: true });
    const [mail] = await mails(1);
    expect(mail!.envelope.to).toEqual([booking.clientEmail]);
    const token = LINK.exec(textOf(mail!))![1]!;
    const lookup = await call(cancelLookup, postJson('/api/cancel/lookup', { token }));
    expect(lookup.status).toBe(200);
    const again = await send(cookie, booking.id);
    expect(again.status).toBe(429);
    expect((await error(again)).code).toBe('too_many_attempts');
    expect(await query(database, "SELECT id FROM outbox WHERE kind = 'event_link_client'")).toHaveLength(1);
    expect(await auditSince(database, mark)).toEqual([
      { actor: OWNER.username, action: 'booking_link_sent', target: booking.id, detail: { date: booking.date } },
    ]);
    expect((await send(cookie, crypto.randomUUID())).status).toBe(404);
    await callWith(cancelBooking, deskRequest('POST', `/api/admin/bookings/${booking.id}/cancel`, { cookie }));
    const cancelled = await send(cookie, booking.id);
    expect([cancelled.status, (await error(cancelled)).code]).toEqual([409, 'already_cancelled']);
  });
});
