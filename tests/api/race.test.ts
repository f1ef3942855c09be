import { describe, expect, test } from 'vitest';
import bookings from '../../netlify/functions/bookings';
import { booking as reservation, clock } from '../fixtures';
import { call, databases, postJson, query, useDatabase } from './support';

const CONTENDERS = 50;

describe.each(databases)('simultaneous bookings of one slot on $name', (database) => {
  useDatabase(database);

  test(`${CONTENDERS} at once: exactly one 201, the rest 409, one row`, async () => {
    const date = clock.day(45);
    const responses = await Promise.all(
      Array.from({ length: CONTENDERS }, (_, index) =>
        call(
          bookings,
          postJson('/api/bookings', reservation({ date, timeSlot: 'afternoon', clientName: `Guest ${index}` })),
        ),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(CONTENDERS - 1);

    const winner = responses[statuses.indexOf(201)]!;
    const { booking } = (await winner.json()) as { booking: { id: string; clientName: string } };
    const rows = await query<{ id: string; client_name: string }>(
      database,
      'SELECT id, client_name FROM bookings WHERE date = $1',
      [date],
    );
    expect(rows).toEqual([{ id: booking.id, client_name: booking.clientName }]);
  });
});
