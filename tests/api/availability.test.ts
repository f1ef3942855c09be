import { describe, expect, test } from 'vitest';
import availability from '../../netlify/functions/availability';
import { TIME_SLOT_KEYS } from '@shared/schemas/booking';
import { BOOKING_WINDOW_DAYS } from '@shared/schemas/dates';
import { clock, fixedClock, freezeClock } from '../fixtures';
import { EXPECTED_HEADERS, call, databases, get, headersOf, query, useDatabase } from './support';

const inTenDays = () => clock.day(10);

async function hold(database: (typeof databases)[number], date: string, slot: string, isAvailable = false) {
  await query(
    database,
    `INSERT INTO bookings (date, time_slot, is_available, client_name, client_email, event_type)
     VALUES ($1, $2, $3, 'Test', 'test@example.com', 'other')`,
    [date, slot, isAvailable],
  );
}

describe.each(databases)('GET /api/availability/{date} on $name', (database) => {
  useDatabase(database);

  test('lists all three slots of a free date, in day order', async () => {
    const date = inTenDays();
    const response = await call(availability, get(`/api/availability/${date}`));
    expect(response.status).toBe(200);
    expect(headersOf(response)).toMatchObject(EXPECTED_HEADERS);
    expect(await response.json()).toEqual({ date, availableSlots: ['morning', 'afternoon', 'evening'] });
  });

  test.each([
    [['morning'], ['afternoon', 'evening']],
    [['afternoon'], ['morning', 'evening']],
    [['evening', 'morning'], ['afternoon']],
    [['morning', 'afternoon', 'evening'], []],
  ])('leaves out held slots %j', async (held, expected) => {
    const date = inTenDays();
    for (const slot of held) await hold(database, date, slot);
    const response = await call(availability, get(`/api/availability/${date}`));
    expect(await response.json()).toEqual({ date, availableSlots: expected });
  });

  test('counts a released booking (is_available = true) as free', async () => {
    const date = inTenDays();
    await hold(database, date, 'evening', true);
    const response = await call(availability, get(`/api/availability/${date}`));
    expect(((await response.json()) as { availableSlots: string[] }).availableSlots).toEqual([
      'morning',
      'afternoon',
      'evening',
    ]);
  });

  test('does not mix up dates', async () => {
    const date = inTenDays();
    await hold(database, clock.day(11), 'morning');
    const response = await call(availability, get(`/api/availability/${date}`));
    expect(((await response.json()) as { availableSlots: string[] }).availableSlots).toHaveLength(3);
  });

  describe('outside the booking window, judged by an injected clock', () => {
    // A day far from the wall clock: these pass only if the function asks the (pinned) clock for "today".
    const edges = fixedClock(new Date('2030-06-15T12:00:00.000Z'));
    freezeClock(edges);

    test.each([
      ['yesterday', -1],
      ['a year ago', -365],
      [`the day after the ${BOOKING_WINDOW_DAYS}-day window`, BOOKING_WINDOW_DAYS + 1],
    ])('has no slots %s', async (_label, offset) => {
      const date = edges.day(offset);
      const response = await call(availability, get(`/api/availability/${date}`));
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ date, availableSlots: [] });
    });

    test.each([
      ['today', 0],
      [`the last day of the ${BOOKING_WINDOW_DAYS}-day window`, BOOKING_WINDOW_DAYS],
    ])('still offers %s', async (_label, offset) => {
      const response = await call(availability, get(`/api/availability/${edges.day(offset)}`));
      expect(((await response.json()) as { availableSlots: string[] }).availableSlots).toEqual(TIME_SLOT_KEYS);
    });
  });

  test.each([
    ['2026-02-30'],
    ['2027-02-29'],
    ['2026-13-01'],
    ['2026-1-5'],
    ['tomorrow'],
    ['2026-05-01%20'],
    ['%E0%A4%A'],
    ['20260501'],
    ['2026%2D05%2D01'],
  ])('answers 400 to the date %s', async (date) => {
    const response = await call(availability, get(`/api/availability/${date}`));
    expect(response.status).toBe(400);
    expect(headersOf(response)).toMatchObject(EXPECTED_HEADERS);
    expect(await response.json()).toEqual({
      error: {
        code: 'invalid_date',
        message: 'Please choose a valid date.',
        fields: { date: 'Please choose a valid date.' },
      },
    });
  });

  test.each(['POST', 'PUT', 'DELETE'])('answers 405 with Allow: GET to %s', async (method) => {
    const response = await call(
      availability,
      new Request(`http://localhost:8888/api/availability/${inTenDays()}`, { method }),
    );
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET');
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('method_not_allowed');
  });
});
