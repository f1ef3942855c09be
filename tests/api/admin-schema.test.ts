import { describe, expect, test } from 'vitest';
import { isCalendarDate } from '@shared/schemas/dates';
import { resetOwnerTables } from './admin-support';
import { databases, query, useDatabase } from './support';

const SCRYPT = '$scrypt$ln=17,r=8,p=1$c29tZXNhbHRzb21lc2FsdA$RdescudvJCsgt3ub+b+dWRWJTmaaJObG2c8DmPO5ZBw';

describe.each(databases)('integrity rules of migration 003 on $name', (database) => {
  useDatabase(database);
  resetOwnerTables(database);

  const insertBooking = (values: Record<string, unknown>) => {
    const row = { date: '2030-01-01', time_slot: 'morning', is_available: false, kind: 'reservation', client_name: 'Ann', client_email: 'ann@example.com', event_type: 'other', ...values };
    const columns = Object.keys(row);
    return query(
      database,
      `INSERT INTO bookings (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
      Object.values(row),
    );
  };

  test.each([
    ['a real date', { date: '2028-02-29' }, true],
    ['February 29 of a common year', { date: '2027-02-29' }, false],
    ['month 13', { date: '2027-13-01' }, false],
    ['day 00', { date: '2027-01-00' }, false],
    ['a date with a time', { date: '2027-01-01T00:00' }, false],
    ['a word', { date: 'tomorrow' }, false],
    ['a blank client name', { client_name: '   ' }, false],
    ['a 201-character client name', { client_name: 'x'.repeat(201) }, false],
    ['an e-mail without @', { client_email: 'ann.example.com' }, false],
    ['an unknown event type', { event_type: 'rodeo' }, false],
    ['a reservation without client data', { client_name: null, client_email: null, event_type: null }, false],
    ['a block without client data', { kind: 'block', block_id: '00000000-0000-4000-8000-000000000001', client_name: null, client_email: null, event_type: null }, true],
    ['a block carrying a client name', { kind: 'block', block_id: '00000000-0000-4000-8000-000000000001', client_email: null, event_type: null }, false],
    ['an unknown kind', { kind: 'hold' }, false],
    ['a held row marked cancelled', { cancelled_at: new Date(), cancelled_by: 'Dolores' }, false],
    ['a released row cancelled by nobody', { is_available: true, cancelled_at: new Date() }, false],
  ])('bookings: %s is %s', async (_label, values, accepted) => {
    const attempt = insertBooking(values);
    if (accepted) await expect(attempt).resolves.toEqual([]);
    else await expect(attempt).rejects.toMatchObject({ code: '23514' });
  });

  const insertInquiry = (values: Record<string, unknown>) => {
    const row = {
      first_name: 'Hank', last_name: 'Porter', email: 'hank@example.com', phone: '5125550100', event_type: 'wedding',
      guest_count: '80', event_date: '2027-05-01', event_location: 'Austin', message: null, ...values,
    };
    const columns = Object.keys(row);
    return query(
      database,
      `INSERT INTO contact_inquiries (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
      Object.values(row),
    );
  };

  test.each([
    ['a valid inquiry', {}, true],
    ['an empty first name', { first_name: '' }, false],
    ['a 31-character phone', { phone: '1'.repeat(31) }, false],
    ['a booking-only event type', { event_type: 'birthday' }, false],
    ['guest count 0', { guest_count: '0' }, false],
    ['guest count "012"', { guest_count: '012' }, false],
    ['an impossible event date', { event_date: '2027-02-30' }, false],
    ['an empty message (no message is null)', { message: '' }, false],
    ['a 5001-character message', { message: 'x'.repeat(5001) }, false],
  ])('contact_inquiries: %s is %s', async (_label, values, accepted) => {
    const attempt = insertInquiry(values);
    if (accepted) await expect(attempt).resolves.toEqual([]);
    else await expect(attempt).rejects.toMatchObject({ code: '23514' });
  });

  test.each([
    '2026-11-23', '2028-02-29', '2027-02-29', '2100-02-29', '2000-02-29', '0000-02-29', '0000-01-01', '0001-02-29',
    '9999-12-31', '2027-04-31', '2027-00-10', '2027-1-01', '20270101', '2027-01-01 ', '+2027-01-01', '2027-01-32',
  ])('is_iso_date(%j) agrees with the shared schema (the database never refuses what the schema accepts)', async (date) => {
    const [row] = await query<{ ok: boolean }>(database, 'SELECT is_iso_date($1) AS ok', [date]);
    expect(row!.ok).toBe(isCalendarDate(date));
  });

  test('usernames are unique regardless of case', async () => {
    await query(database, 'INSERT INTO users (username, password) VALUES ($1, $2)', ['Dolores', SCRYPT]);
    await expect(
      query(database, 'INSERT INTO users (username, password) VALUES ($1, $2)', ['dOLORES', SCRYPT]),
    ).rejects.toMatchObject({ code: '23505' });
  });

  test('sessions store a SHA-256 hex hash, never a raw token', async () => {
    const [{ id }] = (await query<{ id: string }>(
      database,
      'INSERT INTO users (username, password) VALUES ($1, $2) RETURNING id',
      ['Dolores', SCRYPT],
    )) as [{ id: string }];
    await expect(
      query(database, "INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, now() + interval '1 day')", [
        'A'.repeat(43),
        id,
      ]),
    ).rejects.toMatchObject({ code: '23514' });
  });

  test('the audit log is append-only: no UPDATE, no TRUNCATE, DELETE only past 24 months', async () => {
    const [{ id: young }] = (await query<{ id: number }>(
      database,
      "INSERT INTO audit_log (actor, action) VALUES ('Dolores', 'sign_in') RETURNING id::int",
    )) as [{ id: number }];
    const [{ id: old }] = (await query<{ id: number }>(
      database,
      "INSERT INTO audit_log (at, actor, action) VALUES (now() - interval '25 months', 'Dolores', 'sign_in') RETURNING id::int",
    )) as [{ id: number }];
    await expect(query(database, "UPDATE audit_log SET actor = 'Mallory' WHERE id = $1", [young])).rejects.toMatchObject({
      code: '42501',
    });
    await expect(query(database, 'DELETE FROM audit_log WHERE id = $1', [young])).rejects.toMatchObject({ code: '42501' });
    await expect(query(database, 'TRUNCATE audit_log')).rejects.toMatchObject({ code: '42501' });
    await query(database, 'DELETE FROM audit_log WHERE id = $1', [old]);
    expect(await query(database, 'SELECT id::int FROM audit_log WHERE id IN ($1, $2)', [young, old])).toEqual([{ id: young }]);
  });

  test('the audit log refuses a detail naming a secret', async () => {
    await expect(
      query(database, "INSERT INTO audit_log (actor, action, detail) VALUES ('Dolores', 'sign_in', '{\"password\": \"x\"}')"),
    ).rejects.toMatchObject({ code: '23514' });
  });
});
