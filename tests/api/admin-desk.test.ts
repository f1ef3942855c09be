import deskJson from '@content/desk.json' with { type: 'json' };
import { readdir } from 'node:fs/promises';
import { describe, expect, test } from 'vitest';
import availability from '../../netlify/functions/availability';
import blocks from '../../netlify/functions/admin-blocks';
import bookingsAdmin from '../../netlify/functions/admin-bookings';
import cancel from '../../netlify/functions/admin-booking-cancel';
import inquiries from '../../netlify/functions/admin-inquiries';
import inquiriesCsv from '../../netlify/functions/admin-inquiries-csv';
import inquirySearch from '../../netlify/functions/admin-inquiries-search';
import publicBookings from '../../netlify/functions/bookings';
import type { Handler } from '../../netlify/lib/http/endpoint';
import { INQUIRY_FIELD_COPY } from '@shared/inquiry-fields';
import type { Booking } from '@shared/schemas/booking';
import { addDaysUtc, todayUtc } from '@shared/schemas/dates';
import { INQUIRY_FIELDS } from '@shared/schemas/inquiry';
import type { OwnerBlock, OwnerBooking, OwnerInquiryPage } from '@shared/schemas/owner';
import { auditMark, auditSince, callWith, deskRequest, ownerCookie, resetOwnerTables } from './admin-support';
import { EXPECTED_HEADERS, call, databases, get, headersOf, postJson, query, useDatabase } from './support';

type Db = (typeof databases)[number];

async function seedInquiry(database: Db, patch: Record<string, string | null> = {}, minutesAgo = 0): Promise<string> {
  const row = {
    first_name: 'Hank',
    last_name: 'Porter',
    email: 'hank@example.com',
    phone: '(512) 555-0100',
    event_type: 'wedding',
    guest_count: '80',
    event_date: '2027-05-01',
    event_location: 'Austin, TX',
    message: 'Margaritas, please.',
    ...patch,
  };
  const [inserted] = await query<{ id: string }>(
    database,
    `INSERT INTO contact_inquiries
       (first_name, last_name, email, phone, event_type, guest_count, event_date, event_location, message, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, now() - make_interval(mins => $10)) RETURNING id`,
    [...Object.values(row), minutesAgo],
  );
  return inserted!.id;
}

async function reserve(date: string, timeSlot = 'evening'): Promise<Booking> {
  const response = await call(
    publicBookings,
    // One address per reservation: an address may hold at most three future dates.
    postJson('/api/bookings', {
      date,
      timeSlot,
      clientName: 'Ann Lee',
      clientEmail: `ann.${crypto.randomUUID().slice(0, 8)}@example.com`,
      eventType: 'birthday',
    }),
  );
  expect(response.status).toBe(201);
  return ((await response.json()) as { booking: Booking }).booking;
}

async function freeSlots(date: string): Promise<string[]> {
  const response = await call(availability, get(`/api/availability/${date}`));
  return ((await response.json()) as { availableSlots: string[] }).availableSlots;
}

const inTwentyDays = () => addDaysUtc(todayUtc(), 20);

describe('every admin function refuses an anonymous request', async () => {
  const files = (await readdir(new URL('../../netlify/functions/', import.meta.url))).filter((file) =>
    /^admin-.*\.ts$/.test(file),
  );

  test('the admin functions are the ones this test knows to expect', () => {
    expect(files.sort()).toEqual([
      'admin-agenda.ts',
      'admin-blocks.ts',
      'admin-booking-cancel.ts',
      'admin-booking-details.ts',
      'admin-booking-move.ts',
      'admin-booking-send-link.ts',
      'admin-bookings.ts',
      'admin-calendar-feed.ts',
      'admin-inquiries-csv.ts',
      'admin-inquiries-search.ts',
      'admin-inquiries.ts',
      'admin-inquiry-notes.ts',
      'admin-inquiry-opened.ts',
      'admin-inquiry-status.ts',
      'admin-mail.ts',
      'admin-payment-void.ts',
      'admin-payments-csv.ts',
      'admin-payments.ts',
      'admin-proposal-steps.ts',
      'admin-proposals.ts',
      'admin-session.ts',
    ]);
  });

  describe.each(databases)('on $name', (database) => {
    useDatabase(database);
    test.each(files)('%s answers 401 to every method it serves (signing in aside)', async (file) => {
      const module = (await import(`../../netlify/functions/${file}`)) as {
        default: Handler;
        config: { path: string | string[] };
      };
      const path = [module.config.path].flat().at(-1)!.replace(':id', crypto.randomUUID());
      const served: string[] = [];
      for (const method of ['GET', 'POST', 'DELETE']) {
        // Same-origin and JSON, so only the missing session can be the reason for a refusal.
        const request = deskRequest(method, path, { body: method === 'POST' ? {} : undefined });
        const response = await callWith(module.default, request);
        if (response.status === 405) continue;
        served.push(method);
        if (file === 'admin-session.ts' && method === 'POST') {
          expect(response.status).toBe(400); // the sign-in itself: bad credentials, never a session
          continue;
        }
        expect(response.status, `${file} ${method}`).toBe(401);
        expect(await response.json()).toEqual({
          error: { code: 'unauthenticated', message: 'Please sign in to the owner’s desk.' },
        });
      }
      expect(served.length).toBeGreaterThan(0);
    });
  });
});

describe.each(databases)('owner desk API on $name', (database) => {
  useDatabase(database);
  resetOwnerTables(database);

  describe('GET /api/admin/inquiries', () => {
    test('answers 50 a page, newest first, with a cursor to the next page', async () => {
      for (let index = 0; index < 60; index += 1) await seedInquiry(database, { first_name: `Guest${index}` }, index);
      const cookie = await ownerCookie(database);
      const first = await callWith(inquiries, deskRequest('GET', '/api/admin/inquiries', { cookie }));
      expect(first.status).toBe(200);
      expect(headersOf(first)).toMatchObject(EXPECTED_HEADERS);
      const page1 = (await first.json()) as OwnerInquiryPage;
      expect(page1.inquiries).toHaveLength(50);
      expect(page1.inquiries.map((inquiry) => inquiry.firstName).slice(0, 3)).toEqual(['Guest0', 'Guest1', 'Guest2']);
      expect(page1.inquiries[0]).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        firstName: 'Guest0',
        lastName: 'Porter',
        email: 'hank@example.com',
        phone: '(512) 555-0100',
        eventType: 'wedding',
        guestCount: '80',
        eventDate: '2027-05-01',
        eventLocation: 'Austin, TX',
        message: 'Margaritas, please.',
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        acknowledgementHeld: false,
        status: 'new',
        statusChangedAt: null,
        isNew: true,
        notes: [],
        estimate: null,
      });
      expect(page1.nextCursor).toEqual(expect.any(String));
      const second = await callWith(
        inquiries,
        deskRequest('GET', `/api/admin/inquiries?cursor=${page1.nextCursor}`, { cookie }),
      );
      const page2 = (await second.json()) as OwnerInquiryPage;
      expect(page2.inquiries.map((inquiry) => inquiry.firstName)).toEqual(
        Array.from({ length: 10 }, (_, index) => `Guest${50 + index}`),
      );
      expect(page2.nextCursor).toBeNull();
    });

    test('pages through rows received in the same instant without skipping or repeating one', async () => {
      await query(
        database,
        `INSERT INTO contact_inquiries (first_name, last_name, email, phone, event_type, guest_count, event_date,
           event_location, created_at)
         SELECT 'Same' || n, 'Time', 'same@example.com', '5125550100', 'other', '5', '2027-01-01', 'Waco',
           '2026-06-01T12:00:00Z' FROM generate_series(1, 120) AS n`,
      );
      const cookie = await ownerCookie(database);
      const seen: string[] = [];
      let cursor: string | null = '';
      while (cursor !== null) {
        const path = `/api/admin/inquiries${cursor ? `?cursor=${cursor}` : ''}`;
        const page = (await (await callWith(inquiries, deskRequest('GET', path, { cookie }))).json()) as OwnerInquiryPage;
        seen.push(...page.inquiries.map((inquiry) => inquiry.id));
        cursor = page.nextCursor;
      }
      expect(seen).toHaveLength(120);
      expect(new Set(seen).size).toBe(120);
    });

    test.each([
      ['a first name, any case', 'hANK', ['Hank']],
      ['a full name', 'Ann Lee', ['Ann']],
      ['an e-mail address', 'ann@example', ['Ann']],
      ['a phone number fragment', '555-0199', ['Ann']],
      ['% taken literally', '%', ['Percy']],
      ['_ taken literally', 'o_b', ['Underscore']],
      ['nothing that matches', 'zebra', []],
    ])('q matches %s', async (_label, q, expected) => {
      await seedInquiry(database, {}, 3);
      await seedInquiry(database, { first_name: 'Ann', last_name: 'Lee', email: 'ann@example.org', phone: '512-555-0199' }, 2);
      await seedInquiry(database, { first_name: 'Percy', last_name: '100% Agave', email: 'percy@example.com' }, 1);
      await seedInquiry(database, { first_name: 'Underscore', email: 'o_brien@example.com' }, 0);
      const cookie = await ownerCookie(database);
      const response = await callWith(inquirySearch, deskRequest('POST', '/api/admin/inquiries/search', { cookie, body: { q } }));
      expect(response.status).toBe(200);
      const page = (await response.json()) as OwnerInquiryPage;
      expect(page.inquiries.map((inquiry) => inquiry.firstName)).toEqual(expected);
    });

    test('a search pages through its matches with the cursor in the body', async () => {
      for (let index = 0; index < 55; index += 1) await seedInquiry(database, { first_name: `Match${index}` }, index);
      await seedInquiry(database, { first_name: 'Other', last_name: 'Person', email: 'other@example.org' }, 0);
      const cookie = await ownerCookie(database);
      const search = (body: unknown) => callWith(inquirySearch, deskRequest('POST', '/api/admin/inquiries/search', { cookie, body }));
      const page1 = (await (await search({ q: 'porter' })).json()) as OwnerInquiryPage;
      expect(page1.inquiries).toHaveLength(50);
      const page2 = (await (await search({ q: 'porter', cursor: page1.nextCursor })).json()) as OwnerInquiryPage;
      expect(page2.inquiries.map((inquiry) => inquiry.firstName)).toEqual(Array.from({ length: 5 }, (_, index) => `Match${50 + index}`));
      expect(page2.nextCursor).toBeNull();
    });

    test('answers 400 to a cursor it did not write and to an overlong search', async () => {
      const cookie = await ownerCookie(database);
      const forged = await callWith(inquiries, deskRequest('GET', '/api/admin/inquiries?cursor=bm9wZQ', { cookie }));
      expect(forged.status).toBe(400);
      expect(((await forged.json()) as { error: { code: string } }).error.code).toBe('invalid_cursor');
      const long = await callWith(
        inquirySearch,
        deskRequest('POST', '/api/admin/inquiries/search', { cookie, body: { q: 'x'.repeat(201) } }),
      );
      expect(long.status).toBe(400);
      expect(await long.json()).toEqual({
        error: { code: 'invalid_fields', message: expect.any(String), fields: { q: 'Please search for at most 200 characters.' } },
      });
    });
  });

  describe('GET /api/admin/inquiries.csv', () => {
    test('exports UTF-8 with BOM, CRLF, RFC 4180 quoting and neutralised formulas; audit logged', async () => {
      await seedInquiry(database, { first_name: '=HYPERLINK("http://evil.example","click")', message: null }, 3);
      await seedInquiry(database, { first_name: '@SUM(A1)', last_name: '-2+3', phone: '+1 512 555 0100' }, 2);
      await seedInquiry(database, { first_name: '\tTabbed', message: 'Line one\r\nLine "two", with comma' }, 1);
      await seedInquiry(database, { first_name: 'José', last_name: 'Müller' }, 0);
      const cookie = await ownerCookie(database);
      const mark = await auditMark(database);
      const response = await callWith(inquiriesCsv, deskRequest('GET', '/api/admin/inquiries.csv', { cookie }));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present');
      expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="inquiries-\d{4}-\d{2}-\d{2}\.csv"$/);
      expect(response.headers.get('cache-control')).toBe('no-store');
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
      expect(text.endsWith('\r\n')).toBe(true);
      const lines = text.slice(1).split('\r\n');
      expect(lines[0]).toBe(
        [
          INQUIRY_FIELD_COPY.received,
          INQUIRY_FIELD_COPY.status,
          ...INQUIRY_FIELDS.map((field) => INQUIRY_FIELD_COPY.labels[field.key]),
          ...Object.values(deskJson.desk.inquiries.estimate.csv),
        ]
          .map((label) => `"${label}"`)
          .join(','),
      );
      expect(lines[1]).toContain('"new","José","Müller"');
      expect(lines[2]).toContain('"\'\tTabbed"');
      expect(lines[2]).toContain('"Line one');
      // An inquiry without an estimate leaves the estimate's eleven columns empty.
      expect(lines[3]).toBe(`Line ""two"", with comma"${',""'.repeat(11)}`);
      expect(lines[4]).toContain('"\'@SUM(A1)","\'-2+3","hank@example.com","\'+1 512 555 0100"');
      expect(lines[5]).toContain('"\'=HYPERLINK(""http://evil.example"",""click"")"');
      expect(lines[5]!.endsWith(',""')).toBe(true);
      expect(lines).toHaveLength(7);
      expect(await auditSince(database, mark)).toEqual([
        { actor: 'Dolores', action: 'inquiries_exported', target: null, detail: { rows: 4, filtered: false } },
      ]);
    });

    test('POST { q } exports only the matches, audit logged as filtered; GET ?q= is refused with where the search goes', async () => {
      await seedInquiry(database, { first_name: 'Ann', last_name: 'Lee', email: 'ann@example.org' }, 1);
      await seedInquiry(database, {}, 0);
      const cookie = await ownerCookie(database);
      const mark = await auditMark(database);
      const response = await callWith(inquiriesCsv, deskRequest('POST', '/api/admin/inquiries.csv', { cookie, body: { q: 'lee' } }));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="inquiries-\d{4}-\d{2}-\d{2}\.csv"$/);
      const rows = (await response.text()).trimEnd().split('\r\n');
      expect(rows).toHaveLength(2);
      expect(rows[1]).toContain('"Ann","Lee"');
      expect(await auditSince(database, mark)).toEqual([
        { actor: 'Dolores', action: 'inquiries_exported', target: null, detail: { rows: 1, filtered: true } },
      ]);
      const old = await callWith(inquiriesCsv, deskRequest('GET', '/api/admin/inquiries.csv?q=lee', { cookie }));
      expect(old.status).toBe(400);
      const body = (await old.json()) as { error: { code: string; fields: { q: string } } };
      expect(body.error.code).toBe('invalid_fields');
      expect(body.error.fields.q).toContain('POST to /api/admin/inquiries/search');
    });
  });

  describe('GET /api/admin/bookings', () => {
    test('lists reservations and blocks of the range by date and slot order, with their state', async () => {
      const date = inTwentyDays();
      const cookie = await ownerCookie(database);
      const evening = await reserve(date, 'evening');
      await reserve(date, 'morning');
      await reserve(addDaysUtc(date, 1), 'afternoon');
      await reserve(addDaysUtc(date, 40), 'morning'); // outside the range
      await callWith(cancel, deskRequest('POST', `/api/admin/bookings/${evening.id}/cancel`, { cookie }));
      await callWith(blocks, deskRequest('POST', '/api/admin/blocks', { cookie, body: { date, timeSlot: 'evening' } }));
      const response = await callWith(
        bookingsAdmin,
        deskRequest('GET', `/api/admin/bookings?from=${date}&to=${addDaysUtc(date, 7)}`, { cookie }),
      );
      expect(response.status).toBe(200);
      const { bookings } = (await response.json()) as { bookings: OwnerBooking[] };
      expect(bookings.map((b) => [b.date, b.timeSlot, b.kind, b.state])).toEqual([
        [date, 'morning', 'reservation', 'held'],
        [date, 'evening', 'block', 'held'],
        [date, 'evening', 'reservation', 'cancelled'],
        [addDaysUtc(date, 1), 'afternoon', 'reservation', 'held'],
      ]);
      expect(bookings[1]).toEqual({
        id: expect.any(String),
        date,
        timeSlot: 'evening',
        kind: 'block',
        state: 'held',
        clientName: null,
        clientEmail: null,
        eventType: null,
        phone: null,
        guestCount: null,
        eventLocation: null,
        createdAt: expect.any(String),
        cancelledAt: null,
        cancelledBy: null,
        confirmationHeld: false,
        cancellationHeld: false,
        cancelReason: null,
        blockId: expect.any(String),
        blockNote: null,
        stage: 'held',
        tentativeUntil: null,
      });
      expect(bookings[2]).toMatchObject({ clientName: 'Ann Lee', cancelledBy: 'Dolores', cancelledAt: expect.any(String) });
    });

    test.each([
      ['no range', '', { from: 'Please choose a date.', to: 'Please choose a date.' }],
      ['an impossible date', '?from=2027-02-29&to=2027-03-10', { from: 'Please choose a valid date.' }],
      ['an end before the start', '?from=2027-03-10&to=2027-03-01', { to: 'The end date must not be before the start date.' }],
      ['more than two years', '?from=2027-01-01&to=2029-01-03', { to: 'Please ask for at most two years at a time.' }],
    ])('answers 400 to %s', async (_label, search, fields) => {
      const cookie = await ownerCookie(database);
      const response = await callWith(bookingsAdmin, deskRequest('GET', `/api/admin/bookings${search}`, { cookie }));
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { fields: unknown } }).error.fields).toEqual(fields);
    });
  });

  describe('POST /api/admin/bookings/{id}/cancel', () => {
    test('releases the reservation: the slot is offered again at once, the row stays with who and when', async () => {
      const date = inTwentyDays();
      const booking = await reserve(date);
      expect(await freeSlots(date)).toEqual(['morning', 'afternoon']);
      const cookie = await ownerCookie(database);
      const mark = await auditMark(database);
      const response = await callWith(
        cancel,
        deskRequest('POST', `/api/admin/bookings/${booking.id}/cancel`, { cookie }),
      );
      expect(response.status).toBe(200);
      expect(headersOf(response)).toMatchObject(EXPECTED_HEADERS);
      const { booking: cancelled } = (await response.json()) as { booking: OwnerBooking };
      expect(cancelled).toMatchObject({ id: booking.id, state: 'cancelled', kind: 'reservation', cancelledBy: 'Dolores' });
      expect(Date.now() - Date.parse(cancelled.cancelledAt!)).toBeLessThan(60_000);
      expect(await freeSlots(date)).toEqual(['morning', 'afternoon', 'evening']);
      expect(await query(database, 'SELECT client_name, is_available FROM bookings')).toEqual([
        { client_name: 'Ann Lee', is_available: true },
      ]);
      expect(await auditSince(database, mark)).toEqual([
        { actor: 'Dolores', action: 'booking_cancelled', target: booking.id, detail: { date } },
      ]);
      // A visitor can take the slot again.
      await reserve(date);
    });

    test('answers 409 when already released, 404 for an unknown, malformed or block id', async () => {
      const date = inTwentyDays();
      const booking = await reserve(date);
      const cookie = await ownerCookie(database);
      const cancelOf = (id: string) =>
        callWith(cancel, deskRequest('POST', `/api/admin/bookings/${id}/cancel`, { cookie }));
      expect((await cancelOf(booking.id)).status).toBe(200);
      const again = await cancelOf(booking.id);
      expect(again.status).toBe(409);
      expect(((await again.json()) as { error: { code: string } }).error.code).toBe('already_cancelled');
      expect((await cancelOf(crypto.randomUUID())).status).toBe(404);
      expect((await cancelOf('not-a-uuid')).status).toBe(404);
      const block = await callWith(blocks, deskRequest('POST', '/api/admin/blocks', { cookie, body: { date, timeSlot: 'morning' } }));
      const { id: blockId } = ((await block.json()) as { block: OwnerBlock }).block;
      expect((await cancelOf(blockId)).status).toBe(404);
    });

    test('answers 403 to a cross-site request even with a valid session, and changes nothing', async () => {
      const booking = await reserve(inTwentyDays());
      const cookie = await ownerCookie(database);
      const response = await callWith(
        cancel,
        deskRequest('POST', `/api/admin/bookings/${booking.id}/cancel`, {
          cookie,
          from: { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
        }),
      );
      expect(response.status).toBe(403);
      expect(await query(database, 'SELECT is_available FROM bookings')).toEqual([{ is_available: false }]);
    });
  });

  describe('POST /api/admin/blocks and DELETE /api/admin/blocks/{id}', () => {
    const post = (cookie: string, body: unknown) => callWith(blocks, deskRequest('POST', '/api/admin/blocks', { cookie, body }));

    test('blocks a slot (gone from the public page, a visitor gets 409), then lifts it', async () => {
      const date = inTwentyDays();
      const cookie = await ownerCookie(database);
      const mark = await auditMark(database);
      const response = await post(cookie, { from: date, timeSlot: 'afternoon' });
      expect(response.status).toBe(201);
      const { block: created } = (await response.json()) as { block: OwnerBlock };
      expect(created).toMatchObject({ from: date, to: date, timeSlots: ['afternoon'], note: null });
      expect(await freeSlots(date)).toEqual(['morning', 'evening']);
      const visitor = await call(
        publicBookings,
        postJson('/api/bookings', { date, timeSlot: 'afternoon', clientName: 'Ann', clientEmail: 'ann@example.com', eventType: 'other' }),
      );
      expect(visitor.status).toBe(409);

      const id = created.id;
      const lifted = await callWith(blocks, deskRequest('DELETE', `/api/admin/blocks/${id}`, { cookie }));
      expect(lifted.status).toBe(200);
      expect(((await lifted.json()) as { block: OwnerBlock }).block).toMatchObject({ id, from: date, to: date });
      expect(await query(database, "SELECT cancelled_by FROM bookings WHERE kind = 'block'")).toEqual([{ cancelled_by: 'Dolores' }]);
      expect(await freeSlots(date)).toEqual(['morning', 'afternoon', 'evening']);
      const twice = await callWith(blocks, deskRequest('DELETE', `/api/admin/blocks/${id}`, { cookie }));
      expect(twice.status).toBe(409);
      expect(((await twice.json()) as { error: { code: string } }).error.code).toBe('already_lifted');
      const unknownId = crypto.randomUUID();
      expect((await callWith(blocks, deskRequest('DELETE', `/api/admin/blocks/${unknownId}`, { cookie }))).status).toBe(404);
      expect((await auditSince(database, mark)).map((entry) => [entry.action, entry.actor])).toEqual([
        ['block_created', 'Dolores'],
        ['block_lifted', 'Dolores'],
      ]);
    });

    test('a held slot gives 409 slot_taken; "all" with one slot held blocks nothing and names it', async () => {
      const date = inTwentyDays();
      await reserve(date, 'evening');
      const cookie = await ownerCookie(database);
      const single = await post(cookie, { from: date, timeSlot: 'evening' });
      expect(single.status).toBe(409);
      const day = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' })
        .format(new Date(`${date}T00:00:00Z`));
      const message = `Nothing was blocked: ${day} evening is booked by Ann Lee.`;
      expect(await single.json()).toEqual({
        error: {
          code: 'slot_taken',
          message,
          held: [{ date, timeSlot: 'evening', heldBy: 'reservation', clientName: 'Ann Lee' }],
        },
      });
      const whole = await post(cookie, { from: date, timeSlot: 'all' });
      expect(whole.status).toBe(409);
      expect(((await whole.json()) as { error: { message: string } }).error.message).toBe(message);
      expect(await query(database, "SELECT count(*)::int AS n FROM bookings WHERE kind = 'block'")).toEqual([{ n: 0 }]);
      expect(await freeSlots(date)).toEqual(['morning', 'afternoon']);
    });

    test('"all" blocks every slot of a free day in one go', async () => {
      const date = inTwentyDays();
      const cookie = await ownerCookie(database);
      const response = await post(cookie, { from: date, timeSlot: 'all' });
      expect(response.status).toBe(201);
      const { block: created } = (await response.json()) as { block: OwnerBlock };
      expect(created.timeSlots).toEqual(['morning', 'afternoon', 'evening']);
      expect(await query(database, "SELECT count(DISTINCT block_id)::int AS n FROM bookings WHERE kind = 'block'")).toEqual([{ n: 1 }]);
      expect(await freeSlots(date)).toEqual([]);
    });

    test('a block and a reservation of the same slot in the same instant: exactly one wins', async () => {
      const date = inTwentyDays();
      const cookie = await ownerCookie(database);
      const [block, visitor] = await Promise.all([
        post(cookie, { from: date, timeSlot: 'morning' }),
        call(
          publicBookings,
          postJson('/api/bookings', { date, timeSlot: 'morning', clientName: 'Ann', clientEmail: 'ann@example.com', eventType: 'other' }),
        ),
      ]);
      expect([block.status, visitor.status].sort()).toEqual([201, 409]);
      expect(await query(database, 'SELECT count(*)::int AS n FROM bookings WHERE NOT is_available')).toEqual([{ n: 1 }]);
    });

    test.each([
      [{}, { from: 'Please choose a date.', timeSlot: 'Please pick a time slot or the whole day.' }],
      [{ from: '2027-13-01', timeSlot: 'night' }, { from: 'Please choose a valid date.', timeSlot: 'Please pick a time slot or the whole day.' }],
    ])('answers 400 to %j', async (body, fields) => {
      const cookie = await ownerCookie(database);
      const response = await post(cookie, body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { fields: unknown } }).error.fields).toEqual(fields);
    });

    test('answers 415 to a non-JSON body and 403 cross-site', async () => {
      const cookie = await ownerCookie(database);
      const form = await callWith(
        blocks,
        deskRequest('POST', '/api/admin/blocks', {
          cookie,
          body: 'date=2027-01-01',
          headers: { 'content-type': 'text/plain' },
        }),
      );
      expect(form.status).toBe(415);
      const crossSite = await callWith(
        blocks,
        deskRequest('POST', '/api/admin/blocks', {
          cookie,
          body: { date: inTwentyDays(), timeSlot: 'all' },
          from: { 'sec-fetch-site': 'cross-site' },
        }),
      );
      expect(crossSite.status).toBe(403);
      expect(await query(database, 'SELECT id FROM bookings')).toEqual([]);
    });
  });
});
