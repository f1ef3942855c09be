import ICAL from 'ical.js';
import { describe, expect, test, vi } from 'vitest';
import adminFeed from '../../netlify/functions/admin-calendar-feed';
import feed from '../../netlify/functions/calendar-feed';
import { slotWindow } from '@shared/time-slots';
import type { TimeSlotKey } from '@shared/schemas/booking';
import { clock } from '../fixtures';
import { setOwnerPassword } from '../../netlify/lib/owner/users';
import { OWNER, auditMark, auditSince, callWith, deskRequest, hashOnce, ownerCookie, resetOwnerTables } from './admin-support';
import { withKeptConnection } from '../../scripts/lib/shared-harness/kept-connection';
import { call, databases, get, query, useDatabase } from './support';

type Db = (typeof databases)[number];

const HOSTILE_NAME = 'Porter, Hank; "Boss" \\ O\'Neil 🍹 Ünïcödé';
const LONG_PLACE = `${'Bluebonnet Ranch, Old Spanish Trail; gate 4 \\ '.repeat(4)}Fredericksburg`;

/** Inserts a held reservation directly (tests only: the API's own writes live in netlify/lib/bookings). */
async function seedReservation(
  database: Db,
  row: { date: string; slot: TimeSlotKey; name?: string; sequence?: number; cancelled?: boolean; details?: boolean },
): Promise<string> {
  const [inserted] = await query<{ id: string }>(
    database,
    `INSERT INTO bookings (date, time_slot, kind, client_name, client_email, event_type, is_available, cancelled_at,
       cancelled_by, sequence, phone, guest_count, event_location)
     VALUES ($1, $2, 'reservation', $3, 'client@example.com', 'wedding', $4, CASE WHEN $4 THEN now() END,
       CASE WHEN $4 THEN 'owner' END, $5, $6, $7, $8)
     RETURNING id`,
    [
      row.date,
      row.slot,
      row.name ?? 'Hank Porter',
      row.cancelled ?? false,
      row.sequence ?? 0,
      row.details === false ? null : '(512) 555-0142',
      row.details === false ? null : 120,
      row.details === false ? null : LONG_PLACE,
    ],
  );
  return inserted!.id;
}

async function seedBlock(database: Db, date: string, slots: TimeSlotKey[], note: string | null): Promise<string> {
  const blockId = crypto.randomUUID();
  for (const slot of slots) {
    await query(
      database,
      `INSERT INTO bookings (date, time_slot, kind, is_available, block_id, block_note) VALUES ($1, $2, 'block', false, $3, $4)`,
      [date, slot, blockId, note],
    );
  }
  return blockId;
}

async function createFeed(cookie: string): Promise<string> {
  const response = await callWith(adminFeed, deskRequest('POST', '/api/admin/calendar-feed', { cookie }));
  expect(response.status).toBe(201);
  const { url } = (await response.json()) as { url: string };
  return url;
}

/** The path part of a feed URL, as a GET the calendar app would send (no cookie). */
function fetchFeed(url: string): Promise<Response> {
  return call(feed, get(new URL(url).pathname));
}

/** The feed's events, read by a real iCalendar parser (its VTIMEZONE registered, as a calendar app does). */
function parseFeed(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text));
  const zone = calendar.getFirstSubcomponent('vtimezone');
  if (zone) ICAL.TimezoneService.register(zone);
  return { calendar, events: calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent)) };
}

describe.each(databases)('the owner’s calendar feed on $name', (database) => {
  useDatabase(database);
  resetOwnerTables(database);

  test('answers 401 to POST, DELETE and GET on the admin endpoint when signed out', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const response = await callWith(adminFeed, deskRequest(method, '/api/admin/calendar-feed'));
      expect(response.status, method).toBe(401);
    }
  });

  test('POST answers a URL whose GET is 200 text/calendar, kept out of shared caches', async () => {
    const cookie = await ownerCookie(database);
    const url = await createFeed(cookie);
    expect(url).toMatch(/^http:\/\/localhost:8888\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const response = await fetchFeed(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(response.headers.get('cache-control')).toMatch(/^private\b/);
    expect(response.headers.get('cache-control')).toContain('no-store');
    const text = await response.text();
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    // Every line ends CRLF, none longer than 75 octets.
    for (const line of text.split('\r\n').slice(0, -1)) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  test('GET on the admin endpoint says whether a feed is active, never its URL', async () => {
    const cookie = await ownerCookie(database);
    const before = await callWith(adminFeed, deskRequest('GET', '/api/admin/calendar-feed', { cookie }));
    expect(await before.json()).toEqual({ active: false });
    const url = await createFeed(cookie);
    const after = await callWith(adminFeed, deskRequest('GET', '/api/admin/calendar-feed', { cookie }));
    const body = await after.text();
    expect(JSON.parse(body)).toMatchObject({ active: true, createdAt: expect.any(String) });
    expect(body).not.toContain(new URL(url).pathname.split('/').at(-1)!.replace('.ics', ''));
    const [row] = await query<{ token_hash: string }>(database, 'SELECT token_hash FROM calendar_feeds');
    expect(row!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(url).not.toContain(row!.token_hash);
  });

  test('POST again rotates: the old URL answers 404, the new one 200; DELETE revokes it (404)', async () => {
    const cookie = await ownerCookie(database);
    const mark = await auditMark(database);
    const first = await createFeed(cookie);
    const second = await createFeed(cookie);
    expect(second).not.toBe(first);
    expect((await fetchFeed(first)).status).toBe(404);
    expect((await fetchFeed(second)).status).toBe(200);
    const revoked = await callWith(adminFeed, deskRequest('DELETE', '/api/admin/calendar-feed', { cookie }));
    expect(revoked.status).toBe(200);
    expect((await fetchFeed(second)).status).toBe(404);
    const entries = await auditSince(database, mark);
    expect(entries.map((entry) => [entry.actor, entry.action])).toEqual([
      ['Dolores', 'calendar_feed_created'],
      ['Dolores', 'calendar_feed_rotated'],
      ['Dolores', 'calendar_feed_revoked'],
    ]);
    expect(JSON.stringify(entries)).not.toContain(new URL(second).pathname.split('/').at(-1)!.replace('.ics', ''));
  });

  test('a password reset (owner:add --reset) revokes the feed: its URL answers 404 like a revoked one, and the audit says why', async () => {
    const cookie = await ownerCookie(database);
    const url = await createFeed(cookie);
    expect((await fetchFeed(url)).status).toBe(200);
    const mark = await auditMark(database);
    const reset = await withKeptConnection(database, async (db) =>
      setOwnerPassword(db, OWNER.username, await hashOnce(OWNER.password), { reset: true }),
    );
    expect(reset).toEqual({ outcome: 'reset', username: 'Dolores', sessionsRevoked: 1, calendarFeedRevoked: true });
    const answer = async (path: string) => {
      const response = await call(feed, get(path));
      return { status: response.status, body: await response.text() };
    };
    const never = `/api/calendar/${'A'.repeat(43)}.ics`;
    expect(await answer(new URL(url).pathname)).toEqual(await answer(never));
    expect((await fetchFeed(url)).status).toBe(404);
    expect(await query(database, 'SELECT user_id FROM calendar_feeds')).toEqual([]);
    const entries = await auditSince(database, mark);
    expect(entries.map((entry) => [entry.action, entry.detail])).toEqual([
      ['calendar_feed_revoked', { reason: 'password_reset' }],
      ['password_set', { reset: true, sessionsRevoked: 1 }],
    ]);
    // A second reset finds no feed to revoke and says nothing about one.
    const again = await withKeptConnection(database, async (db) =>
      setOwnerPassword(db, OWNER.username, await hashOnce(OWNER.password), { reset: true }),
    );
    expect(again).toMatchObject({ outcome: 'reset', calendarFeedRevoked: false });
  });

  test('a wrong, malformed or revoked token gets the same bare 404, without a cookie mattering', async () => {
    const cookie = await ownerCookie(database);
    const url = await createFeed(cookie);
    const token = new URL(url).pathname.split('/').at(-1)!.replace('.ics', '');
    const wrong = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    const answers = await Promise.all(
      [`/api/calendar/${wrong}.ics`, '/api/calendar/short.ics', `/api/calendar/${token}x.ics`, `/api/calendar/${'%2F'.repeat(15)}.ics`].map(
        async (path) => {
          const response = await call(feed, get(path));
          return { status: response.status, type: response.headers.get('content-type'), body: await response.text() };
        },
      ),
    );
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect(answers[0]!.status).toBe(404);
    expect(answers[0]!.body).not.toContain('token');
  });

  test('the token never reaches a log line', async () => {
    const cookie = await ownerCookie(database);
    const lines: string[] = [];
    const url = await createFeed(cookie);
    const keep = (...args: unknown[]) => void lines.push(args.map(String).join(' '));
    vi.mocked(console.log).mockImplementation(keep);
    for (const method of ['info', 'warn', 'error', 'debug'] as const) vi.spyOn(console, method).mockImplementation(keep);
    for (const stream of [process.stdout, process.stderr]) {
      vi.spyOn(stream, 'write').mockImplementation((chunk: unknown) => {
        lines.push(String(chunk));
        return true;
      });
    }
    await fetchFeed(url);
    await createFeed(cookie).then(fetchFeed);
    await fetchFeed(url);
    const token = new URL(url).pathname.split('/').at(-1)!.replace('.ics', '');
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(lines.filter((line) => line.includes(token) || line.includes('/api/calendar/'))).toEqual([]);
  });

  test('holds every held reservation and block of the window, with stable UIDs, SEQUENCE and Texas times', async () => {
    const cookie = await ownerCookie(database);
    const dates = { soon: clock.day(10), later: clock.day(100), farther: clock.day(200), past: clock.day(-25) };
    const ids = {
      soon: await seedReservation(database, { date: dates.soon, slot: 'evening', sequence: 2 }),
      later: await seedReservation(database, { date: dates.later, slot: 'morning', name: HOSTILE_NAME }),
      farther: await seedReservation(database, { date: dates.farther, slot: 'afternoon', details: false }),
      past: await seedReservation(database, { date: dates.past, slot: 'evening' }),
      cancelled: await seedReservation(database, { date: clock.day(11), slot: 'evening', cancelled: true, name: 'Gone Away' }),
      tooOld: await seedReservation(database, { date: clock.day(-40), slot: 'evening', name: 'Too Old' }),
      tooFar: await seedReservation(database, { date: clock.day(745), slot: 'evening', name: 'Too Far' }),
    };
    const wholeDay = await seedBlock(database, clock.day(20), ['morning', 'afternoon', 'evening'], 'Family reunion');
    const split = await seedBlock(database, clock.day(21), ['morning', 'evening'], null);

    const url = await createFeed(cookie);
    const firstText = await (await fetchFeed(url)).text();
    const { calendar, events } = parseFeed(firstText);
    expect(calendar.getFirstPropertyValue('x-wr-timezone')).toBe('America/Chicago');
    const byUid = new Map(events.map((event) => [event.uid, event]));
    const host = 'localhost';

    // Cancelled, and outside 30 days back to two years ahead: absent.
    for (const name of ['Gone Away', 'Too Old', 'Too Far']) expect(firstText).not.toContain(name);
    expect(byUid.has(`booking-${ids.cancelled}@${host}`)).toBe(false);
    expect(byUid.has(`booking-${ids.tooOld}@${host}`)).toBe(false);
    expect(byUid.has(`booking-${ids.tooFar}@${host}`)).toBe(false);

    const reservations = [
      [ids.soon, dates.soon, 'evening', 2],
      [ids.farther, dates.farther, 'afternoon', 0],
      [ids.later, dates.later, 'morning', 0],
      [ids.past, dates.past, 'evening', 0],
    ] as const;
    const offsets = new Set<number>();
    for (const [id, date, slot, sequence] of reservations) {
      const event = byUid.get(`booking-${id}@${host}`);
      expect(event, id).toBeDefined();
      expect(event!.sequence).toBe(sequence);
      expect(event!.startDate.zone?.tzid).toBe('America/Chicago');
      const window = slotWindow(date, slot);
      expect(event!.startDate.toJSDate().toISOString()).toBe(window.start.toISOString());
      expect(event!.endDate.toJSDate().toISOString()).toBe(window.end.toISOString());
      offsets.add(event!.startDate.utcOffset());
    }
    // 10, 100 and 200 days apart: both sides of a daylight-saving change are covered.
    expect(offsets.size).toBe(2);
    // Details a client did not give are said to be missing, never left as a blank label.
    expect(byUid.get(`booking-${ids.farther}@${host}`)!.description).toContain('Guests: not given');
    expect(byUid.get(`booking-${ids.farther}@${host}`)!.location).toBeNull();

    const soon = byUid.get(`booking-${ids.soon}@${host}`)!;
    expect(soon.summary).toBe('Evening · Hank Porter · Wedding');
    expect(soon.description.split('\n')).toEqual([
      'Client: Hank Porter',
      'Event: Wedding',
      'Guests: 120',
      'Phone: (512) 555-0142',
      `Location: ${LONG_PLACE}`,
      'Owner’s desk: http://localhost:8888/admin#bookings',
    ]);
    expect(soon.location).toBe(LONG_PLACE);
    expect(soon.component.getFirstPropertyValue('url')).toBe('http://localhost:8888/admin#bookings');

    // A name holding , ; \ " and emoji reads back exactly: escaped, folded, never a new property.
    const hostile = byUid.get(`booking-${ids.later}@${host}`)!;
    expect(hostile.summary).toBe(`Morning · ${HOSTILE_NAME} · Wedding`);
    expect(hostile.description).toContain(`Client: ${HOSTILE_NAME}`);

    // Blocks: a whole day is one all-day event; morning and evening without the afternoon are two events.
    const blockEvents = events.filter((event) => event.uid.startsWith('block-'));
    const dayOff = blockEvents.find((event) => event.uid === `block-${wholeDay}-${clock.day(20)}-morning@${host}`);
    expect(dayOff?.startDate.isDate).toBe(true);
    expect(dayOff?.startDate.toString()).toBe(clock.day(20));
    expect(dayOff?.summary).toBe('Blocked · Whole day');
    expect(dayOff?.description).toContain('Note: Family reunion');
    const splitEvents = blockEvents.filter((event) => event.uid.startsWith(`block-${split}-`));
    expect(splitEvents.map((event) => [event.summary, event.startDate.toJSDate().toISOString(), event.endDate.toJSDate().toISOString()])).toEqual([
      ['Blocked · Morning', slotWindow(clock.day(21), 'morning').start.toISOString(), slotWindow(clock.day(21), 'morning').end.toISOString()],
      ['Blocked · Evening', slotWindow(clock.day(21), 'evening').start.toISOString(), slotWindow(clock.day(21), 'evening').end.toISOString()],
    ]);

    // A second fetch names the same events by the same UIDs; a raised sequence shows.
    await query(database, 'UPDATE bookings SET sequence = 3 WHERE id = $1', [ids.soon]);
    const again = parseFeed(await (await fetchFeed(url)).text());
    expect(again.events.map((event) => event.uid).sort()).toEqual(events.map((event) => event.uid).sort());
    expect(again.events.find((event) => event.uid === `booking-${ids.soon}@${host}`)!.sequence).toBe(3);
  });
});
