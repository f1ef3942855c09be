import { join } from 'node:path';
// Netlify's own bundler: it reads each function's `config` statically, and silently drops a rateLimit it cannot parse.
import { getTrafficRulesConfig } from '@netlify/zip-it-and-ship-it/dist/rate_limit.js';
import { parseFile } from '@netlify/zip-it-and-ship-it/dist/runtimes/node/in_source_config/index.js';
import { describe, expect, test } from 'vitest';
import availability, { config as availabilityConfig } from '../../netlify/functions/availability';
import bookings, { config as bookingsConfig } from '../../netlify/functions/bookings';
import contact, { config as contactConfig } from '../../netlify/functions/contact';
import { addDaysUtc, todayUtc } from '../../src/schemas/dates';
import { HONEYPOT_FIELD } from '../../src/schemas/honeypot';
import { call, databases, get, postJson, query, useDatabase } from '../api/support';

const FUNCTIONS = join(import.meta.dirname, '..', '..', 'netlify', 'functions');

const inquiry = {
  firstName: 'Dolly',
  lastName: 'Rivera',
  email: 'dolly@example.com',
  phone: '(512) 555-0199',
  eventType: 'wedding',
  guestCount: '120',
  eventDate: '2027-04-17',
  eventLocation: 'Austin, TX',
  message: 'Ranch wedding.',
};
const date = addDaysUtc(todayUtc(), 21);
const booking = { date, timeSlot: 'afternoon', clientName: 'Hank Porter', clientEmail: 'hank@example.com', eventType: 'birthday' };

/** The shape of a JSON value: key names and value types, recursively (what a bot could compare). */
function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shapeOf);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, shapeOf(inner)]));
  }
  return typeof value;
}

describe('rate limits, as Netlify reads them from the functions', () => {
  test.each([
    ['contact', contactConfig],
    ['bookings', bookingsConfig],
  ] as const)('%s: at most 10 requests a minute per IP address (and site), then 429', async (name, exported) => {
    const { config } = await parseFile(join(FUNCTIONS, `${name}.ts`), { functionName: name });
    // What the bundler extracted is exactly what the module exports (nothing was dropped as unparseable).
    expect(config.rateLimit).toEqual(exported.rateLimit);
    expect(getTrafficRulesConfig(config.rateLimit!)).toEqual({
      action: {
        type: 'rate_limit',
        config: {
          rateLimitConfig: { windowLimit: 10, windowSize: 60, algorithm: 'sliding_window' },
          aggregate: { keys: [{ type: 'ip' }, { type: 'domain' }] },
        },
      },
    });
  });

  test('reading availability is not limited: a visitor may click through many dates', async () => {
    const { config } = await parseFile(join(FUNCTIONS, 'availability.ts'), { functionName: 'availability' });
    expect(config.rateLimit).toBeUndefined();
    expect(availabilityConfig.rateLimit).toBeUndefined();
  });
});

describe.each(databases)('the honeypot on $name', (database) => {
  useDatabase(database);

  const bots = ['http://spam.example', '  buy now  ', 'x', 42, true];

  test.each(bots)('an inquiry with %j in the hidden field gets the normal 201 { id } and is not stored', async (value) => {
    const person = await call(contact, postJson('/api/contact', { ...inquiry, [HONEYPOT_FIELD]: '' }));
    const bot = await call(contact, postJson('/api/contact', { ...inquiry, [HONEYPOT_FIELD]: value }));
    expect(bot.status).toBe(person.status);
    expect([...bot.headers.keys()]).toEqual([...person.headers.keys()]);
    const [personBody, botBody] = [await person.json(), await bot.json()];
    expect(shapeOf(botBody)).toEqual(shapeOf(personBody));
    expect((botBody as { id: string }).id).not.toBe((personBody as { id: string }).id);
    const rows = await query<{ id: string }>(database, 'SELECT id FROM contact_inquiries');
    expect(rows.map((row) => row.id)).toEqual([(personBody as { id: string }).id]);
  });

  test.each(bots)('a booking with %j in the hidden field gets the normal 201 { booking }, holds nothing, and a person can still book the slot', async (value) => {
    const bot = await call(bookings, postJson('/api/bookings', { ...booking, [HONEYPOT_FIELD]: value }));
    expect(bot.status).toBe(201);
    const botBody = (await bot.json()) as { booking: Record<string, unknown> };
    expect(await query(database, 'SELECT id FROM bookings')).toEqual([]);
    const free = await call(availability, get(`/api/availability/${date}`));
    expect(await free.json()).toEqual({ date, availableSlots: ['morning', 'afternoon', 'evening'] });

    const person = await call(bookings, postJson('/api/bookings', booking));
    expect(person.status).toBe(201);
    const personBody = (await person.json()) as { booking: Record<string, unknown> };
    expect(shapeOf(botBody)).toEqual(shapeOf(personBody));
    const { id: _botId, createdAt: _a, updatedAt: _b, ...botRest } = botBody.booking;
    const { id: _personId, createdAt: _c, updatedAt: _d, ...personRest } = personBody.booking;
    expect(botRest).toEqual(personRest);
  });

  test('an empty or blank hidden field is a person: the inquiry is stored', async () => {
    for (const value of ['', '   ', null]) {
      expect((await call(contact, postJson('/api/contact', { ...inquiry, [HONEYPOT_FIELD]: value }))).status).toBe(201);
    }
    expect(await query(database, 'SELECT id FROM contact_inquiries')).toHaveLength(3);
  });

  test('a bot that also sends invalid fields gets the same 400 a person would (the trap gives nothing away)', async () => {
    const person = await call(contact, postJson('/api/contact', { ...inquiry, email: 'nope' }));
    const bot = await call(contact, postJson('/api/contact', { ...inquiry, email: 'nope', [HONEYPOT_FIELD]: 'http://spam.example' }));
    expect(bot.status).toBe(400);
    expect(await bot.json()).toEqual(await person.json());
    expect(await query(database, 'SELECT id FROM contact_inquiries')).toEqual([]);
  });
});
