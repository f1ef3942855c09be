import { describe, expect, test, vi } from 'vitest';
import retention, { config } from '../../netlify/functions/retention';
import { withDatabase } from '../../netlify/lib/db';
import { applyRetention } from '../../netlify/lib/owner/retention';
import { createOwner, resetOwnerTables } from './admin-support';
import { call, databases, get, query, useDatabase } from './support';

describe('retention config', () => {
  test('runs daily as a scheduled function', () => {
    expect(config).toEqual({ schedule: '@daily' });
  });
});

describe.each(databases)('retention on $name', (database) => {
  useDatabase(database);
  resetOwnerTables(database);

  async function seedInquiry(name: string, age: string) {
    await query(
      database,
      `INSERT INTO contact_inquiries (first_name, last_name, email, phone, event_type, guest_count, event_date,
         event_location, created_at)
       VALUES ($1, 'Porter', 'hank@example.com', '5125550100', 'other', '5', '2027-01-01', 'Waco', now() - $2::interval)`,
      [name, age],
    );
  }

  async function seedBooking(name: string, monthsFromToday: number) {
    await query(
      database,
      `INSERT INTO bookings (date, time_slot, is_available, client_name, client_email, event_type)
       VALUES (to_char((now() AT TIME ZONE 'America/Chicago')::date + make_interval(months => $2), 'YYYY-MM-DD'),
               'evening', false, $1, 'x@example.com', 'other')`,
      [name, monthsFromToday],
    );
  }

  test('deletes inquiries and bookings past 24 months, expired sessions, stale throttles, old audit entries; logs counts only', async () => {
    await seedInquiry('Old', '24 months 1 day');
    await seedInquiry('Recent', '23 months');
    await seedBooking('Past', -25);
    await seedBooking('LastYear', -12);
    await seedBooking('Future', 3);
    await createOwner(database);
    for (const [digit, seen, expires] of [
      ['a', '1 hour', '-1 minute'], // past its 7 days
      ['b', '13 hours', '3 days'], // idle too long
      ['c', '1 hour', '3 days'], // live
    ] as const) {
      await query(
        database,
        `INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at, expires_at)
         SELECT $1, id, now() - interval '7 days', now() - $2::interval, now() + $3::interval FROM users`,
        [digit.repeat(64), seen, expires],
      );
    }
    await query(
      database,
      `INSERT INTO sign_in_throttle (username_key, failures, last_failure_at)
       VALUES ('stale', 3, now() - interval '2 days'), ('fresh', 3, now() - interval '1 hour')`,
    );
    await query(database, "INSERT INTO audit_log (at, actor, action) VALUES (now() - interval '25 months', 'Dolores', 'sign_in')");
    const [{ n: auditBefore }] = (await query<{ n: number }>(database, 'SELECT count(*)::int AS n FROM audit_log')) as [
      { n: number },
    ];

    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const response = await call(retention, get('/.netlify/functions/retention'));
    expect(response.status).toBe(200);
    const deleted = { inquiries: 1, bookings: 1, sessions: 2, throttles: 1, auditEntries: 1 };
    expect(await response.json()).toEqual({ deleted });
    const lines = log.mock.calls.map((args) => String(args[0]));
    const counts = lines.map((line) => JSON.parse(line) as Record<string, unknown>).find((entry) => 'deletedInquiries' in entry);
    expect(counts).toEqual({
      at: expect.any(String),
      endpoint: 'retention',
      deletedInquiries: 1,
      deletedBookings: 1,
      deletedSessions: 2,
      deletedThrottles: 1,
      deletedAuditEntries: 1,
    });
    expect(lines.join('\n')).not.toMatch(/Old|Past|Porter|example\.com|Dolores/);

    expect(await query(database, 'SELECT first_name FROM contact_inquiries')).toEqual([{ first_name: 'Recent' }]);
    expect(await query(database, 'SELECT client_name FROM bookings ORDER BY date')).toEqual([
      { client_name: 'LastYear' },
      { client_name: 'Future' },
    ]);
    expect(await query(database, 'SELECT left(token_hash, 1) AS t FROM sessions')).toEqual([{ t: 'c' }]);
    expect(await query(database, 'SELECT username_key FROM sign_in_throttle')).toEqual([{ username_key: 'fresh' }]);
    expect(await query(database, 'SELECT count(*)::int AS n FROM audit_log')).toEqual([{ n: auditBefore - 1 }]);

    // A second run finds nothing more to do.
    const again = await withDatabase(undefined, (db) => applyRetention(db, new Date()), {
      config: { url: database.url, wsProxy: database.wsProxy },
    });
    expect(again).toEqual({ inquiries: 0, bookings: 0, sessions: 0, throttles: 0, auditEntries: 0 });
  });

  test('a clock ahead of the database never makes it delete young audit entries (the table would refuse)', async () => {
    const future = new Date(Date.now() + 30 * 31 * 86_400_000);
    const report = await withDatabase(undefined, (db) => applyRetention(db, future), {
      config: { url: database.url, wsProxy: database.wsProxy },
    });
    expect(report.auditEntries).toBe(0);
  });
});
