import { describe, expect, test } from 'vitest';
import availability from '../../netlify/functions/availability';
import blocks from '../../netlify/functions/admin-blocks';
import cancel from '../../netlify/functions/admin-booking-cancel';
import publicBookings from '../../netlify/functions/bookings';
import { HELD_NAMED_IN_MESSAGE } from '../../netlify/lib/http/held-message';
import { lastBookableDate, type Booking, type TimeSlotKey } from '@shared/schemas/booking';
import { BOOKING_WINDOW_DAYS, addDaysUtc, todayUtc } from '@shared/schemas/dates';
import { DATE_WITH_RANGE_MESSAGE, MAX_BLOCK_DAYS, type HeldSlot, type OwnerBlock, type OwnerBooking } from '@shared/schemas/owner';
import { texasToday } from '@shared/texas-time';
import type { TestDatabase } from '../setup/database';
import { auditMark, auditSince, callWith, deskRequest, ownerCookie, resetOwnerTables } from './admin-support';
import { useTestSmtpServer } from './mail-support';
import { call, databases, get, postJson, query, useDatabase } from './support';

const PAST = 'Please choose today or a later day.';
const BEYOND = `Please choose days within the next ${BOOKING_WINDOW_DAYS} days: later ones cannot be booked yet.`;

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string>; held?: HeldSlot[] } };

const shortDate = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
/** "Sat, Dec 5, 2026": how the refusal names a day. */
const dayName = (date: string) => shortDate.format(new Date(`${date}T00:00:00Z`));

/** A visitor's reservation through POST /api/bookings (its own address, so the per-address limit never bites). */
function reserveRequest(date: string, timeSlot: TimeSlotKey, clientName = 'Ann Lee'): Promise<Response> {
  return call(
    publicBookings,
    postJson('/api/bookings', {
      date,
      timeSlot,
      clientName,
      clientEmail: `client.${crypto.randomUUID().slice(0, 8)}@example.com`,
      eventType: 'birthday',
    }),
  );
}

async function reserve(date: string, timeSlot: TimeSlotKey, clientName?: string): Promise<Booking> {
  const response = await reserveRequest(date, timeSlot, clientName);
  expect(response.status).toBe(201);
  return ((await response.json()) as { booking: Booking }).booking;
}

async function freeSlots(date: string): Promise<string[]> {
  const response = await call(availability, get(`/api/availability/${date}`));
  return ((await response.json()) as { availableSlots: string[] }).availableSlots;
}

describe.each(databases)('range blocks on $name', (database: TestDatabase) => {
  useDatabase(database);
  resetOwnerTables(database);

  const post = (cookie: string, body: unknown) => callWith(blocks, deskRequest('POST', '/api/admin/blocks', { cookie, body }));
  const list = async (cookie: string) => {
    const response = await callWith(blocks, deskRequest('GET', '/api/admin/blocks', { cookie }));
    expect(response.status).toBe(200);
    return ((await response.json()) as { blocks: OwnerBlock[] }).blocks;
  };
  const lift = (cookie: string, id: string) => callWith(blocks, deskRequest('DELETE', `/api/admin/blocks/${id}`, { cookie }));
  const blockRows = () =>
    query<{ n: number; blocks: number }>(
      database,
      "SELECT count(*)::int AS n, count(DISTINCT block_id)::int AS blocks FROM bookings WHERE kind = 'block' AND NOT is_available",
    );

  test('blocks a week, whole days, as one block with its note; lists it once; lifts it whole, audited once each', async () => {
    const from = addDaysUtc(todayUtc(), 20);
    const to = addDaysUtc(from, 6);
    const cookie = await ownerCookie(database);
    const mark = await auditMark(database);
    const response = await post(cookie, { from, to, timeSlot: 'all', note: 'Family week at the lake' });
    expect(response.status).toBe(201);
    const { block } = (await response.json()) as { block: OwnerBlock };
    expect(block).toEqual({
      id: expect.any(String),
      from,
      to,
      timeSlots: ['morning', 'afternoon', 'evening'],
      note: 'Family week at the lake',
      createdAt: expect.any(String),
    });
    expect(await blockRows()).toEqual([{ n: 21, blocks: 1 }]);
    expect(await freeSlots(addDaysUtc(from, 3))).toEqual([]);
    expect(await freeSlots(addDaysUtc(to, 1))).toEqual(['morning', 'afternoon', 'evening']);
    expect(await list(cookie)).toEqual([block]);

    const lifted = await lift(cookie, block.id);
    expect(lifted.status).toBe(200);
    expect(((await lifted.json()) as { block: OwnerBlock }).block).toMatchObject({ id: block.id, from, to });
    expect(await blockRows()).toEqual([{ n: 0, blocks: 0 }]);
    expect(await freeSlots(addDaysUtc(from, 3))).toEqual(['morning', 'afternoon', 'evening']);
    expect(await list(cookie)).toEqual([]);
    const twice = await lift(cookie, block.id);
    expect(twice.status).toBe(409);
    expect(((await twice.json()) as ErrorBody).error.code).toBe('already_lifted');
    expect(await auditSince(database, mark)).toEqual([
      {
        actor: 'Dolores',
        action: 'block_created',
        target: block.id,
        detail: { from, to, slots: 'morning,afternoon,evening', count: 21 },
      },
      { actor: 'Dolores', action: 'block_lifted', target: block.id, detail: { from, to, count: 21 } },
    ]);
    // The rows stay as history: lifted, by whom, one instant for all of them.
    expect(
      await query(database, 'SELECT count(DISTINCT cancelled_at)::int AS instants, min(cancelled_by) AS by FROM bookings'),
    ).toEqual([{ instants: 1, by: 'Dolores' }]);
  });

  test("the id of one of its rows lifts the whole block too (the first desk's lift)", async () => {
    const from = addDaysUtc(todayUtc(), 20);
    const cookie = await ownerCookie(database);
    // The first body, { date, timeSlot }, still works: one day.
    const response = await post(cookie, { date: from, timeSlot: 'all' });
    expect(response.status).toBe(201);
    expect(((await response.json()) as { block: OwnerBlock }).block).toMatchObject({ from, to: from });
    const [row] = await query<{ id: string }>(database, "SELECT id FROM bookings WHERE time_slot = 'evening'");
    expect((await lift(cookie, row!.id)).status).toBe(200);
    expect(await blockRows()).toEqual([{ n: 0, blocks: 0 }]);
    expect((await lift(cookie, crypto.randomUUID())).status).toBe(404);
    expect((await lift(cookie, 'not-a-uuid')).status).toBe(404);
  });

  test('a range with held slots blocks nothing and names each date, slot and client in one sentence', async () => {
    const from = addDaysUtc(todayUtc(), 20);
    const to = addDaysUtc(from, 6);
    const cookie = await ownerCookie(database);
    await reserve(addDaysUtc(from, 2), 'evening', 'Hank Porter');
    expect((await post(cookie, { from: addDaysUtc(from, 3), timeSlot: 'morning' })).status).toBe(201);
    const response = await post(cookie, { from, to, timeSlot: 'all', note: 'Week off' });
    expect(response.status).toBe(409);
    const { error } = (await response.json()) as ErrorBody;
    expect(error).toEqual({
      code: 'slot_taken',
      message: `Nothing was blocked: ${dayName(addDaysUtc(from, 2))} evening is booked by Hank Porter; ${dayName(addDaysUtc(from, 3))} morning is blocked.`,
      held: [
        { date: addDaysUtc(from, 2), timeSlot: 'evening', heldBy: 'reservation', clientName: 'Hank Porter' },
        { date: addDaysUtc(from, 3), timeSlot: 'morning', heldBy: 'block', clientName: null },
      ],
    });
    // Only the earlier one-slot block is there: nothing of the refused week.
    expect(await blockRows()).toEqual([{ n: 1, blocks: 1 }]);
    expect(await freeSlots(from)).toEqual(['morning', 'afternoon', 'evening']);
  });

  test(`the sentence names the first ${HELD_NAMED_IN_MESSAGE} held slots and counts the rest; "held" lists them all`, async () => {
    const from = addDaysUtc(todayUtc(), 40);
    const cookie = await ownerCookie(database);
    expect((await post(cookie, { from, to: addDaysUtc(from, 3), timeSlot: 'all' })).status).toBe(201);
    const response = await post(cookie, { from, to: addDaysUtc(from, 9), timeSlot: 'all' });
    expect(response.status).toBe(409);
    const { error } = (await response.json()) as ErrorBody;
    expect(error.held).toHaveLength(12);
    expect(error.message).toMatch(/^Nothing was blocked: .* is blocked; and 2 more\.$/);
    expect(error.message.split(';')).toHaveLength(HELD_NAMED_IN_MESSAGE + 1);
  });

  test.each([
    ['366 days, first and last included', MAX_BLOCK_DAYS - 1, 201],
    ['367 days', MAX_BLOCK_DAYS, 400],
  ])('%s', async (_label, span, status) => {
    const from = addDaysUtc(todayUtc(), 10);
    const cookie = await ownerCookie(database);
    const response = await post(cookie, { from, to: addDaysUtc(from, span), timeSlot: 'evening' });
    expect(response.status).toBe(status);
    if (status === 400) {
      expect(((await response.json()) as ErrorBody).error.fields).toEqual({ to: 'Please block at most 366 days at a time.' });
      expect(await blockRows()).toEqual([{ n: 0, blocks: 0 }]);
    } else {
      expect(await blockRows()).toEqual([{ n: MAX_BLOCK_DAYS, blocks: 1 }]);
    }
  });

  test.each([
    ['a block starting yesterday in Texas', () => ({ from: addDaysUtc(texasToday(new Date()), -1), timeSlot: 'all' }), { from: PAST }],
    ['a block in year 0000', () => ({ from: '0000-02-28', to: '0000-03-01', timeSlot: 'morning' }), { from: PAST }],
    ['a block in year 9999', () => ({ date: '9999-12-31', timeSlot: 'evening' }), { from: BEYOND }],
    ['a block the day after the last bookable day', () => ({ from: addDaysUtc(lastBookableDate(), 1), timeSlot: 'all' }), { from: BEYOND }],
    ['a range running past the last bookable day', () => ({ from: lastBookableDate(), to: addDaysUtc(lastBookableDate(), 1), timeSlot: 'all' }), { to: BEYOND }],
    ['date with to', () => ({ date: addDaysUtc(todayUtc(), 5), to: addDaysUtc(todayUtc(), 9), timeSlot: 'all' }), { date: DATE_WITH_RANGE_MESSAGE, from: 'Please choose a date.' }],
    ['date with from', () => ({ date: addDaysUtc(todayUtc(), 5), from: addDaysUtc(todayUtc(), 6), timeSlot: 'all' }), { date: DATE_WITH_RANGE_MESSAGE }],
  ])('answers 400 to %s, naming the field, and blocks nothing', async (_label, body, fields) => {
    const cookie = await ownerCookie(database);
    const response = await post(cookie, body());
    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorBody).error.fields).toEqual(fields);
    expect(await blockRows()).toEqual([{ n: 0, blocks: 0 }]);
  });

  test('a block from today in Texas to the last bookable day is taken', async () => {
    const cookie = await ownerCookie(database);
    const from = texasToday(new Date());
    expect((await post(cookie, { from, timeSlot: 'evening' })).status).toBe(201);
    expect((await post(cookie, { from: lastBookableDate(), timeSlot: 'evening' })).status).toBe(201);
    expect(await blockRows()).toEqual([{ n: 2, blocks: 2 }]);
  });

  test.each([
    [
      'an end before the start',
      { from: '2027-03-10', to: '2027-03-09', timeSlot: 'all' },
      { to: 'The last day must not be before the first.' },
    ],
    [
      'nothing',
      {},
      { from: 'Please choose a date.', timeSlot: 'Please pick a time slot or the whole day.' },
    ],
    ['an impossible end', { from: '2027-03-10', to: '2027-02-30', timeSlot: 'all' }, { to: 'Please choose a valid date.' }],
    ['a note of 201 characters', { from: '2027-03-10', timeSlot: 'all', note: 'x'.repeat(201) }, { note: 'Please keep the note to 200 characters.' }],
    ['a note over two lines', { from: '2027-03-10', timeSlot: 'all', note: 'a\nb' }, { note: 'Please write the note as one line of plain text.' }],
  ])('answers 400 to %s', async (_label, body, fields) => {
    const cookie = await ownerCookie(database);
    const response = await post(cookie, body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorBody).error.fields).toEqual(fields);
    expect(await blockRows()).toEqual([{ n: 0, blocks: 0 }]);
  });

  test('a range block racing a reservation of one of its slots: one wins whole, never a partial block', async () => {
    const cookie = await ownerCookie(database);
    const outcomes = { block: 0, booking: 0 };
    for (let round = 0; round < 12; round++) {
      const from = addDaysUtc(todayUtc(), 30 + round * 10);
      const to = addDaysUtc(from, 4);
      const contested = addDaysUtc(from, round % 5);
      // Every round's reservation is a new hold from the tests' one client: its daily budget is not what this is about.
      await query(database, 'TRUNCATE client_throttle');
      const [block, booking] = await Promise.all([
        post(cookie, { from, to, timeSlot: 'all' }),
        reserveRequest(contested, 'afternoon', 'Hank Porter'),
      ]);
      const rows = await query<{ n: number }>(
        database,
        "SELECT count(*)::int AS n FROM bookings WHERE kind = 'block' AND NOT is_available AND date BETWEEN $1 AND $2",
        [from, to],
      );
      if (block.status === 201) {
        outcomes.block++;
        expect(booking.status).toBe(409);
        expect(((await booking.json()) as ErrorBody).error.code).toBe('slot_taken');
        expect(rows).toEqual([{ n: 15 }]);
      } else {
        outcomes.booking++;
        expect([block.status, booking.status]).toEqual([409, 201]);
        expect(((await block.json()) as ErrorBody).error.message).toBe(
          `Nothing was blocked: ${dayName(contested)} afternoon is booked by Hank Porter.`,
        );
        expect(rows).toEqual([{ n: 0 }]);
      }
    }
    expect(outcomes.block + outcomes.booking).toBe(12);
    if (process.env.RACE_OUTCOMES) console.info(`${database.name}: block won ${outcomes.block}, booking won ${outcomes.booking}`);
  });
});

describe.each(databases)("the owner's cancel reason on $name", (database: TestDatabase) => {
  useDatabase(database);
  resetOwnerTables(database);
  const smtp = useTestSmtpServer(database, { ownerEmail: 'owner@lonestar.example', mailFrom: 'bookings@lonestar.example' });

  const cancelWith = (cookie: string, id: string, body?: unknown) =>
    callWith(cancel, deskRequest('POST', `/api/admin/bookings/${id}/cancel`, { cookie, body }));

  /** The client's cancellation notice as the SMTP server received it, once the four mails are in. */
  const clientNotice = async (clientEmail: string) => {
    const mails = await smtp.waitFor(4);
    const notice = mails.find((mail) => mail.envelope.to.includes(clientEmail) && /^Cancelled:/.test(mail.parsed.subject ?? ''));
    const owners = mails.find((mail) => mail.envelope.to.includes('owner@lonestar.example') && /^Booking cancelled/.test(mail.parsed.subject ?? ''));
    if (!notice || !owners) throw new Error(`no cancellation notice among ${mails.map((mail) => mail.parsed.subject).join(', ')}`);
    return { client: notice.parsed.text ?? '', owner: owners.parsed.text ?? '' };
  };

  test("stores the reason, audits it and writes it into the client's notice (and the owner's copy)", async () => {
    const booking = await reserve(addDaysUtc(todayUtc(), 20), 'evening', 'Hank Porter');
    const cookie = await ownerCookie(database);
    const mark = await auditMark(database);
    const reason = 'Our permit for that venue fell through; we will refund you in full.';
    const response = await cancelWith(cookie, booking.id, { reason: `  ${reason} ` });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { booking: OwnerBooking }).booking).toMatchObject({
      state: 'cancelled',
      cancelledBy: 'Dolores',
      cancelReason: reason,
    });
    expect(await query(database, 'SELECT cancel_reason FROM bookings')).toEqual([{ cancel_reason: reason }]);
    expect(await auditSince(database, mark)).toEqual([
      { actor: 'Dolores', action: 'booking_cancelled', target: booking.id, detail: { date: booking.date, reason } },
    ]);
    const { client, owner } = await clientNotice(booking.clientEmail);
    expect(client).toContain(`Reason: ${reason}`);
    expect(owner).toContain(`Reason you gave: ${reason}`);
  });

  test('without a reason (or a blank one) the notice has no reason line', async () => {
    const booking = await reserve(addDaysUtc(todayUtc(), 21), 'morning');
    const cookie = await ownerCookie(database);
    expect((await cancelWith(cookie, booking.id, { reason: '   ' })).status).toBe(200);
    expect(await query(database, 'SELECT cancel_reason FROM bookings')).toEqual([{ cancel_reason: null }]);
    const { client, owner } = await clientNotice(booking.clientEmail);
    expect(client).toContain('We had to cancel your booking');
    expect(client).not.toContain('Reason');
    expect(owner).not.toContain('Reason');
  });
});
