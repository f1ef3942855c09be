import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import availability from '../../netlify/functions/availability';
import bookings from '../../netlify/functions/bookings';
import reschedule from '../../netlify/functions/reschedule';
import { createCancelToken } from '../../netlify/lib/bookings/cancel-links';
import { reserveSlot } from '../../netlify/lib/bookings/reserve';
import { withDatabase } from '../../netlify/lib/db';
import { inTransaction } from '../../netlify/lib/transaction';
import { SLOT_STARTED_MESSAGE, type TimeSlotKey } from '@shared/schemas/booking';
import { todayUtc } from '@shared/schemas/dates';
import { booking as reservation, uniqueEmail } from '../fixtures';
import type { TestDatabase } from '../setup/database';
import { EXPECTED_HEADERS, call, databases, get, headersOf, postJson, useDatabase } from './support';

const STARTED = SLOT_STARTED_MESSAGE;
const STARTED_ANSWER = { error: { code: 'slot_started', message: STARTED, fields: { timeSlot: STARTED } } };

/**
 * Instants around the edges the rule meets, each with what GET /api/availability answers for a date then (a free
 * database): Texas midnight (the UTC date is a day ahead of Texas), and both daylight-saving changes of 2026, when
 * 9 AM in Texas is 14:00Z (summer time, from 8 March) or 15:00Z (standard time, from 1 November).
 */
const CASES: Array<[label: string, at: string, date: string, free: TimeSlotKey[]]> = [
  ['Texas 5:59 PM, UTC the same day: only the evening is left', '2026-07-10T22:59:00Z', '2026-07-10', ['evening']],
  ['Texas 6:30 PM, UTC the same day: every slot has started', '2026-07-10T23:30:00Z', '2026-07-10', []],
  ['Texas 11:30 PM, UTC already the next day: that Texas day is over', '2026-07-11T04:30:00Z', '2026-07-10', []],
  ['Texas 11:30 PM, UTC already the next day: the next Texas day is whole', '2026-07-11T04:30:00Z', '2026-07-11', ['morning', 'afternoon', 'evening']],
  ['winter, Texas 8:59 AM (14:59Z)', '2026-01-15T14:59:00Z', '2026-01-15', ['morning', 'afternoon', 'evening']],
  ['summer time begins: 8:59 AM CDT (13:59Z)', '2026-03-08T13:59:00Z', '2026-03-08', ['morning', 'afternoon', 'evening']],
  ['summer time begins: 9:30 AM CDT (14:30Z), the morning has started', '2026-03-08T14:30:00Z', '2026-03-08', ['afternoon', 'evening']],
  ['the day before it: 8:30 AM CST (14:30Z), the morning has not', '2026-03-07T14:30:00Z', '2026-03-07', ['morning', 'afternoon', 'evening']],
  ['summer time ends: 8:30 AM CST (14:30Z), the morning has not started', '2026-11-01T14:30:00Z', '2026-11-01', ['morning', 'afternoon', 'evening']],
  ['summer time ends: 9:00 AM CST (15:00Z), the morning has started', '2026-11-01T15:00:00Z', '2026-11-01', ['afternoon', 'evening']],
  ['the day before it: 9:30 AM CDT (14:30Z), the morning has started', '2026-10-31T14:30:00Z', '2026-10-31', ['afternoon', 'evening']],
];

describe.each(databases)('slots that have started, by an injected clock, on $name', (database: TestDatabase) => {
  useDatabase(database);

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const slotsOf = async (date: string) => {
    const response = await call(availability, get(`/api/availability/${date}`));
    // Never cached: the next read after a slot's start leaves it out.
    expect(headersOf(response)).toMatchObject({ 'cache-control': EXPECTED_HEADERS['cache-control'] });
    return ((await response.json()) as { availableSlots: TimeSlotKey[] }).availableSlots;
  };
  const book = (date: string, timeSlot: TimeSlotKey) =>
    call(
      bookings,
      postJson('/api/bookings', reservation({ date, timeSlot }), {
        'x-nf-client-connection-ip': `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      }),
    );

  test.each(CASES)('%s', async (_label, at, date, free) => {
    vi.setSystemTime(new Date(at));
    expect(await slotsOf(date)).toEqual(free);
    for (const slot of ['morning', 'afternoon', 'evening'] as const) {
      const response = await book(date, slot);
      if (free.includes(slot)) {
        expect(response.status).toBe(201);
        continue;
      }
      // Before today (UTC) the schema refuses the date itself; today, the started slot is refused.
      if (date < todayUtc(new Date(at))) {
        expect(response.status).toBe(400);
        continue;
      }
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual(STARTED_ANSWER);
    }
  });

  test('a move into a started slot is refused (409 slot_started) and changes nothing; a later slot of that day is fine', async () => {
    // Booked the evening before, at 8 PM in Texas, for three weeks later (outside the change policy's window).
    vi.setSystemTime(new Date('2026-03-08T01:00:00Z'));
    const token = await withDatabase(
      undefined,
      (db) =>
        inTransaction(db, async (tx) => {
          const result = await reserveSlot(
            tx,
            { date: '2026-03-29', timeSlot: 'evening', clientName: 'Dolly', clientEmail: uniqueEmail('dst'), eventType: 'other', website: '' },
            todayUtc(),
            { ip: crypto.randomUUID(), now: new Date() },
          );
          if (!result.ok) throw new Error(result.code);
          return createCancelToken(tx, result.value);
        }),
      { config: { url: database.url, wsProxy: database.wsProxy } },
    );
    // 9:30 AM CDT on the day summer time begins: the morning has started, the afternoon has not.
    vi.setSystemTime(new Date('2026-03-08T14:30:00Z'));
    const move = (timeSlot: TimeSlotKey) =>
      call(reschedule, postJson('/api/bookings/reschedule', { token, date: '2026-03-08', timeSlot }));
    const refused = await move('morning');
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual(STARTED_ANSWER);
    expect(await slotsOf('2026-03-29')).toEqual(['morning', 'afternoon']);
    const moved = await move('afternoon');
    expect(moved.status).toBe(200);
    expect(await slotsOf('2026-03-08')).toEqual(['evening']);
    expect(await slotsOf('2026-03-29')).toEqual(['morning', 'afternoon', 'evening']);
  });
});
