import { describe, expect, test } from 'vitest';
import { databases, query, useDatabase } from './support';

const BLOCK_ID = '00000000-0000-4000-8000-000000000001';

describe.each(databases)('integrity rules of migration 008 on $name', (database) => {
  useDatabase(database);

  const insertBooking = (values: Record<string, unknown>) => {
    const row = { date: '2030-01-01', time_slot: 'morning', is_available: false, kind: 'reservation', client_name: 'Ann', client_email: 'ann@example.com', event_type: 'other', ...values };
    const columns = Object.keys(row);
    return query(
      database,
      `INSERT INTO bookings (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
      Object.values(row),
    );
  };
  const block = { kind: 'block', client_name: null, client_email: null, event_type: null, block_id: BLOCK_ID };

  test.each([
    ['a reservation with phone, guests and place', { phone: '(512) 555-0199', guest_count: 80, event_location: 'Austin, TX' }, true],
    ['a 31-character phone', { phone: '1'.repeat(31) }, false],
    ['a blank event location', { event_location: '  ' }, false],
    ['guest count 0', { guest_count: 0 }, false],
    ['guest count 100,001', { guest_count: 100001 }, false],
    ['a reservation with a block id', { block_id: BLOCK_ID }, false],
    ['a reservation with a block note', { block_note: 'Vacation' }, false],
    ['a block with a note', { ...block, block_note: 'Family week' }, true],
    ['a block without a block id', { ...block, block_id: null }, false],
    ['a block with a phone', { ...block, phone: '5125550199' }, false],
    ['a held booking with a cancel reason', { cancel_reason: 'Rain' }, false],
    ['a cancelled booking with a reason', { is_available: true, cancelled_at: new Date(), cancelled_by: 'Dolores', cancel_reason: 'Trailer repair' }, true],
    ['a 501-character reason', { is_available: true, cancelled_at: new Date(), cancelled_by: 'Dolores', cancel_reason: 'x'.repeat(501) }, false],
    ['a negative sequence', { sequence: -1 }, false],
  ])('bookings: %s is %s', async (_label, values, accepted) => {
    const attempt = insertBooking(values);
    if (accepted) await expect(attempt).resolves.toEqual([]);
    else await expect(attempt).rejects.toMatchObject({ code: '23514' });
  });

  const newInquiry = async () => {
    const [row] = await query<{ id: string; status: string; opened_at: Date | null }>(
      database,
      `INSERT INTO contact_inquiries (first_name, last_name, email, phone, event_type, guest_count, event_date, event_location)
       VALUES ('Hank', 'Porter', 'hank@example.com', '5125550100', 'wedding', '80', '2027-05-01', 'Austin') RETURNING id, status, opened_at`,
    );
    return row!;
  };

  test('an inquiry starts new and unopened; an unknown status is refused', async () => {
    const inquiry = await newInquiry();
    expect(inquiry).toMatchObject({ status: 'new', opened_at: null });
    await expect(query(database, "UPDATE contact_inquiries SET status = 'won' WHERE id = $1", [inquiry.id])).rejects.toMatchObject({ code: '23514' });
  });

  test('notes are append-only, and go only with their inquiry', async () => {
    const inquiry = await newInquiry();
    await query(database, "INSERT INTO inquiry_notes (inquiry_id, author, body) VALUES ($1, 'Dolores', 'Called, wants a quote')", [inquiry.id]);
    await expect(query(database, "UPDATE inquiry_notes SET body = 'changed'")).rejects.toMatchObject({ code: '42501' });
    await expect(query(database, 'DELETE FROM inquiry_notes')).rejects.toMatchObject({ code: '42501' });
    await expect(query(database, "INSERT INTO inquiry_notes (inquiry_id, author, body) VALUES ($1, 'Dolores', '   ')", [inquiry.id])).rejects.toMatchObject({ code: '23514' });
    await query(database, 'DELETE FROM contact_inquiries WHERE id = $1', [inquiry.id]);
    expect(await query(database, 'SELECT id FROM inquiry_notes WHERE inquiry_id = $1', [inquiry.id])).toEqual([]);
  });

  test('a calendar feed stores a SHA-256 hex hash, never a token', async () => {
    const [user] = await query<{ id: string }>(
      database,
      "INSERT INTO users (username, password) VALUES ('feed-owner', '$scrypt$ln=17,r=8,p=1$c29tZXNhbHRzb21lc2FsdA$RdescudvJCsgt3ub+b+dWRWJTmaaJObG2c8DmPO5ZBw') RETURNING id",
    );
    await expect(query(database, "INSERT INTO calendar_feeds (user_id, token_hash) VALUES ($1, 'plain-token')", [user!.id])).rejects.toMatchObject({ code: '23514' });
    await expect(query(database, 'INSERT INTO calendar_feeds (user_id, token_hash) VALUES ($1, $2)', [user!.id, 'a'.repeat(64)])).resolves.toEqual([]);
    await query(database, 'DELETE FROM users WHERE id = $1', [user!.id]);
  });
});
