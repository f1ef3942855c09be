import { describe, expect, test } from 'vitest';
import bookings from '../../netlify/functions/bookings';
import type { Booking } from '@shared/schemas/booking';
import { BOOKING_WINDOW_DAYS } from '@shared/schemas/dates';
import { booking as reservation, clock, fixedClock, freezeClock } from '../fixtures';
import { EXPECTED_HEADERS, call, databases, get, headersOf, postJson, query, useDatabase } from './support';

const TAKEN = {
  error: {
    code: 'slot_taken',
    message: 'Sorry, that time slot was just booked. Please pick another.',
    fields: { timeSlot: 'Sorry, that time slot was just booked. Please pick another.' },
  },
};

describe.each(databases)('POST /api/bookings on $name', (database) => {
  useDatabase(database);

  test('reserves the slot and answers 201 { booking }', async () => {
    const input = reservation();
    const response = await call(bookings, postJson('/api/bookings', input));
    expect(response.status).toBe(201);
    expect(headersOf(response)).toMatchObject(EXPECTED_HEADERS);
    const { booking } = (await response.json()) as { booking: Booking };
    expect(booking).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      ...input,
      // The client's optional details, not given.
      phone: null,
      guestCount: null,
      eventLocation: null,
      isAvailable: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(Date.now() - Date.parse(booking.createdAt)).toBeLessThan(60_000);

    const rows = await query(database, 'SELECT id, date, time_slot, is_available, client_name FROM bookings');
    expect(rows).toEqual([
      { id: booking.id, date: input.date, time_slot: input.timeSlot, is_available: false, client_name: input.clientName },
    ]);
  });

  test('trims text and ignores unknown fields such as isAvailable or id', async () => {
    const input = reservation();
    const response = await call(
      bookings,
      postJson('/api/bookings', {
        ...input,
        date: ` ${input.date} `,
        clientName: `  ${input.clientName} `,
        clientEmail: ` ${input.clientEmail} `,
        isAvailable: true,
        id: '00000000-0000-0000-0000-000000000000',
      }),
    );
    expect(response.status).toBe(201);
    const rows = await query(database, 'SELECT id, date, is_available, client_name, client_email FROM bookings');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      date: input.date,
      is_available: false,
      client_name: input.clientName,
      client_email: input.clientEmail,
    });
    expect(rows[0]!.id).not.toBe('00000000-0000-0000-0000-000000000000');
  });

  test('answers 409 slot_taken to a second booking of the same slot, keeping the first', async () => {
    const first = reservation();
    expect((await call(bookings, postJson('/api/bookings', first))).status).toBe(201);
    const second = await call(bookings, postJson('/api/bookings', reservation({ clientName: 'Ann' })));
    expect(second.status).toBe(409);
    expect(headersOf(second)).toMatchObject(EXPECTED_HEADERS);
    expect(await second.json()).toEqual(TAKEN);
    expect(await query(database, 'SELECT client_name FROM bookings')).toEqual([{ client_name: first.clientName }]);
  });

  test('books the other slots of that date and the same slot on other dates', async () => {
    const date = clock.day(30);
    for (const input of [
      reservation({ date, timeSlot: 'morning' }),
      reservation({ date, timeSlot: 'afternoon' }),
      reservation({ date, timeSlot: 'evening' }),
      reservation({ date: clock.day(31), timeSlot: 'evening' }),
    ]) {
      expect((await call(bookings, postJson('/api/bookings', input))).status).toBe(201);
    }
    const availability = await import('../../netlify/functions/availability');
    const response = await call(availability.default, get(`/api/availability/${date}`));
    expect(await response.json()).toEqual({ date, availableSlots: [] });
  });

  test('a released slot (cancelled booking) can be booked again', async () => {
    const input = reservation();
    await call(bookings, postJson('/api/bookings', input));
    await query(database, 'UPDATE bookings SET is_available = true');
    const again = await call(bookings, postJson('/api/bookings', reservation({ clientName: 'Ann' })));
    expect(again.status).toBe(201);
    expect(await query(database, 'SELECT client_name, is_available FROM bookings ORDER BY created_at')).toEqual([
      { client_name: input.clientName, is_available: true },
      { client_name: 'Ann', is_available: false },
    ]);
  });

  describe('on the edges of the booking window, judged by an injected clock', () => {
    // A day far from the wall clock: these pass only if the function asks the (pinned) clock for "today".
    const edges = fixedClock(new Date('2030-06-15T12:00:00.000Z'));
    freezeClock(edges);

    test.each([
      ['yesterday', edges.day(-1), 'Please choose today or a later date.'],
      [
        `the day after the ${BOOKING_WINDOW_DAYS}-day window`,
        edges.day(BOOKING_WINDOW_DAYS + 1),
        `Please choose a date within the next ${BOOKING_WINDOW_DAYS} days.`,
      ],
      ['an impossible date', '2027-02-29', 'Please choose a valid date.'],
    ])('answers 400 to a date %s', async (_label, date, message) => {
      const response = await call(bookings, postJson('/api/bookings', reservation({ date }, edges)));
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        error: { code: 'invalid_fields', message: 'Please check the highlighted fields and try again.', fields: { date: message } },
      });
      expect(await query(database, 'SELECT id FROM bookings')).toEqual([]);
    });

    test.each([
      ['today', edges.today],
      [`the last day of the ${BOOKING_WINDOW_DAYS}-day window`, edges.day(BOOKING_WINDOW_DAYS)],
    ])('books %s', async (_label, date) => {
      const response = await call(bookings, postJson('/api/bookings', reservation({ date })));
      expect(response.status).toBe(201);
    });
  });

  test('answers 400 naming every missing field', async () => {
    const response = await call(bookings, postJson('/api/bookings', {}));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        code: 'invalid_fields',
        message: 'Please check the highlighted fields and try again.',
        fields: {
          date: 'Please choose a date.',
          timeSlot: 'Please pick a time slot.',
          clientName: 'Please enter your name.',
          clientEmail: 'Please enter your email address.',
          eventType: 'Please choose an event type.',
        },
      },
    });
  });

  test.each([
    ['timeSlot', 'night', 'Please pick a time slot.'],
    ['eventType', 'private', 'Please choose an event type.'],
    ['clientEmail', 'hank@', 'Please enter a valid email address.'],
    ['clientName', '   ', 'Please enter your name.'],
  ])('answers 400 to %s %j', async (field, value, message) => {
    const response = await call(bookings, postJson('/api/bookings', { ...reservation(), [field]: value }));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      [field]: message,
    });
  });

  test('answers a bot (filled honeypot) with a normal-looking 201, holds nothing', async () => {
    const input = reservation();
    const response = await call(bookings, postJson('/api/bookings', { ...input, website: 'spam.example' }));
    expect(response.status).toBe(201);
    const { booking } = (await response.json()) as { booking: Booking };
    expect(booking).toMatchObject({ ...input, isAvailable: false });
    expect(booking.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await query(database, 'SELECT id FROM bookings')).toEqual([]);
    // The slot is still there for a person.
    expect((await call(bookings, postJson('/api/bookings', input))).status).toBe(201);
  });

  test('answers 415 to a form post and 400 to broken JSON', async () => {
    const form = await call(
      bookings,
      postJson('/api/bookings', 'date=2027-01-01', { 'content-type': 'application/x-www-form-urlencoded' }),
    );
    expect(form.status).toBe(415);
    const broken = await call(bookings, postJson('/api/bookings', '{"date":'));
    expect(broken.status).toBe(400);
    expect(((await broken.json()) as { error: { code: string } }).error.code).toBe('invalid_json');
  });

  test('answers 413 to a body over 16 KB', async () => {
    const response = await call(bookings, postJson('/api/bookings', { ...reservation(), padding: 'x'.repeat(16_400) }));
    expect(response.status).toBe(413);
    expect(await query(database, 'SELECT id FROM bookings')).toEqual([]);
  });

  test.each(['GET', 'PUT', 'DELETE'])('answers 405 with Allow: POST to %s', async (method) => {
    const response = await call(bookings, new Request('http://localhost:8888/api/bookings', { method }));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });
});
