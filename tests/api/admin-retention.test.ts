import { beforeEach, describe, expect, test, vi } from 'vitest';
import retention, { config } from '../../netlify/functions/retention';
import { withDatabase } from '../../netlify/lib/db';
import { RETENTION_RULES, applyRetention, type RetentionReport } from '../../netlify/lib/jobs/retention';
import { createOwner, resetOwnerTables } from './admin-support';
import { call, oneEngine, query, useDatabase } from './support';

const run = () => new Request('http://localhost:8888/.netlify/functions/retention', { method: 'POST' });

const nothing = Object.fromEntries(RETENTION_RULES.map((rule) => [rule.name, 0])) as RetentionReport;

/** An outbox row in `status`, labelled by its subject; `times` sets sent_at, next_attempt_at (a failed row's last try), created_at. */
function outboxRow(label: string, status: string, times: { sent?: string; lastAttempt?: string; created?: string }): string {
  const at = (age: string | undefined) => (age ? `now() - interval '${age}'` : 'NULL');
  return `INSERT INTO outbox (id, kind, to_addresses, subject, text_body, html_body, message_id, status, attempts, sent_at,
            next_attempt_at, created_at)
          VALUES (gen_random_uuid(), 'inquiry_client', '[{"name":"","address":"x@example.com"}]', '${label}',
            '${status === 'held' ? '' : 't'}', '${status === 'held' ? '' : 'h'}',
            '<' || gen_random_uuid() || '@lonestar.example>', '${status}', 1, ${at(times.sent)}, ${times.lastAttempt ? at(times.lastAttempt) : 'now()'},
            ${times.created ? at(times.created) : 'now()'})`;
}

/** A cancel token labelled by the first character of its hash. */
function tokenRow(label: string, expires: string, used: string | null): string {
  return `INSERT INTO booking_cancel_tokens (token_hash, booking_id, expires_at, used_at)
          VALUES (repeat('${label}', 64), gen_random_uuid(), now() + interval '${expires}',
            ${used ? `now() - interval '${used}'` : 'NULL'})`;
}

/** A booking labelled by its client's name, `offset` from today (Texas time) less 24 months. */
function bookingRow(label: string, offset: string): string {
  return `INSERT INTO bookings (date, time_slot, is_available, client_name, client_email, event_type)
          VALUES (to_char((now() AT TIME ZONE 'America/Chicago')::date - interval '24 months' + interval '${offset}', 'YYYY-MM-DD'),
                  'evening', false, '${label}', 'x@example.com', 'other')`;
}

// Per rule: rows just inside its cutoff (labelled "keep…") and just past it ("drop…"), and how to list the labels left.
const CASES: Array<{ rule: keyof RetentionReport; seed: string[]; left: string; owner?: boolean }> = [
  {
    rule: 'idempotencyKeys',
    seed: [
      `INSERT INTO idempotency_keys (endpoint, key, request_hash, response_status, response_body, expires_at)
       VALUES ('bookings', 'keep', repeat('a', 64), 201, '{}', now() + interval '1 minute'),
              ('bookings', 'drop', repeat('a', 64), 201, '{}', now() - interval '1 minute')`,
    ],
    left: 'SELECT key AS label FROM idempotency_keys',
  },
  {
    rule: 'clientThrottles',
    seed: [
      `INSERT INTO client_throttle (scope, client_key, window_start, window_end, used)
       VALUES ('holds_per_ip', repeat('a', 64), now() - interval '1 day', now() + interval '1 minute', 3),
              ('idempotency_keys_per_ip', repeat('b', 64), now() - interval '1 hour 1 minute', now() - interval '1 minute', 9)`,
    ],
    left: "SELECT CASE left(client_key, 1) WHEN 'a' THEN 'keep' ELSE 'drop' END AS label FROM client_throttle",
  },
  {
    rule: 'sessions',
    owner: true,
    seed: [
      ['keepAbsolute', '1 hour', '1 minute'],
      ['dropAbsolute', '1 hour', '-1 minute'],
      ['keepIdle', '11 hours 59 minutes', '3 days'],
      ['dropIdle', '12 hours 1 minute', '3 days'],
    ].map(
      ([label, seen, expires], index) =>
        `INSERT INTO sessions (token_hash, user_id, created_at, last_seen_at, expires_at)
         SELECT repeat('${'abcd'[index]}', 64), id, now() - interval '6 days', now() - interval '${seen}', now() + interval '${expires}'
           FROM users LIMIT 1`,
    ),
    left: `SELECT CASE left(token_hash, 1) WHEN 'a' THEN 'keepAbsolute' WHEN 'b' THEN 'dropAbsolute' WHEN 'c' THEN 'keepIdle'
             ELSE 'dropIdle' END AS label FROM sessions`,
  },
  {
    rule: 'ownerDevices',
    owner: true,
    seed: [
      `INSERT INTO owner_devices (token_hash, user_id, created_at, expires_at)
       SELECT repeat(label, 64), (SELECT id FROM users LIMIT 1), now() - interval '1 year', now() + interval
       FROM (VALUES ('a', interval '1 minute'), ('b', interval '-1 minute')) AS devices (label, interval)`,
    ],
    left: "SELECT CASE left(token_hash, 1) WHEN 'a' THEN 'keep' ELSE 'drop' END AS label FROM owner_devices",
  },
  {
    rule: 'signInThrottles',
    seed: [
      `INSERT INTO sign_in_throttle (username_key, failures, last_failure_at)
       VALUES ('keep', 3, now() - interval '23 hours 59 minutes'), ('drop', 3, now() - interval '24 hours 1 minute')`,
    ],
    left: 'SELECT username_key AS label FROM sign_in_throttle',
  },
  {
    rule: 'cancelTokens',
    seed: [
      tokenRow('a', '-23 hours -59 minutes', null),
      tokenRow('b', '-24 hours -1 minute', null),
      tokenRow('c', '30 days', '23 hours 59 minutes'),
      tokenRow('d', '30 days', '24 hours 1 minute'),
    ],
    left: `SELECT CASE left(token_hash, 1) WHEN 'a' THEN 'keepExpired' WHEN 'b' THEN 'dropExpired' WHEN 'c' THEN 'keepSpent'
             ELSE 'dropSpent' END AS label FROM booking_cancel_tokens`,
  },
  {
    rule: 'reminderMarks',
    seed: [
      ['keep', '60 days 23 hours'],
      ['drop', '61 days 1 hour'],
    ].map(
      ([label, age]) =>
        `INSERT INTO booking_reminders (booking_id, sequence, days_before, queued_at)
         VALUES (gen_random_uuid(), ${label === 'keep' ? 0 : 1}, 7, now() - interval '${age}')`,
    ),
    left: "SELECT CASE sequence WHEN 0 THEN 'keep' ELSE 'drop' END AS label FROM booking_reminders",
  },
  {
    rule: 'sentMail',
    seed: [
      outboxRow('keep', 'sent', { sent: '29 days 23 hours', lastAttempt: '29 days 23 hours', created: '40 days' }),
      outboxRow('drop', 'sent', { sent: '30 days 1 hour', lastAttempt: '30 days 1 hour', created: '40 days' }),
      outboxRow('keepPending', 'pending', { created: '90 days' }),
    ],
    left: "SELECT subject AS label FROM outbox WHERE status NOT IN ('failed', 'held')",
  },
  {
    rule: 'failedMail',
    seed: [
      outboxRow('keep', 'failed', { lastAttempt: '29 days 23 hours', created: '40 days' }),
      outboxRow('drop', 'failed', { lastAttempt: '30 days 1 hour', created: '40 days' }),
    ],
    left: "SELECT subject AS label FROM outbox WHERE status = 'failed'",
  },
  {
    rule: 'heldMail',
    seed: [
      outboxRow('keep', 'held', { created: '29 days 23 hours' }),
      outboxRow('drop', 'held', { created: '30 days 1 hour' }),
    ],
    left: "SELECT subject AS label FROM outbox WHERE status = 'held'",
  },
  {
    rule: 'inquiries',
    seed: [
      ['keep', '23 months 29 days'],
      ['drop', '24 months 1 day'],
    ].map(
      ([label, age]) =>
        `INSERT INTO contact_inquiries (first_name, last_name, email, phone, event_type, guest_count, event_date,
           event_location, created_at)
         VALUES ('${label}', 'Porter', 'hank@example.com', '5125550100', 'other', '5', '2027-01-01', 'Waco',
           now() - interval '${age}')`,
    ),
    left: 'SELECT first_name AS label FROM contact_inquiries',
  },
  {
    rule: 'bookings',
    seed: [bookingRow('keep', '0 days'), bookingRow('drop', '-1 day')],
    left: 'SELECT client_name AS label FROM bookings',
  },
  {
    rule: 'auditEntries',
    seed: [
      `INSERT INTO audit_log (at, actor, action)
       VALUES (now() - interval '24 months' + interval '1 hour', 'keep', 'sign_in'),
              (now() - interval '24 months' - interval '1 hour', 'drop', 'sign_in')`,
    ],
    left: "SELECT actor AS label FROM audit_log WHERE actor IN ('keep', 'drop')",
  },
];

describe('retention config', () => {
  test('runs every hour as a scheduled function', () => {
    expect(config).toEqual({ schedule: '@hourly' });
  });

  test('has a case below for every rule', () => {
    expect(CASES.map((entry) => entry.rule).sort()).toEqual(RETENTION_RULES.map((rule) => rule.name).sort());
  });
});

describe.each(oneEngine)('retention on $name', (database) => {
  useDatabase(database);
  resetOwnerTables(database);
  beforeEach(async () => {
    await query(database, 'TRUNCATE outbox, booking_cancel_tokens, idempotency_keys, client_throttle');
    // Entries kept by an earlier test are old enough to go only once they are past 24 months: none of them are.
    await query(database, "DELETE FROM audit_log WHERE actor IN ('keep', 'drop') AND at < now() - interval '24 months'");
  });

  const direct = (now: Date) =>
    withDatabase(undefined, (db) => applyRetention(db, now), { config: { url: database.url, wsProxy: database.wsProxy } });

  test.each(CASES)('$rule: a row just inside its cutoff stays, one just past it goes', async ({ rule, seed, left, owner }) => {
    if (owner) await createOwner(database);
    for (const sql of seed) await query(database, sql);
    const before = await query<{ label: string }>(database, left);
    const report = await direct(new Date());
    expect(report[rule]).toBe(before.filter((row) => row.label.startsWith('drop')).length);
    const after = (await query<{ label: string }>(database, left)).map((row) => row.label).sort();
    expect(after).toEqual(before.map((row) => row.label).filter((label) => !label.startsWith('drop')).sort());
    expect(after.length).toBeGreaterThan(0);
  });

  test('the function answers 204 and logs one line of counts per rule, never a row’s content', async () => {
    await createOwner(database);
    for (const { seed } of CASES) for (const sql of seed) await query(database, sql);
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const response = await call(retention, run());
    expect(response.status).toBe(204);
    const lines = log.mock.calls.map((args) => String(args[0]));
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(entry).toEqual({
      at: expect.any(String),
      requestId: expect.any(String),
      scheduled: 'retention',
      ms: expect.any(Number),
      idempotencyKeys: 1,
      clientThrottles: 1,
      ownerDevices: 1,
      sessions: 2,
      signInThrottles: 1,
      cancelTokens: 2,
      reminderMarks: 1,
      sentMail: 1,
      failedMail: 1,
      heldMail: 1,
      inquiries: 1,
      bookings: 1,
      auditEntries: 1,
    });
    expect(lines.join('\n')).not.toMatch(/Porter|example\.com|keep|drop/);
    // A second run finds nothing more to do.
    expect(await direct(new Date())).toEqual(nothing);
  });

  test('two overlapping runs delete each row once between them and both succeed', async () => {
    await createOwner(database);
    for (const { seed } of CASES) for (const sql of seed) await query(database, sql);
    const [first, second] = await Promise.all([direct(new Date()), direct(new Date())]);
    for (const rule of RETENTION_RULES) {
      expect(first[rule.name] + second[rule.name]).toBe({ sessions: 2, cancelTokens: 2 }[rule.name as string] ?? 1);
    }
    expect(await direct(new Date())).toEqual(nothing);
  });

  test('a clock ahead of the database never makes it delete young audit entries (the table would refuse)', async () => {
    const future = new Date(Date.now() + 30 * 31 * 86_400_000);
    const report = await direct(future);
    expect(report.auditEntries).toBe(0);
  });
});
