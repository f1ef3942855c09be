import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import availability from '../../netlify/functions/availability';
import bookings from '../../netlify/functions/bookings';
import contact from '../../netlify/functions/contact';
import type { Handler } from '../../netlify/lib/http/endpoint';
import { migrationLabels } from '../../netlify/lib/migrations';
import { HONEYPOT_FIELD } from '@shared/schemas/honeypot';
import { bridgeTo, call, databases, freshDatabase, get, postJson, query, type FreshDatabase } from '../api/support';
import { booking as reservation, clock, inquiry as validInquiry } from '../fixtures';

// Values no code or fixture would print by accident: if any of them shows up in the output, a log leaked it.
const PII = {
  firstName: 'Zebulon',
  lastName: 'Quixotic-Pemberton',
  email: 'zebulon.pii@example.org',
  phone: '(512) 555-7788',
  eventLocation: 'Hidden Ranch Road 42',
  message: 'Gate code SECRET-9931, ask for Aunt Philippa',
  clientName: 'Philomena Trask',
  clientEmail: 'philomena.pii@example.net',
};
const LEAK_MARKERS = [...Object.values(PII), 'Zebulon', 'Quixotic', 'zebulon.pii', '555-7788', '5557788', 'SECRET-9931', 'Philippa', 'Philomena', 'Trask', 'philomena.pii'];

const date = clock.day(30);
const inquiry = validInquiry({
  firstName: PII.firstName,
  lastName: PII.lastName,
  email: PII.email,
  phone: PII.phone,
  eventLocation: PII.eventLocation,
  message: PII.message,
});
const booking = reservation({ date, timeSlot: 'morning', clientName: PII.clientName, clientEmail: PII.clientEmail });

type Case = [label: string, handler: Handler, request: () => Request, status: number];
const cases: Case[] = [
  ['an accepted inquiry', contact, () => postJson('/api/contact', inquiry), 201],
  ['an inquiry with an invalid field', contact, () => postJson('/api/contact', { ...inquiry, guestCount: PII.phone }), 400],
  ['an inquiry that is not JSON', contact, () => postJson('/api/contact', `firstName=${PII.firstName}&email=${PII.email}`), 400],
  ['an inquiry that is too large', contact, () => postJson('/api/contact', { ...inquiry, message: `${PII.message} ${'x'.repeat(20_000)}` }), 413],
  ['an inquiry sent as a form post', contact, () => postJson('/api/contact', `email=${PII.email}`, { 'content-type': 'application/x-www-form-urlencoded' }), 415],
  ['a bot inquiry', contact, () => postJson('/api/contact', { ...inquiry, [HONEYPOT_FIELD]: PII.email }), 201],
  ['an accepted booking', bookings, () => postJson('/api/bookings', booking), 201],
  ['a booking of a taken slot', bookings, () => postJson('/api/bookings', booking), 409],
  ['a booking with an invalid e-mail', bookings, () => postJson('/api/bookings', { ...booking, clientEmail: PII.clientName }), 400],
  ['a bot booking', bookings, () => postJson('/api/bookings', { ...booking, timeSlot: 'evening', [HONEYPOT_FIELD]: 'x' }), 201],
  ['a wrong method carrying personal data in the query', contact, () => get(`/api/contact?email=${encodeURIComponent(PII.email)}`), 405],
  ['an availability read with personal data in the query', availability, () => get(`/api/availability/${date}?name=${PII.clientName}`), 200],
];

let output: string[] = [];

/** Collects everything written to the console or straight to stdout/stderr while the handlers run. */
function captureOutput(): void {
  output = [];
  for (const method of ['log', 'info', 'warn', 'error', 'debug', 'trace'] as const) {
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      output.push(args.map((arg) => (typeof arg === 'string' ? arg : JSON.stringify(arg, Object.getOwnPropertyNames(arg ?? {})))).join(' '));
    });
  }
  for (const stream of [process.stdout, process.stderr]) {
    vi.spyOn(stream, 'write').mockImplementation((chunk: unknown) => {
      output.push(String(chunk));
      return true;
    });
  }
}

function expectNoPersonalData(lines: string[]): void {
  const leaks = lines.filter((line) => LEAK_MARKERS.some((marker) => line.includes(marker)));
  expect(leaks, 'personal data in the logs').toEqual([]);
}

/** The one line a request logs: its id and outcome, nothing else. */
function expectOneOutcomeLine(lines: string[], status: number): void {
  expect(lines).toHaveLength(1);
  const entry = JSON.parse(lines[0]!) as Record<string, unknown>;
  expect(Object.keys(entry).every((key) => ['at', 'requestId', 'endpoint', 'method', 'status', 'ms', 'failure', 'honeypot', 'schemaBehind'].includes(key))).toBe(true);
  expect(entry).toMatchObject({ status, requestId: expect.stringMatching(/^test-/) });
}

describe.each(databases)('logs on $name', (database) => {
  beforeAll(async () => {
    vi.stubEnv('DATABASE_URL', database.url);
    vi.stubEnv('NEON_WS_PROXY', database.wsProxy);
    // The cases run in order: the second booking of the same slot must meet the first one.
    await query(database, 'TRUNCATE contact_inquiries, inquiry_notes, bookings, proposals, payments, event_details, sale_reminders');
  });
  afterAll(() => {
    vi.unstubAllEnvs();
  });
  beforeEach(captureOutput);
  afterEach(() => {
    vi.restoreAllMocks();
  });

  test.each(cases)('%s: one line with the request id and outcome, no personal data', async (_label, handler, request, status) => {
    const response = await call(handler, request());
    expect(response.status).toBe(status);
    expectOneOutcomeLine(output, status);
    expectNoPersonalData(output);
  });
});

describe('logs when the database fails', () => {
  let broken: FreshDatabase;
  let unmigrated: FreshDatabase;
  const nowhere = 'postgres://postgres@127.0.0.1:9/postgres';
  let nowhereBridge: Awaited<ReturnType<typeof bridgeTo>>;
  beforeAll(async () => {
    // A database whose schema_migrations claims every migration but holds none of the tables: every write fails
    // inside Postgres (a bug, not an outage, nor a schema behind the code), so the answer is 500.
    broken = await freshDatabase(databases[0]!);
    await query(broken, 'CREATE TABLE schema_migrations (version text PRIMARY KEY)');
    for (const label of await migrationLabels()) {
      await query(broken, 'INSERT INTO schema_migrations VALUES ($1)', [label.slice(0, label.indexOf('_'))]);
    }
    // Nothing applied: the schema is behind the code, an operator's step away from working, so the answer is 503.
    unmigrated = await freshDatabase(databases[0]!);
    nowhereBridge = await bridgeTo(nowhere);
  });
  afterAll(async () => {
    await broken.drop();
    await unmigrated.drop();
    await nowhereBridge.stop();
  });
  beforeEach(captureOutput);
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  });

  test.each([
    ['a failing query (500)', () => ({ url: broken.url, wsProxy: broken.wsProxy }), 500],
    ['an unmigrated database (503)', () => ({ url: unmigrated.url, wsProxy: unmigrated.wsProxy }), 503],
    ['an unreachable database (503)', () => ({ url: nowhere, wsProxy: nowhereBridge.wsProxy }), 503],
  ] as const)('%s: the failure kind is logged, never the values', async (_label, where, status) => {
    const { url, wsProxy } = where();
    vi.stubEnv('DATABASE_URL', url);
    vi.stubEnv('NEON_WS_PROXY', wsProxy);
    for (const [handler, request] of [
      [contact, () => postJson('/api/contact', inquiry)],
      [bookings, () => postJson('/api/bookings', booking)],
    ] as const) {
      output = [];
      const response = await call(handler, request());
      expect(response.status).toBe(status);
      expectOneOutcomeLine(output, status);
      // An error class name, with the SQLSTATE when Postgres gave one (e.g. "error 42P01"): never a message.
      expect(JSON.parse(output[0]!).failure).toMatch(/^[A-Za-z]+( [0-9A-Z]{5})?$/);
      expectNoPersonalData(output);
      // The visitor's answer carries no internals either.
      const body = JSON.stringify(await response.json());
      expect(body).not.toMatch(/relation|contact_inquiries|bookings|SELECT|INSERT|ECONN|127\.0\.0\.1/i);
    }
  });
});

describe('the leak detector', () => {
  test('catches personal data in a log line', () => {
    expect(() => expectNoPersonalData([JSON.stringify({ requestId: 'x', email: PII.email })])).toThrow();
    expect(() => expectNoPersonalData(['{"requestId":"x","status":201}'])).not.toThrow();
  });
});
