// Signed-in fuzzing of every /api/admin/* route and parameter, with a new random seed every run, printed at the start
// ("admin fuzz: FUZZ_SEED=<n>") and in the summary. To replay a run:
//   FUZZ_SEED=<n> npx vitest run --project security tests/security/admin-fuzz.test.ts
// FUZZ_RUNS sets the number of requests per route and database (default 25: a few seconds per database), e.g.
// FUZZ_RUNS=2000 to hunt. Every answer must be under 500; a value that cannot be real must get a 400 in the one
// error shape, and a real one its 200. The verdicts come from rules written out here (code points, day counts, the
// cursor's text), not from the shared schemas, so the schemas are checked too.
import fc from 'fast-check';
import { afterAll, describe, expect, test } from 'vitest';
import blocks from '../../netlify/functions/admin-blocks';
import cancel from '../../netlify/functions/admin-booking-cancel';
import bookingsAdmin from '../../netlify/functions/admin-bookings';
import inquiries from '../../netlify/functions/admin-inquiries';
import inquiriesCsv from '../../netlify/functions/admin-inquiries-csv';
import inquirySearch from '../../netlify/functions/admin-inquiries-search';
import agenda from '../../netlify/functions/admin-agenda';
import calendarFeed from '../../netlify/functions/admin-calendar-feed';
import inquiryNotes from '../../netlify/functions/admin-inquiry-notes';
import inquiryOpened from '../../netlify/functions/admin-inquiry-opened';
import inquiryStatus from '../../netlify/functions/admin-inquiry-status';
import mail from '../../netlify/functions/admin-mail';
import paymentVoid from '../../netlify/functions/admin-payment-void';
import payments from '../../netlify/functions/admin-payments';
import paymentsCsv from '../../netlify/functions/admin-payments-csv';
import session from '../../netlify/functions/admin-session';
import type { Handler } from '../../netlify/lib/http/endpoint';
import { isApiErrorBody } from '@shared/schemas/api-error';
import { addDaysUtc, todayUtc } from '@shared/schemas/dates';
import { callWith, deskRequest, ownerCookie, resetOwnerTables } from '../api/admin-support';
import { oneEngine, query, useDatabase } from '../api/support';
import { HOSTILE_STRINGS, longString } from './hostile';

const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);
console.info(`admin fuzz: FUZZ_SEED=${SEED} (replay: FUZZ_SEED=${SEED} npx vitest run --project security tests/security/admin-fuzz.test.ts)`);

/** The lead pipeline's statuses, written out apart from the schema. */
const STATUSES = ['new', 'contacted', 'quoted', 'booked', 'declined'];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const today = todayUtc();

// ---------------------------------------------------------------------------------------------------------------
// The rules, written out apart from the schemas.

const isControl = (cp: number) => cp <= 0x1f || (cp >= 0x7f && cp <= 0x9f);

/** A calendar day written YYYY-MM-DD (surrounding spaces aside), by building the day and reading it back. */
function isRealDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const at = new Date(0);
  at.setUTCFullYear(year, month - 1, day);
  return at.getUTCFullYear() === year && at.getUTCMonth() === month - 1 && at.getUTCDate() === day;
}

/** A cursor this site could have written: base64url (its one spelling) of a real instant from year 1, `|`, a uuid. */
function isRealCursor(value: unknown): boolean {
  if (typeof value !== 'string' || !/^[A-Za-z0-9_-]{1,200}$/.test(value)) return false;
  const bytes = Buffer.from(value, 'base64url');
  if (bytes.toString('base64url') !== value) return false;
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.\d{6}Z\|(.*)$/s.exec(bytes.toString('latin1'));
  if (!match || !UUID.test(match[7]!)) return false;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as number[] as [number, number, number, number, number, number];
  const at = new Date(0);
  at.setUTCFullYear(year, month - 1, day);
  at.setUTCHours(hour, minute, second);
  return (
    year >= 1 &&
    [at.getUTCFullYear(), at.getUTCMonth() + 1, at.getUTCDate(), at.getUTCHours(), at.getUTCMinutes(), at.getUTCSeconds()].join() ===
      [year, month, day, hour, minute, second].join()
  );
}

/** A search term the desk may send: text, at most 200 characters once trimmed, no control character or lone surrogate. */
function isSearchTerm(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const term = value.trim();
  return term.length <= 200 && term.isWellFormed() && ![...term].some((char) => isControl(char.codePointAt(0)!));
}

// ---------------------------------------------------------------------------------------------------------------
// Generators.

const CONTROLS = [...Array.from({ length: 32 }, (_, cp) => cp), 0x7f, 0x85, 0x9f].map((cp) => String.fromCodePoint(cp));

const realDate = fc.integer({ min: -400, max: 800 }).map((days) => addDaysUtc(today, days));
const strangeDate = fc.constantFrom(
  "2027-01-01'--", '2027-02-30', '2027-02-29', '2028-02-29', '2027-13-01', '2027-00-10', '2027-01-32', '0000-01-01',
  '0000-02-29', '9999-12-31', '9999-12-01', '2027-1-1', ' 2027-01-01 ', '２０２７-01-01', '2027-01-01T00:00:00Z',
  '+2027-01-01', '-2027-01-01', '2027-01-01\u0000', '2027/01/01', '',
);

/** Text that should never reach the database as a value: controls, SQL, long runs, odd unicode. */
const hostileValue: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc
    .tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...CONTROLS), fc.string({ maxLength: 8 }))
    .map(([before, control, after]) => `${before}${control}${after}`),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(longString(5000), longString(201, 'é'), longString(200, 'ñ'), `${' '.repeat(300)}x`, "' OR 1=1 --", '\\', '%', '_'),
  strangeDate,
  realDate,
);

/** A status filter or change: a real status, or anything else. */
const statusValue = fc.oneof(fc.constantFrom(...STATUSES), hostileValue);

/** A cursor's text of any timestamp, real or not, and any id. */
const forgedCursor = fc
  .record({
    year: fc.integer({ min: 0, max: 9999 }),
    month: fc.integer({ min: 0, max: 14 }),
    day: fc.integer({ min: 0, max: 33 }),
    hour: fc.integer({ min: 0, max: 25 }),
    minute: fc.integer({ min: 0, max: 61 }),
    second: fc.integer({ min: 0, max: 61 }),
    id: fc.oneof({ weight: 4, arbitrary: fc.uuid() }, { weight: 1, arbitrary: fc.constantFrom('not-a-uuid', 'ABCDEF00-0000-4000-8000-000000000000') }),
  })
  .map(({ year, month, day, hour, minute, second, id }) => {
    const two = (n: number) => String(n).padStart(2, '0');
    const text = `${String(year).padStart(4, '0')}-${two(month)}-${two(day)}T${two(hour)}:${two(minute)}:${two(second)}.123456Z|${id}`;
    return Buffer.from(text).toString('base64url');
  });

/** Cursors: written by the server (filled in per database), forged, mangled, hostile. */
function cursorValue(written: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...written) },
    { weight: 4, arbitrary: forgedCursor },
    { weight: 1, arbitrary: fc.constantFrom(...written).map((cursor) => `${cursor}A`) },
    { weight: 1, arbitrary: fc.constantFrom(...written).map((cursor) => `${cursor.slice(0, -1)}${cursor.endsWith('A') ? 'B' : 'A'}`) },
    { weight: 2, arbitrary: hostileValue },
  );
}

/** One query parameter: its name, its value, and whether the value goes into the address percent-encoded or as is. */
type Param = { name: string; value: string; raw: boolean };

function params(names: readonly string[], value: fc.Arbitrary<string>): fc.Arbitrary<Param[]> {
  return fc.array(
    fc.record({
      name: fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...names) }, { weight: 1, arbitrary: fc.constantFrom('x', '__proto__', 'constructor', 'Q', 'q[]', '') }),
      value,
      raw: fc.boolean(),
    }),
    { maxLength: 4 },
  );
}

/** The query string of `list`: raw values go in as typed ('%00' arrives as a NUL), the others percent-encoded. */
function search(list: Param[]): string {
  const pairs = list.map(({ name, value, raw }) => {
    const text = raw ? value.replace(/[#&]/g, '') : encodeURIComponent(value.toWellFormed());
    return `${encodeURIComponent(name)}=${text}`;
  });
  return pairs.length ? `?${pairs.join('&')}` : '';
}

/** A JSON body: an object of the given fields (each sometimes missing or of another type), or not an object at all. */
function body(fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<unknown> {
  const wrongType = fc.oneof(fc.constant(null), fc.boolean(), fc.integer(), fc.array(fc.string(), { maxLength: 2 }), fc.object({ maxDepth: 1 }));
  const entries = Object.fromEntries(
    Object.entries(fields).map(([name, value]) => [name, fc.oneof({ weight: 6, arbitrary: value }, { weight: 1, arbitrary: wrongType })]),
  );
  return fc.oneof(
    { weight: 8, arbitrary: fc.record(entries, { requiredKeys: [] }) },
    { weight: 1, arbitrary: fc.record({ ...entries, extra: hostileValue }, { requiredKeys: [] }) },
    { weight: 1, arbitrary: wrongType },
  );
}

const pathSegment = fc.oneof(
  { weight: 2, arbitrary: fc.uuid() },
  // '.' and '..' would be resolved away by the URL itself, never reaching the function.
  { weight: 3, arbitrary: hostileValue.map((value) => encodeURIComponent(value.toWellFormed())).filter((id) => !['', '.', '..'].includes(id)) },
  { weight: 1, arbitrary: fc.constantFrom('%00', '%zz', '%', 'NULL', "1'--", '00000000-0000-0000-0000-00000000000g') },
);

// ---------------------------------------------------------------------------------------------------------------
// The requests and what each must get.

/** What a request must be answered: its 200/201, a 400 in the error shape, or (no rule here) anything under 500. */
type Verdict = 'ok' | 'bad' | 'any';
type Case = { route: string; handler: Handler; request: Request; verdict: Verdict; notFound?: boolean };

const stats = new Map<string, { runs: number; serverErrors: number; statuses: Map<number, number> }>();

afterAll(() => {
  const lines = [...stats].map(([label, entry]) => {
    const statuses = [...entry.statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`);
    return `  ${label}: ${entry.runs} requests, ${entry.serverErrors} answered 5xx (${statuses.join(', ')})`;
  });
  console.info(`admin fuzz (FUZZ_SEED=${SEED}, ${RUNS} requests per route and database):\n${lines.join('\n')}`);
});

async function check(kase: Case, label: string): Promise<void> {
  const response = await callWith(kase.handler, kase.request);
  const entry = stats.get(label) ?? { runs: 0, serverErrors: 0, statuses: new Map() };
  entry.runs += 1;
  if (response.status >= 500) entry.serverErrors += 1;
  entry.statuses.set(response.status, (entry.statuses.get(response.status) ?? 0) + 1);
  stats.set(label, entry);
  const what = `${kase.request.method} ${kase.request.url}`;
  expect(response.status, `${what}: a server error`).toBeLessThan(500);
  const type = response.headers.get('content-type') ?? '';
  const answer: unknown = type.startsWith('text/csv') ? await response.text() : await response.json();
  if (response.status >= 400) {
    expect(isApiErrorBody(answer), `${what}: not the error shape: ${JSON.stringify(answer)}`).toBe(true);
    expect(Object.keys(answer as object)).toEqual(['error']);
  }
  if (kase.verdict === 'ok') expect(response.status, `${what} should be answered: ${JSON.stringify(answer)}`).toBeLessThan(300);
  if (kase.verdict === 'bad') {
    expect(response.status, `${what} should be refused`).toBe(400);
    expect(['invalid_fields', 'invalid_cursor', 'invalid_json']).toContain((answer as { error: { code: string } }).error.code);
  }
  if (kase.notFound) expect([400, 404], `${what}: a malformed id`).toContain(response.status);
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
}

/** Every route's generator of requests, with its verdict. `written` holds cursors the server wrote. */
function routes(cookie: string, written: string[]): Record<string, fc.Arbitrary<Case>> {
  const get = (path: string) => deskRequest('GET', path, { cookie });
  const post = (path: string, sent: unknown) => deskRequest('POST', path, { cookie, body: JSON.stringify(sent) ?? 'null' });
  const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
  return {
    'GET /api/admin/inquiries': params(['cursor', 'q', 'status'], fc.oneof(cursorValue(written), statusValue)).map((list): Case => {
      const request = get(`/api/admin/inquiries${search(list)}`);
      const query = new URL(request.url).searchParams;
      const cursors = query.getAll('cursor');
      const statuses = query.getAll('status');
      const badCursor = cursors.length > 1 || (cursors.length === 1 && !isRealCursor(cursors[0]));
      const badStatus = statuses.length > 1 || (statuses.length === 1 && !STATUSES.includes(statuses[0]!));
      const verdict = query.has('q') || badCursor || badStatus ? 'bad' : 'ok';
      return { route: 'GET /api/admin/inquiries', handler: inquiries, request, verdict };
    }),
    'POST /api/admin/inquiries/search': body({ q: hostileValue, status: statusValue, cursor: cursorValue(written) }).map((sent): Case => {
      const verdict =
        isObject(sent) &&
        isSearchTerm(sent.q) &&
        (sent.status === undefined || STATUSES.includes(sent.status as string)) &&
        (sent.cursor === undefined || isRealCursor(sent.cursor))
          ? 'ok'
          : 'bad';
      return { route: 'POST search', handler: inquirySearch, request: post('/api/admin/inquiries/search', sent), verdict };
    }),
    'GET /api/admin/inquiries.csv': params(['q'], hostileValue).map((list): Case => {
      const request = get(`/api/admin/inquiries.csv${search(list)}`);
      return { route: 'GET csv', handler: inquiriesCsv, request, verdict: new URL(request.url).searchParams.has('q') ? 'bad' : 'ok' };
    }),
    'POST /api/admin/inquiries.csv': body({ q: hostileValue }).map((sent): Case => {
      const verdict = isObject(sent) && isSearchTerm(sent.q) ? 'ok' : 'bad';
      return { route: 'POST csv', handler: inquiriesCsv, request: post('/api/admin/inquiries.csv', sent), verdict };
    }),
    'GET /api/admin/bookings': fc
      .oneof(
        // A real range (up to 800 days long, so sometimes too long), then now and then a parameter more.
        fc
          .tuple(realDate, fc.integer({ min: -5, max: 800 }), params(['from', 'to'], fc.oneof(realDate, strangeDate, hostileValue)))
          .map(([from, days, extra]): Param[] => [
            { name: 'from', value: from, raw: false },
            { name: 'to', value: addDaysUtc(from, days), raw: false },
            ...extra.slice(0, extra.length % 2),
          ]),
        params(['from', 'to'], fc.oneof(realDate, strangeDate, hostileValue)),
      )
      .map((list): Case => {
      const request = get(`/api/admin/bookings${search(list)}`);
      const query = new URL(request.url).searchParams;
      const [from, to] = [query.getAll('from'), query.getAll('to')];
      const range = from.length === 1 && to.length === 1 && isRealDate(from[0]!) && isRealDate(to[0]!);
      const days = range ? (Date.parse(`${to[0]!.trim()}T00:00:00Z`) - Date.parse(`${from[0]!.trim()}T00:00:00Z`)) / 86_400_000 : -1;
      return { route: 'GET bookings', handler: bookingsAdmin, request, verdict: days >= 0 && days <= 731 ? 'ok' : 'bad' };
    }),
    'POST /api/admin/blocks': body({ date: fc.oneof(realDate, strangeDate, hostileValue), timeSlot: fc.oneof(fc.constantFrom('morning', 'afternoon', 'evening', 'all'), hostileValue) }).map(
      (sent): Case => {
        const refused = !isObject(sent) || typeof sent.date !== 'string' || !isRealDate(sent.date);
        return { route: 'POST blocks', handler: blocks, request: post('/api/admin/blocks', sent), verdict: refused ? 'bad' : 'any' };
      },
    ),
    'POST /api/admin/blocks (a range)': body({
      from: fc.oneof(realDate, strangeDate, hostileValue),
      to: fc.oneof(realDate, strangeDate, hostileValue),
      timeSlot: fc.oneof(fc.constantFrom('morning', 'afternoon', 'evening', 'all'), hostileValue),
      note: hostileValue,
    }).map((sent): Case => {
      const refused = !isObject(sent) || typeof sent.from !== 'string' || !isRealDate(sent.from);
      return { route: 'POST blocks range', handler: blocks, request: post('/api/admin/blocks', sent), verdict: refused ? 'bad' : 'any' };
    }),
    'GET /api/admin/blocks and /api/admin/agenda': fc.tuple(fc.boolean(), params(['from', 'to', 'q', 'cursor'], hostileValue)).map(([toBlocks, list]): Case =>
      toBlocks
        ? { route: 'GET blocks', handler: blocks, request: get(`/api/admin/blocks${search(list)}`), verdict: 'ok' }
        : { route: 'GET agenda', handler: agenda, request: get(`/api/admin/agenda${search(list)}`), verdict: 'ok' },
    ),
    'POST /api/admin/inquiries/{id}/status': fc.tuple(pathSegment, body({ status: statusValue })).map(([id, sent]): Case => ({
      route: 'POST inquiry status',
      handler: inquiryStatus,
      request: post(`/api/admin/inquiries/${id}/status`, sent),
      verdict: 'any',
      notFound: !UUID.test(id),
    })),
    'POST /api/admin/inquiries/{id}/notes': fc.tuple(pathSegment, body({ text: hostileValue })).map(([id, sent]): Case => ({
      route: 'POST inquiry notes',
      handler: inquiryNotes,
      request: post(`/api/admin/inquiries/${id}/notes`, sent),
      verdict: 'any',
      notFound: !UUID.test(id),
    })),
    'POST /api/admin/inquiries/{id}/opened': pathSegment.map((id): Case => ({
      route: 'POST inquiry opened',
      handler: inquiryOpened,
      request: post(`/api/admin/inquiries/${id}/opened`, {}),
      verdict: 'any',
      notFound: !UUID.test(id),
    })),
    '/api/admin/calendar-feed': fc.tuple(fc.constantFrom('GET', 'POST', 'DELETE'), params(['token', 'q'], hostileValue)).map(([method, list]): Case => ({
      route: `${method} calendar feed`,
      handler: calendarFeed,
      request: deskRequest(method, `/api/admin/calendar-feed${search(list)}`, method === 'POST' ? { cookie, body: '{}' } : { cookie }),
      verdict: 'ok',
    })),
    'DELETE /api/admin/blocks/{id}': pathSegment.map((id): Case => ({
      route: 'DELETE blocks',
      handler: blocks,
      request: deskRequest('DELETE', `/api/admin/blocks/${id}`, { cookie }),
      verdict: 'any',
      notFound: !UUID.test(id),
    })),
    'POST /api/admin/bookings/{id}/cancel': fc.tuple(pathSegment, body({ reason: hostileValue })).map(([id, sent]): Case => ({
      route: 'POST cancel',
      handler: cancel,
      request: post(`/api/admin/bookings/${id}/cancel`, sent),
      verdict: 'any',
      notFound: !UUID.test(id),
    })),
    'POST /api/admin/proposals/{id}/payments': fc
      .tuple(
        pathSegment,
        body({
          amountCents: fc.oneof(fc.integer({ min: -5, max: 200_000_000 }), fc.double(), hostileValue),
          method: fc.oneof(fc.constantFrom('cash', 'check', 'zelle', 'venmo', 'card_elsewhere', 'other'), hostileValue),
          receivedOn: fc.oneof(realDate, strangeDate, hostileValue),
          reference: hostileValue,
        }),
        fc.oneof(fc.uuid(), hostileValue.map((value) => value.replace(/[^ -~]/g, '').slice(0, 300))),
      )
      .map(([id, sent, key]): Case => ({
        route: 'POST payments',
        handler: payments,
        request: deskRequest('POST', `/api/admin/proposals/${id}/payments`, { cookie, body: JSON.stringify(sent) ?? 'null', headers: { 'idempotency-key': key } }),
        verdict: 'any',
        notFound: !UUID.test(id),
      })),
    'GET /api/admin/proposals/{id}/payments': pathSegment.map((id): Case => ({
      route: 'GET payments',
      handler: payments,
      request: get(`/api/admin/proposals/${id}/payments`),
      verdict: 'any',
      notFound: !UUID.test(id),
    })),
    'POST /api/admin/payments/{id}/void': fc.tuple(pathSegment, body({ reason: hostileValue })).map(([id, sent]): Case => ({
      route: 'POST payment void',
      handler: paymentVoid,
      request: post(`/api/admin/payments/${id}/void`, sent),
      verdict: 'any',
      notFound: !UUID.test(id),
    })),
    'GET /api/admin/payments.csv': fc
      .oneof(
        params(['from', 'to', 'q'], fc.oneof(realDate, strangeDate, hostileValue)),
        // A real range half the time, so the CSV itself is written too.
        fc.tuple(realDate, realDate).map(([a, b]): Param[] => [
          { name: 'from', value: a < b ? a : b, raw: false },
          { name: 'to', value: a < b ? b : a, raw: false },
        ]),
      )
      .map((list): Case => {
        const request = get(`/api/admin/payments.csv${search(list)}`);
        const query = new URL(request.url).searchParams;
        const dates = ['from', 'to'].map((name) => query.getAll(name));
        // A range needs one real date each side; anything else is a 400 (a real range may still be too long: a 400 too).
        const refused = dates.some((values) => values.length !== 1 || !isRealDate(values[0]!));
        return { route: 'GET payments csv', handler: paymentsCsv, request, verdict: refused ? 'bad' : 'any' };
      }),
    'POST /api/admin/mail/{id}/retry': pathSegment.map((id): Case => ({
      route: 'POST mail retry',
      handler: mail,
      request: post(`/api/admin/mail/${id}/retry`, {}),
      verdict: 'any',
      notFound: !UUID.test(id),
    })),
    'GET /api/admin/mail and /api/admin/session': fc
      .tuple(fc.boolean(), params(['id', 'q', 'cursor'], hostileValue))
      .map(([toMail, list]): Case =>
        toMail
          ? { route: 'GET mail', handler: mail, request: get(`/api/admin/mail${search(list)}`), verdict: 'ok' }
          : { route: 'GET session', handler: session, request: get(`/api/admin/session${search(list)}`), verdict: 'ok' },
      ),
  };
}

describe.each(oneEngine)('signed-in fuzzing of the owner API on $name', (database) => {
  useDatabase(database);
  resetOwnerTables(database);

  test('every route and parameter: never a 5xx; a value that cannot be real is a 400 in the one error shape', async () => {
    // 120 inquiries: two pages of cursors the server wrote, of the list and of a search.
    await query(
      database,
      `INSERT INTO contact_inquiries (first_name, last_name, email, phone, event_type, guest_count, event_date, event_location, created_at)
       SELECT 'Fuzz' || n, 'Porter', 'fuzz' || n || '@example.com', '5125550100', 'other', '5', '2027-01-01', 'Waco',
         now() - make_interval(secs => n) FROM generate_series(1, 120) AS n`,
    );
    const cookie = await ownerCookie(database);
    const written: string[] = [];
    for (const request of [
      deskRequest('GET', '/api/admin/inquiries', { cookie }),
      deskRequest('POST', '/api/admin/inquiries/search', { cookie, body: { q: 'porter' } }),
    ]) {
      const page = (await (await callWith(request.method === 'GET' ? inquiries : inquirySearch, request)).json()) as { nextCursor: string };
      expect(page.nextCursor).toEqual(expect.any(String));
      written.push(page.nextCursor);
    }
    for (const [label, requests] of Object.entries(routes(cookie, written))) {
      await fc.assert(
        fc.asyncProperty(requests, (kase) => check(kase, `${label} on ${database.name}`)),
        { seed: SEED, numRuns: RUNS },
      );
    }
  }, 300_000);
});
