import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import agenda from '../../netlify/functions/admin-agenda';
import { AGENDA_INQUIRY_COUNT, AGENDA_NEW_INQUIRY_CAP, type OwnerAgenda } from '@shared/schemas/owner';
import { callWith, deskRequest, ownerCookie, resetOwnerTables } from './admin-support';
import { EXPECTED_HEADERS, databases, headersOf, query, useDatabase } from './support';

type Db = (typeof databases)[number];

/** 23:30 on June 30 in Texas (CDT, UTC−5): already July 1 in UTC, still June 30 where the business is. */
const LATE_EVENING_IN_TEXAS = new Date('2026-07-01T04:30:00Z');

async function reservation(database: Db, date: string, timeSlot: string, patch: Record<string, unknown> = {}): Promise<void> {
  const row = { client_name: `Client ${date} ${timeSlot}`, client_email: 'client@example.com', event_type: 'wedding', phone: null, guest_count: null, event_location: null, ...patch };
  await query(
    database,
    `INSERT INTO bookings (date, time_slot, is_available, kind, client_name, client_email, event_type, phone, guest_count, event_location)
     VALUES ($1, $2, false, 'reservation', $3, $4, $5, $6, $7, $8)`,
    [date, timeSlot, row.client_name, row.client_email, row.event_type, row.phone, row.guest_count, row.event_location],
  );
}

async function block(database: Db, slots: Array<[string, string]>, note: string | null): Promise<string> {
  const blockId = crypto.randomUUID();
  for (const [date, timeSlot] of slots) {
    await query(
      database,
      `INSERT INTO bookings (date, time_slot, is_available, kind, block_id, block_note) VALUES ($1, $2, false, 'block', $3, $4)`,
      [date, timeSlot, blockId, note],
    );
  }
  return blockId;
}

async function inquiry(database: Db, firstName: string, minutesAgo: number, opened = false): Promise<void> {
  await query(
    database,
    `INSERT INTO contact_inquiries (first_name, last_name, email, phone, event_type, guest_count, event_date, event_location,
       message, created_at, opened_at)
     VALUES ($1, 'Porter', 'hank@example.com', '(512) 555-0100', 'wedding', '80', '2027-05-01', 'Austin, TX', 'Hello',
       now() - make_interval(mins => $2), $3)`,
    [firstName, minutesAgo, opened ? new Date() : null],
  );
}

describe.each(databases)('GET /api/admin/agenda on $name', (database) => {
  useDatabase(database);
  resetOwnerTables(database);
  beforeEach(async () => {
    await query(database, 'TRUNCATE outbox');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(LATE_EVENING_IN_TEXAS);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const read = async (cookie: string): Promise<OwnerAgenda> => {
    const response = await callWith(agenda, deskRequest('GET', '/api/admin/agenda', { cookie }));
    expect(response.status).toBe(200);
    expect(headersOf(response)).toMatchObject(EXPECTED_HEADERS);
    return (await response.json()) as OwnerAgenda;
  };

  test('answers 401 signed out', async () => {
    const response = await callWith(agenda, deskRequest('GET', '/api/admin/agenda'));
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('unauthenticated');
  });

  test('covers 30 days from today in Texas, by date and slot, with the client details', async () => {
    await reservation(database, '2026-06-29', 'evening'); // yesterday in Texas
    await reservation(database, '2026-07-29', 'evening', { phone: '(512) 555-0100', guest_count: 80, event_location: 'Austin, TX' });
    await reservation(database, '2026-06-30', 'evening');
    await reservation(database, '2026-06-30', 'morning');
    await reservation(database, '2026-07-30', 'morning'); // the 31st day
    // Released holds are history, not the agenda.
    await query(
      database,
      `INSERT INTO bookings (date, time_slot, is_available, kind, client_name, client_email, event_type, cancelled_at, cancelled_by)
       VALUES ('2026-07-02', 'morning', true, 'reservation', 'Gone Guest', 'gone@example.com', 'other', now(), 'owner')`,
    );
    const answer = await read(await ownerCookie(database));
    expect(answer.from).toBe('2026-06-30');
    expect(answer.to).toBe('2026-07-29');
    expect(answer.reservations.map((r) => `${r.date} ${r.timeSlot}`)).toEqual([
      '2026-06-30 morning',
      '2026-06-30 evening',
      '2026-07-29 evening',
    ]);
    expect(answer.reservations[2]).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      date: '2026-07-29',
      timeSlot: 'evening',
      clientName: 'Client 2026-07-29 evening',
      clientEmail: 'client@example.com',
      eventType: 'wedding',
      phone: '(512) 555-0100',
      guestCount: 80,
      eventLocation: 'Austin, TX',
      stage: 'held',
      tentativeUntil: null,
    });
    expect(answer.reservations[0]).toMatchObject({ phone: null, guestCount: null, eventLocation: null });
  });

  test('one block per block_id, with its note and its slots in the window', async () => {
    const week = await block(database, [['2026-07-06', 'morning'], ['2026-07-05', 'evening'], ['2026-07-05', 'morning']], 'Family trip');
    const single = await block(database, [['2026-07-01', 'afternoon']], null);
    await block(database, [['2026-08-15', 'morning']], 'Too far ahead');
    const answer = await read(await ownerCookie(database));
    expect(answer.blocks).toEqual([
      { blockId: single, note: null, slots: [{ date: '2026-07-01', timeSlot: 'afternoon' }] },
      {
        blockId: week,
        note: 'Family trip',
        slots: [
          { date: '2026-07-05', timeSlot: 'morning' },
          { date: '2026-07-05', timeSlot: 'evening' },
          { date: '2026-07-06', timeSlot: 'morning' },
        ],
      },
    ]);
    expect(answer.reservations).toEqual([]);
  });

  test('counts the unopened inquiries and names the newest few; failed e-mails counted', async () => {
    for (let index = 0; index < AGENDA_INQUIRY_COUNT + 2; index += 1) await inquiry(database, `New${index}`, index + 1);
    await inquiry(database, 'Opened', 0, true);
    await query(
      database,
      `INSERT INTO outbox (id, kind, to_addresses, subject, text_body, html_body, message_id, status, attempts)
       SELECT gen_random_uuid(), 'inquiry_owner', '[{"name":"","address":"owner@example.com"}]', 's', 't', 'h',
         gen_random_uuid()::text, status, 3
       FROM unnest(ARRAY['failed', 'failed', 'pending']) AS status`,
    );
    const answer = await read(await ownerCookie(database));
    expect(answer.newInquiries.count).toBe(AGENDA_INQUIRY_COUNT + 2);
    expect(answer.newInquiries.more).toBe(false);
    expect(answer.newInquiries.newest.map((i) => i.firstName)).toEqual(
      Array.from({ length: AGENDA_INQUIRY_COUNT }, (_, index) => `New${index}`),
    );
    expect(answer.newInquiries.newest[0]).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      firstName: 'New0',
      lastName: 'Porter',
      eventType: 'wedding',
      eventDate: '2027-05-01',
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(answer.failedMails).toBe(2);
  });

  test('counts unopened inquiries up to the cap, then says there are more', async () => {
    await query(
      database,
      `INSERT INTO contact_inquiries (first_name, last_name, email, phone, event_type, guest_count, event_date, event_location, message)
       SELECT 'Many' || n, 'Porter', 'hank@example.com', '(512) 555-0100', 'wedding', '80', '2027-05-01', 'Austin, TX', 'Hi'
       FROM generate_series(1, $1::int) AS n`,
      [AGENDA_NEW_INQUIRY_CAP],
    );
    const cookie = await ownerCookie(database);
    expect((await read(cookie)).newInquiries).toMatchObject({ count: AGENDA_NEW_INQUIRY_CAP, more: false });
    await inquiry(database, 'OneMore', 0);
    expect((await read(cookie)).newInquiries).toMatchObject({ count: AGENDA_NEW_INQUIRY_CAP, more: true });
  });

  test('an empty desk answers empty lists and zero counts', async () => {
    const answer = await read(await ownerCookie(database));
    expect(answer).toEqual({
      from: '2026-06-30',
      to: '2026-07-29',
      reservations: [],
      blocks: [],
      newInquiries: { count: 0, more: false, newest: [] },
      failedMails: 0,
      paymentsDue: [],
    });
  });
});
