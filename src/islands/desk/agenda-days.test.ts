import { describe, expect, test } from 'vitest';
import type { AgendaReservation } from '@shared/schemas/owner/agenda';
import { agendaDays } from './agenda-days';

const reservation = (date: string, timeSlot: AgendaReservation['timeSlot']): AgendaReservation => ({
  id: `${date}-${timeSlot}`,
  date,
  timeSlot,
  clientName: 'Ann Lee',
  clientEmail: 'ann@example.com',
  eventType: 'birthday',
  phone: null,
  guestCount: null,
  eventLocation: null,
  stage: 'held',
  tentativeUntil: null,
});

describe('agendaDays', () => {
  test('returns the days in date order, each in slot order, a block on every day it covers', () => {
    const days = agendaDays({
      reservations: [reservation('2026-07-02', 'evening'), reservation('2026-07-01', 'afternoon')],
      blocks: [
        {
          blockId: 'week',
          note: 'Trip',
          slots: [
            { date: '2026-07-01', timeSlot: 'evening' },
            { date: '2026-07-02', timeSlot: 'afternoon' },
            { date: '2026-07-02', timeSlot: 'morning' },
          ],
        },
      ],
    });
    expect(days.map((day) => [day.date, day.entries.map((entry) => entry.key)])).toEqual([
      ['2026-07-01', ['2026-07-01-afternoon', 'week-2026-07-01']],
      ['2026-07-02', ['week-2026-07-02', '2026-07-02-evening']],
    ]);
    expect(days[1]!.entries[0]).toMatchObject({ kind: 'block', slots: ['morning', 'afternoon'] });
  });

  test('returns no day for an empty agenda', () => {
    expect(agendaDays({ reservations: [], blocks: [] })).toEqual([]);
  });
});
