/**
 * `npm run bench:desk`: how fast the owner's desk gets the first page of each view with a real year of data.
 * Seeds 10,000 inquiries and 2,000 bookings into a fresh embedded database (temporary directory) and, when
 * TEST_DATABASE_URL names a PostgreSQL server, into a fresh database there too; then calls the admin functions
 * in-process with a signed-in session, exactly as Netlify would (a new connection per request, session check, query,
 * JSON). Prints p50/p99 per view and database side by side; the target is p99 under 50 ms on both. Figures only;
 * bounded loops.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { withDatabase, type Queryable } from '../netlify/lib/db';
import type { DatabaseConfig } from '../netlify/lib/env';
import type { Handler } from '../netlify/lib/http/endpoint';
import { migrate } from '../netlify/lib/migrations';
import { SESSION_COOKIE, createSession } from '../netlify/lib/owner/sessions';
import { addDaysUtc, todayUtc } from '@shared/schemas/dates';
import { percentile } from './lib/bench-stats';
import { newDatabaseOn } from './lib/shared-harness/database';
import { startEmbeddedDatabase } from './lib/shared-harness/embedded-db';

/** Inquiries seeded before timing: about a busy year's worth. */
const INQUIRIES = 10_000;
/** Bookings seeded before timing. */
const BOOKINGS = 2_000;
const WARM_UP = 20;
const RUNS = 200;
const TARGET_P99_MS = 50;
const SITE = 'http://localhost:8888';

function print(line = ''): void {
  process.stdout.write(`${line}\n`);
}

type ViewFigures = { label: string; p50: number; p99: number; max: number };

/** Seeds the database at `config`, times each desk view and the queries alone, prints them; the views' figures. */
async function benchDesk(name: string, config: DatabaseConfig): Promise<ViewFigures[]> {
  process.env.DATABASE_URL = config.url;
  process.env.NEON_WS_PROXY = config.wsProxy ?? '';
  await migrate({ config });

  const seeded = performance.now();
  const cookie = await withDatabase(
    undefined,
    async (db) => {
      // 10,000 inquiries over the last two years; one surname in a hundred is "Garcia" (a realistic search).
      await db.query(
        `INSERT INTO contact_inquiries (first_name, last_name, email, phone, event_type, guest_count, event_date,
           event_location, message, created_at)
         SELECT 'Guest' || n, CASE WHEN n % 100 = 0 THEN 'Garcia' ELSE 'Family' || (n % 997) END,
           'guest' || n || '@example.com', '512-555-' || lpad((n % 10000)::text, 4, '0'),
           (ARRAY['wedding', 'private', 'corporate', 'other'])[1 + n % 4], (10 + n % 200)::text,
           to_char(current_date + (n % 365), 'YYYY-MM-DD'), 'Austin, TX', repeat('Message text. ', 1 + n % 40),
           now() - make_interval(secs => n * 6300)
         FROM generate_series(1, $1::int) AS n`,
        [INQUIRIES],
      );
      // 2,000 bookings from a year ago to a year ahead: reservations, a tenth blocks, a fifth released.
      await db.query(
        `INSERT INTO bookings (date, time_slot, is_available, kind, client_name, client_email, event_type,
           cancelled_at, cancelled_by, block_id)
         SELECT to_char(current_date - 365 + (n % 730), 'YYYY-MM-DD'),
           (ARRAY['morning', 'afternoon', 'evening'])[1 + (n / 730) % 3],
           n % 5 = 0, CASE WHEN n % 10 = 3 THEN 'block' ELSE 'reservation' END,
           CASE WHEN n % 10 = 3 THEN NULL ELSE 'Client ' || n END,
           CASE WHEN n % 10 = 3 THEN NULL ELSE 'client' || n || '@example.com' END,
           CASE WHEN n % 10 = 3 THEN NULL ELSE 'birthday' END,
           CASE WHEN n % 5 = 0 THEN now() END, CASE WHEN n % 5 = 0 THEN 'owner' END,
           CASE WHEN n % 10 = 3 THEN gen_random_uuid() END
         FROM generate_series(1, $1::int) AS n`,
        [BOOKINGS],
      );
      await db.query('ANALYZE');
      const { rows } = await db.query<{ id: string }>(
        `INSERT INTO users (username, password)
         VALUES ('owner', '$scrypt$ln=17,r=8,p=1$c29tZXNhbHRzb21lc2FsdA$RdescudvJCsgt3ub+b+dWRWJTmaaJObG2c8DmPO5ZBw')
         RETURNING id`,
      );
      return `${SESSION_COOKIE}=${await createSession(db, rows[0]!.id, new Date())}`;
    },
    { config, queryTimeoutMs: 120_000, statementTimeoutMs: 0 },
  );
  print(`\n== ${name}\nSeeded ${INQUIRIES} inquiries and ${BOOKINGS} bookings in ${Math.round(performance.now() - seeded)} ms.`);

  const inquiries = (await import('../netlify/functions/admin-inquiries')).default;
  const search = (await import('../netlify/functions/admin-inquiries-search')).default;
  const bookings = (await import('../netlify/functions/admin-bookings')).default;
  const agenda = (await import('../netlify/functions/admin-agenda')).default;
  const today = todayUtc();
  // The floor every request pays on this machine: a new connection through the bridge and one trivial statement.
  const floor: Handler = async () => {
    await withDatabase(undefined, (db) => db.query('SELECT 1'));
    return new Response('{}');
  };
  const views: Array<{ label: string; handler: Handler; path: string; q?: string }> = [
    { label: '(floor: connect + SELECT 1)', handler: floor, path: '/' },
    // The desk's first view: what a signed-in owner waits for first.
    { label: 'today & upcoming (agenda)', handler: agenda, path: '/api/admin/agenda' },
    { label: 'inquiries, first page', handler: inquiries, path: '/api/admin/inquiries' },
    { label: 'search garcia (1 in 100)', handler: search, path: '/api/admin/inquiries/search', q: 'garcia' },
    { label: 'search matching nothing', handler: search, path: '/api/admin/inquiries/search', q: 'zebra' },
    { label: 'bookings, next 90 days', handler: bookings, path: `/api/admin/bookings?from=${today}&to=${addDaysUtc(today, 90)}` },
  ];

  // The functions log one line per request; the benchmark prints its own figures.
  const log = console.log;
  console.log = () => {};
  const results: Array<{ label: string; p50: number; p99: number; max: number }> = [];
  try {
    for (const view of views) {
      const times: number[] = [];
      for (let run = 0; run < WARM_UP + RUNS; run += 1) {
        // A search is a same-origin POST with the term in its JSON body, as the desk sends it.
        const request =
          view.q === undefined
            ? new Request(`${SITE}${view.path}`, { headers: { cookie } })
            : new Request(`${SITE}${view.path}`, {
                method: 'POST',
                headers: { cookie, origin: SITE, 'content-type': 'application/json' },
                body: JSON.stringify({ q: view.q }),
              });
        const started = performance.now();
        const response = await view.handler(request, {});
        await response.arrayBuffer();
        const elapsed = performance.now() - started;
        if (response.status !== 200) throw new Error(`${view.label}: status ${response.status}`);
        if (run >= WARM_UP) times.push(elapsed);
      }
      times.sort((a, b) => a - b);
      results.push({ label: view.label, p50: percentile(times, 50), p99: percentile(times, 99), max: times.at(-1)! });
    }
  } finally {
    console.log = log;
  }

  print(`\nFirst page of each desk view, ${RUNS} requests each after ${WARM_UP} warm-up (in-process, new connection per request):`);
  print(`${'view'.padEnd(34)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)}`);
  for (const result of results) {
    print(
      `${result.label.padEnd(34)} ${result.p50.toFixed(1).padStart(8)} ${result.p99.toFixed(1).padStart(8)} ${result.max.toFixed(1).padStart(8)}${result.p99 < TARGET_P99_MS ? '' : '  over target'}`,
    );
  }
  // The same queries on one open connection: what the database itself costs, without connection set-up.
  const { listInquiries } = await import('../netlify/lib/inquiries/read');
  const { listBookings } = await import('../netlify/lib/bookings/read');
  const { readAgenda } = await import('../netlify/lib/desk/agenda');
  const { queueDueReminders } = await import('../netlify/lib/bookings/reminders');
  const { mailConfig } = await import('../netlify/lib/mail/config');
  const benchMail = mailConfig({ SITE_URL: SITE, OWNER_EMAIL: 'owner@example.com', MAIL_FROM: 'bar@example.com' });
  const queries: Array<{ label: string; run: (db: Queryable) => Promise<unknown> }> = [
    { label: 'today & upcoming (agenda)', run: (db) => readAgenda(db, new Date()) },
    { label: 'inquiries, first page', run: (db) => listInquiries(db, { q: '' }) },
    { label: 'inquiries?q=garcia (1 in 100)', run: (db) => listInquiries(db, { q: 'garcia' }) },
    { label: 'inquiries?q= matching nothing', run: (db) => listInquiries(db, { q: 'zebra' }) },
    { label: 'bookings, next 90 days', run: (db) => listBookings(db, { from: today, to: addDaysUtc(today, 90) }) },
    // The scheduled sender's reminder step each run: the scan of the held bookings due soon (all seeded now, so none
    // is due: the steady state of a run between two reminders coming due).
    { label: 'reminders due (scheduled run)', run: (db) => queueDueReminders(db, new Date(), { mail: benchMail }) },
  ];
  print(`\nThe data-layer query alone, on one open connection (${RUNS} runs each):`);
  await withDatabase(
    undefined,
    async (db) => {
      for (const item of queries) {
        const times: number[] = [];
        for (let run = 0; run < WARM_UP + RUNS; run += 1) {
          const started = performance.now();
          await item.run(db);
          if (run >= WARM_UP) times.push(performance.now() - started);
        }
        times.sort((a, b) => a - b);
        print(
          `${item.label.padEnd(34)} ${percentile(times, 50).toFixed(1).padStart(8)} ${percentile(times, 99).toFixed(1).padStart(8)} ${times.at(-1)!.toFixed(1).padStart(8)}`,
        );
      }
    },
    // Fixed limits: these runs take longer together than one request's deadline.
    { config, statementTimeoutMs: 10_000, queryTimeoutMs: 11_000 },
  );
  // The owner's calendar feed (scripts/lib/bench-feed.ts).
  const { benchCalendarFeed } = await import('./lib/bench-feed');
  if (!(await benchCalendarFeed(config, print))) process.exitCode = 1;
  return results;
}

const dir = await mkdtemp(join(tmpdir(), 'lone-star-bench-desk-'));
const embedded = await startEmbeddedDatabase({ dataDir: join(dir, 'pgdata') });
const serverUrl = process.env.TEST_DATABASE_URL?.trim();
const figures: Array<{ name: string; views: ViewFigures[] }> = [];
try {
  const views = await benchDesk('embedded PGlite', { url: embedded.databaseUrl, wsProxy: embedded.wsProxy });
  figures.push({ name: 'embedded', views });
} finally {
  await embedded.stop();
  await rm(dir, { recursive: true, force: true });
}
if (serverUrl) {
  const postgres = await newDatabaseOn(serverUrl, 'lone_star_bench_desk');
  try {
    const views = await benchDesk(postgres.description, { url: postgres.url, wsProxy: postgres.wsProxy });
    figures.push({ name: 'PostgreSQL', views });
  } finally {
    await postgres.stop();
  }
}
print(`\nFirst page of each desk view, p50 / p99 ms${serverUrl ? ', side by side' : ' (set TEST_DATABASE_URL for PostgreSQL too)'}:`);
print(`${'view'.padEnd(34)}${figures.map(({ name }) => name.padStart(22)).join('')}`);
for (const [index, view] of figures[0]!.views.entries()) {
  const cells = figures.map(({ views }) => {
    const { p50, p99 } = views[index]!;
    return `${p50.toFixed(1)} / ${p99.toFixed(1)}${p99 < TARGET_P99_MS ? '' : '!'}`.padStart(22);
  });
  print(`${view.label.padEnd(34)}${cells.join('')}`);
}
print(`Load average during the run: ${loadavg().map((load) => load.toFixed(1)).join(', ')} (this machine has a shared CPU).`);
// The floor (connect + SELECT 1) is a reference, not a view.
const desk = figures.flatMap(({ views }) => views.filter((view) => !view.label.startsWith('(')));
const worst = Math.max(...desk.map((view) => view.p99));
print(`\nWorst p99 ${worst.toFixed(1)} ms (target under ${TARGET_P99_MS} ms on every database): ${worst < TARGET_P99_MS ? 'met' : 'NOT met'}.`);
if (worst >= TARGET_P99_MS) process.exitCode = 1;
