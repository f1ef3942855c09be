import { describe, expect, test } from 'vitest';
import agenda from '../../netlify/functions/admin-agenda';
import inquiries from '../../netlify/functions/admin-inquiries';
import statusEndpoint from '../../netlify/functions/admin-inquiry-status';
import { callWith, deskRequest, ownerCookie, resetOwnerTables } from './admin-support';
import { databases, query, useDatabase } from './support';

type Db = (typeof databases)[number];

async function seedInquiries(database: Db, count: number): Promise<string[]> {
  const rows = await query<{ id: string }>(
    database,
    `INSERT INTO contact_inquiries
       (first_name, last_name, email, phone, event_type, guest_count, event_date, event_location)
     SELECT 'Hank' || n, 'Porter', 'hank' || n || '@example.com', '(512) 555-0100', 'wedding', '80', '2027-05-01',
            'Austin, TX'
     FROM generate_series(1, $1::int) AS n RETURNING id`,
    [count],
  );
  return rows.map((row) => row.id);
}

// Under `npm start` the embedded database once mixed such a burst's statements: 3 × 200, 1 × 503 (08P01), 3 × 401,
// and every later owner call 401, because a garbled session lookup found no row and deleted the session.
describe.each(databases)('a burst of one owner’s desk traffic on $name', (database) => {
  useDatabase(database);
  resetOwnerTables(database);

  test('answers every request and leaves the owner signed in', async () => {
    const cookie = await ownerCookie(database);
    const ids = await seedInquiries(database, 12);
    for (let round = 0; round < 3; round += 1) {
      const requests = [
        ...ids.map((id, n) =>
          deskRequest('POST', `/api/admin/inquiries/${id}/status`, {
            cookie,
            body: { status: (n + round) % 2 === 0 ? 'contacted' : 'quoted' },
          }),
        ),
        ...[0, 1, 2, 3].map(() => deskRequest('GET', '/api/admin/inquiries', { cookie })),
        ...[0, 1].map(() => deskRequest('GET', '/api/admin/agenda', { cookie })),
      ];
      const handlerOf = (request: Request) =>
        request.method === 'POST' ? statusEndpoint : request.url.endsWith('agenda') ? agenda : inquiries;
      const statuses = await Promise.all(requests.map(async (request) => (await callWith(handlerOf(request), request)).status));
      expect(statuses, `round ${round}`).toEqual(requests.map(() => 200));
    }
    const after = await callWith(inquiries, deskRequest('GET', '/api/admin/inquiries', { cookie }));
    expect(after.status).toBe(200);
    expect(await query(database, 'SELECT 1 FROM sessions')).toHaveLength(1);
  });
});
