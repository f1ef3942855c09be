import { describe, expect, test, vi } from 'vitest';
import bookings from '../../netlify/functions/bookings';
import contact from '../../netlify/functions/contact';
import type { Handler } from '../../netlify/lib/http/endpoint';
import type { BookingInput } from '@shared/schemas/booking';
import { addDaysUtc, todayUtc } from '@shared/schemas/dates';
import { HONEYPOT_FIELD } from '@shared/schemas/honeypot';
import type { InquiryInput } from '@shared/schemas/inquiry';
import { call, oneEngine, headersOf, postJson, query, useDatabase } from '../api/support';
import type { TestDatabase } from '../setup/database';
import { inquiry as fixtureInquiry } from '../fixtures';

// A bot that filled the honeypot must not be able to tell: the decoy answers exactly what a person sending the same
// request would get (status, headers, body shape and, for refusals, the very same body). Whether it also answers in
// comparable time is a figure of `npm run bench:timing` (a busy machine bends a timing ratio, not a behaviour).

const BOT = { [HONEYPOT_FIELD]: 'http://spam.example' };
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

function reservation(n: number, email: string): BookingInput {
  return {
    date: addDaysUtc(todayUtc(), 50 + Math.floor(n / 3)),
    timeSlot: (['morning', 'afternoon', 'evening'] as const)[n % 3]!,
    clientName: 'Hank Porter',
    clientEmail: email,
    eventType: 'birthday',
  };
}

/** The fixtures' inquiry, made distinct by `n`. */
function inquiry(n: number): InquiryInput {
  return fixtureInquiry({ lastName: `Rivera ${n}`, email: `dolly${n}@example.com` });
}

type Answer = { status: number; headers: Record<string, string>; body: unknown };

async function send(handler: Handler, path: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await call(handler, postJson(path, body, headers));
  return { status: response.status, headers: headersOf(response), body: await response.json() };
}

/** The structure of a JSON value: its object keys (recursively) and the type of each leaf. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shape);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, shape(item)]));
  }
  return value === null ? 'null' : typeof value;
}

async function rowCount(database: TestDatabase, table: string): Promise<number> {
  const [row] = await query<{ n: number }>(database, `SELECT count(*)::int AS n FROM ${table}`);
  return row!.n;
}

describe.each(oneEngine)('the honeypot decoy on $name', (database) => {
  useDatabase(database);

  test('a free slot: 201 with a booking of the same shape and the same headers; nothing is held', async () => {
    const bot = await send(bookings, '/api/bookings', { ...reservation(0, 'bot@example.com'), ...BOT });
    const person = await send(bookings, '/api/bookings', reservation(0, 'hank@example.com'));
    expect(bot.status).toBe(201);
    expect(person.status).toBe(201);
    expect(bot.headers).toEqual(person.headers);
    expect(shape(bot.body)).toEqual(shape(person.body));
    const made = (bot.body as { booking: Record<string, unknown> }).booking;
    expect(made).toMatchObject({ ...reservation(0, 'bot@example.com'), isAvailable: false });
    expect(made.id).toMatch(UUID_V4);
    expect((person.body as { booking: { id: string } }).booking.id).toMatch(UUID_V4);
    expect(await query(database, 'SELECT client_email FROM bookings')).toEqual([{ client_email: 'hank@example.com' }]);
  });

  test("a bot's request runs a person's work and undoes it: no row, cancel token, mail or budget unit stays", async () => {
    await query(database, 'TRUNCATE booking_cancel_tokens, outbox');
    const client = { 'x-nf-client-connection-ip': '203.0.113.9' };
    expect((await send(bookings, '/api/bookings', { ...reservation(0, 'bot@example.com'), ...BOT }, client)).status).toBe(201);
    expect((await send(contact, '/api/contact', { ...inquiry(0), ...BOT }, client)).status).toBe(201);
    for (const table of ['bookings', 'booking_cancel_tokens', 'contact_inquiries', 'outbox', 'client_throttle']) {
      expect(await rowCount(database, table), table).toBe(0);
    }
    // The slot the bot "took" is still free for a person.
    expect((await send(bookings, '/api/bookings', reservation(0, 'hank@example.com'), client)).status).toBe(201);
  });

  test('a held slot: the same 409 slot_taken, byte for byte', async () => {
    expect((await send(bookings, '/api/bookings', reservation(0, 'first@example.com'))).status).toBe(201);
    const person = await send(bookings, '/api/bookings', reservation(0, 'hank@example.com'));
    const bot = await send(bookings, '/api/bookings', { ...reservation(0, 'hank@example.com'), ...BOT });
    expect(person.status).toBe(409);
    expect(bot).toEqual(person);
    expect(await rowCount(database, 'bookings')).toBe(1);
  });

  test('an address at its hold limit: the same 422 hold_limit_reached', async () => {
    for (let n = 0; n < 3; n += 1) {
      expect((await send(bookings, '/api/bookings', reservation(n, 'hank@example.com'))).status).toBe(201);
    }
    const person = await send(bookings, '/api/bookings', reservation(3, 'hank@example.com'));
    const bot = await send(bookings, '/api/bookings', { ...reservation(3, 'HANK@example.com'), ...BOT });
    expect(person.status).toBe(422);
    expect(bot).toEqual(person);
    expect(await rowCount(database, 'bookings')).toBe(3);
  });

  test('an inquiry: 201 { id } with a fresh v4 id and the same headers; nothing is stored', async () => {
    const bot = await send(contact, '/api/contact', { ...inquiry(0), ...BOT });
    const person = await send(contact, '/api/contact', inquiry(1));
    expect(bot.status).toBe(201);
    expect(bot.headers).toEqual(person.headers);
    expect(shape(bot.body)).toEqual(shape(person.body));
    expect((bot.body as { id: string }).id).toMatch(UUID_V4);
    expect(await rowCount(database, 'contact_inquiries')).toBe(1);
  });

  test('a repeat with the same Idempotency-Key replays the decoy, as it would a real answer', async () => {
    await query(database, 'TRUNCATE idempotency_keys');
    for (const [handler, path, body] of [
      [bookings, '/api/bookings', { ...reservation(0, 'bot@example.com'), ...BOT }],
      [contact, '/api/contact', { ...inquiry(0), ...BOT }],
    ] as const) {
      const key = crypto.randomUUID();
      const first = await send(handler, path, body, { 'idempotency-key': key });
      const again = await send(handler, path, body, { 'idempotency-key': key });
      expect(first.status).toBe(201);
      expect(again.body).toEqual(first.body);
      expect(again.headers['idempotent-replayed']).toBe('true');
    }
    expect(await rowCount(database, 'bookings')).toBe(0);
    expect(await rowCount(database, 'contact_inquiries')).toBe(0);
  });

  test('counts each caught request in its log line (honeypot: true), with nothing the bot typed', async () => {
    const lines: string[] = [];
    vi.mocked(console.log).mockImplementation((line: string) => void lines.push(line));
    const botBooking = { ...reservation(0, 'philomena.bot@example.net'), clientName: 'Philomena Botley', ...BOT };
    const botInquiry = { ...inquiry(0), firstName: 'Philomena', email: 'philomena.bot@example.net', ...BOT };
    const key = crypto.randomUUID();
    await send(bookings, '/api/bookings', botBooking, { 'idempotency-key': key });
    await send(bookings, '/api/bookings', botBooking, { 'idempotency-key': key });
    await send(contact, '/api/contact', botInquiry);
    await send(bookings, '/api/bookings', reservation(1, 'hank@example.com'));
    await send(contact, '/api/contact', inquiry(1));
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries.map((entry) => [entry.endpoint, entry.status, entry.honeypot])).toEqual([
      ['bookings', 201, true],
      ['bookings', 201, true],
      ['contact', 201, true],
      ['bookings', 201, undefined],
      ['contact', 201, undefined],
    ]);
    for (const line of lines) {
      for (const typed of ['philomena', 'Philomena', 'Botley', 'spam.example', key, 'hank@', 'Rivera']) {
        expect(line).not.toContain(typed);
      }
    }
  });
});
