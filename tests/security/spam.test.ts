import { join } from 'node:path';
// Netlify's own bundler: it reads each function's `config` statically, and silently drops a rateLimit it cannot parse.
import { getTrafficRulesConfig } from '@netlify/zip-it-and-ship-it/dist/rate_limit.js';
import { parseFile } from '@netlify/zip-it-and-ship-it/dist/runtimes/node/in_source_config/index.js';
import { describe, expect, test } from 'vitest';
import availability from '../../netlify/functions/availability';
import bookings from '../../netlify/functions/bookings';
import contact from '../../netlify/functions/contact';
import { HONEYPOT_FIELD } from '@shared/schemas/honeypot';
import { call, databases, get, postJson, query, useDatabase } from '../api/support';
import { booking as reservation, clock, inquiry as validInquiry } from '../fixtures';

const FUNCTIONS = join(import.meta.dirname, '..', '..', 'netlify', 'functions');

const inquiry = validInquiry();
const date = clock.day(21);
const booking = reservation({ date, timeSlot: 'afternoon' });

/** The shape of a JSON value: key names and value types, recursively (what a bot could compare). */
function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shapeOf);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, shapeOf(inner)]));
  }
  return typeof value;
}

/** A function's `config` and routes as Netlify's bundler reads them from the source (what is deployed). */
async function deployed(name: string) {
  return parseFile(join(FUNCTIONS, `${name}.ts`), { functionName: name });
}

/** The path parameters of `url` when one of the function's deployed routes serves it, else null. */
async function routedParams(name: string, url: string): Promise<Record<string, string | undefined> | null> {
  const { routes = [] } = await deployed(name);
  const route = routes.find((r) => ('literal' in r ? r.literal === url : new RegExp(r.expression).test(url)));
  if (!route) return null;
  return new URLPattern({ pathname: route.pattern }).exec({ pathname: url })?.pathname.groups ?? {};
}

describe('function routes, as Netlify reads them from the functions', () => {
  test.each([
    ['contact', '/api/contact', {}],
    ['bookings', '/api/bookings', {}],
    ['availability', `/api/availability/${date}`, { date }],
    ['reschedule', '/api/bookings/reschedule', {}],
  ] as const)('%s serves %s, the address the browser calls, with its parameters', async (name, url, params) => {
    expect(await routedParams(name, url)).toEqual(params);
  });

  test.each(['/api/availability/', `/api/availability/${date}/extra`, '/api/availability', '/api/contact'])(
    'availability does not serve %s',
    async (url) => {
      expect(await routedParams('availability', url)).toBeNull();
    },
  );

  test.each([
    ['bookings', '/api/bookings/reschedule'],
    ['reschedule', '/api/bookings'],
    ['reschedule', '/api/bookings/reschedule/extra'],
  ])('%s does not serve %s', async (name, url) => {
    expect(await routedParams(name, url)).toBeNull();
  });
});

describe('rate limits, as Netlify reads them from the functions', () => {
  // What docs/api.md ("Spam and rate limits") promises for the write endpoints: a visitor's few sends go through, a flood from one address
  // meets 429 within a minute. The exact numbers are the functions' to choose within these bounds.
  test.each(['contact', 'bookings', 'reschedule'])('%s: a sliding window of a minute or less per IP address, a handful to a few dozen requests, then 429', async (name) => {
    const { rateLimit } = (await deployed(name)).config;
    // Netlify's bundler silently drops a rateLimit it cannot read statically: it must find this one.
    expect(rateLimit, `Netlify's bundler found no rateLimit in ${name}.ts`).toBeDefined();
    const rule = getTrafficRulesConfig(rateLimit!)!;
    expect(rule.action.type).toBe('rate_limit');
    const { rateLimitConfig, aggregate } = rule.action.config;
    expect(rateLimitConfig.algorithm).toBe('sliding_window');
    expect(rateLimitConfig.windowSize).toBeGreaterThan(0);
    expect(rateLimitConfig.windowSize).toBeLessThanOrEqual(60);
    // Per minute: enough for a visitor fixing a typo or two, too few for a script.
    const perMinute = (rateLimitConfig.windowLimit * 60) / rateLimitConfig.windowSize;
    expect(perMinute).toBeGreaterThanOrEqual(3);
    expect(perMinute).toBeLessThanOrEqual(30);
    // aggregateBy: 'ip' as a plain string is read as per-domain: only the list form limits per address.
    expect(aggregate.keys.map((key) => key.type)).toContain('ip');
  });

  test('reading availability is loosely limited per IP address: a visitor may click through many dates, a flood meets 429', async () => {
    const { rateLimit } = (await deployed('availability')).config;
    expect(rateLimit, "Netlify's bundler found no rateLimit in availability.ts").toBeDefined();
    const { rateLimitConfig, aggregate } = getTrafficRulesConfig(rateLimit!)!.action.config;
    const perMinute = (rateLimitConfig.windowLimit * 60) / rateLimitConfig.windowSize;
    expect(perMinute).toBeGreaterThanOrEqual(30);
    expect(perMinute).toBeLessThanOrEqual(120);
    expect(aggregate.keys.map((key) => key.type)).toContain('ip');
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
