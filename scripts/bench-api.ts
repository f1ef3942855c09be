/**
 * `npm run bench:api`: requests/s and p50/p99 latency of the API on a fresh embedded database, loopback only.
 *
 * By default the functions run under `netlify dev --offline` (static framework, no Astro): the same runtime
 * `npm start` gives an operator, where every invocation gets a fresh worker thread, so the figures include that cost.
 * `npm run bench:api -- --harness` instead serves the functions' default exports in-process, routed by their
 * `config.path` (the browser suite's server, scripts/lib/shared-harness/site-server.ts): that isolates the handler +
 * driver + database cost. Figures only; every loop is bounded.
 */
import { migrate } from '../netlify/lib/migrations';
import { TIME_SLOT_KEYS } from '@shared/schemas/booking';
import { addDaysUtc, todayUtc } from '@shared/schemas/dates';
import { runLoad, type RunSummary } from './lib/bench-stats';
import { REQUEST_TIMEOUT_MS, loopbackClient, postFrom, startNetlifyDevTarget, type BenchTarget } from './lib/bench-target';
import { embeddedDatabase } from './lib/shared-harness/database';
import { freePort } from './lib/shared-harness/free-port';
import { serveSite } from './lib/shared-harness/site-server';

const mode = process.argv.includes('--harness') ? 'harness' : 'netlify-dev';

const CONCURRENCY_LEVELS = [1, 10, 50];
// netlify dev starts a worker thread per invocation (a few requests per second on a small machine): fewer requests
// keep its run to a few minutes.
const READS_PER_LEVEL = mode === 'harness' ? 300 : 100;
const WRITES_PER_LEVEL = mode === 'harness' ? 150 : 60;
const RACE_CONTENDERS = 100;

function print(line = ''): void {
  process.stdout.write(`${line}\n`);
}

async function startHarness(): Promise<BenchTarget> {
  // The functions log one line per request; in this process that would drown the figures.
  console.log = () => {};
  const site = await serveSite({ port: await freePort() });
  return { baseUrl: site.url, stop: site.stop };
}

async function send(request: Request): Promise<number> {
  const response = await fetch(request, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  await response.arrayBuffer();
  return response.status;
}

let visitors = 0;

/**
 * POSTs `body` as JSON from a loopback address of its own (127.1.x.y): each reservation comes from another visitor,
 * as in real traffic, so the per-client cap on new holds (10 a day) does not turn the figures into 429s.
 */
function postAsVisitor(url: string, body: string, headers: Record<string, string> = {}): Promise<number> {
  visitors += 1;
  return postFrom(loopbackClient(visitors), url, body, headers);
}

function bookingBody(date: string, timeSlot: string, index: number): string {
  return JSON.stringify({
    date,
    timeSlot,
    clientName: `Bench Guest ${index}`,
    // One address per reservation: at most 3 future holds per address are allowed.
    clientEmail: `bench${index}-${date}-${timeSlot}@example.com`,
    eventType: 'other',
  });
}

function inquiryBody(index: number, eventDate: string): string {
  return JSON.stringify({
    firstName: 'Bench',
    lastName: `Guest ${index}`,
    email: `bench${index}@example.com`,
    phone: '(512) 555-0100',
    eventType: 'other',
    guestCount: '40',
    eventDate,
    eventLocation: 'Austin',
    message: 'Benchmark inquiry',
  });
}

function row(label: string, summary: RunSummary): string {
  const statuses = Object.entries(summary.statuses)
    .map(([status, count]) => `${status}×${count}`)
    .join(' ');
  return [
    label.padEnd(22),
    String(summary.concurrency).padStart(4),
    String(summary.requests).padStart(6),
    summary.requestsPerSecond.toFixed(1).padStart(9),
    summary.p50Ms.toFixed(1).padStart(9),
    summary.p99Ms.toFixed(1).padStart(9),
    `  ${statuses}`,
  ].join(' ');
}

async function main(): Promise<void> {
  const database = await embeddedDatabase();
  let target: BenchTarget | undefined;
  const cleanUp = async () => {
    await target?.stop();
    await database.stop();
  };
  // netlify dev runs in its own process group, so Ctrl-C must stop it (and the database) explicitly.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
  }
  // The harness calls the functions in this process, so they read the settings from here.
  process.env.DATABASE_URL = database.url;
  process.env.NEON_WS_PROXY = database.wsProxy;
  try {
    await migrate();
    print(`bench:api (${mode === 'harness' ? 'in-process harness' : 'netlify dev --offline'}), fresh ${database.description}`);
    target =
      mode === 'harness'
        ? await startHarness()
        : await startNetlifyDevTarget({ DATABASE_URL: database.url, NEON_WS_PROXY: database.wsProxy! });
    const base = target.baseUrl;
    const today = todayUtc();

    // Warm up: esbuild bundles, first connections.
    for (let i = 0; i < 5; i += 1) await send(new Request(`${base}/api/availability/${addDaysUtc(today, 1)}`));

    print(`\n${'run'.padEnd(22)}    c  reqs     req/s   p50 ms   p99 ms   statuses`);
    for (const concurrency of CONCURRENCY_LEVELS) {
      const summary = await runLoad(READS_PER_LEVEL, concurrency, (index) =>
        send(new Request(`${base}/api/availability/${addDaysUtc(today, 1 + (index % 60))}`)),
      );
      print(row('availability (GET)', summary));
    }
    let day = 100;
    for (const concurrency of CONCURRENCY_LEVELS) {
      const firstDay = day;
      // Every write takes a different free (date, slot), so each one is a real reservation (201).
      const summary = await runLoad(WRITES_PER_LEVEL, concurrency, (index) =>
        postAsVisitor(
          `${base}/api/bookings`,
          bookingBody(
            addDaysUtc(today, firstDay + Math.floor(index / TIME_SLOT_KEYS.length)),
            TIME_SLOT_KEYS[index % TIME_SLOT_KEYS.length]!,
            index,
          ),
        ),
      );
      day += Math.ceil(WRITES_PER_LEVEL / TIME_SLOT_KEYS.length) + 1;
      print(row('booking (POST)', summary));
    }

    for (const concurrency of CONCURRENCY_LEVELS) {
      const summary = await runLoad(WRITES_PER_LEVEL, concurrency, (index) =>
        send(
          new Request(`${base}/api/contact`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: inquiryBody(index, addDaysUtc(today, 60)),
          }),
        ),
      );
      print(row('inquiry (POST)', summary));
    }
    // The same writes with an Idempotency-Key (a fresh one each): the cost of claiming the key and storing the answer.
    const keyBy = () => ({ 'idempotency-key': crypto.randomUUID() });
    const keyedBookingDay = day;
    day += Math.ceil(WRITES_PER_LEVEL / TIME_SLOT_KEYS.length) + 1;
    for (const [label, post] of [
      [
        'booking + key (POST)',
        (index: number) =>
          postAsVisitor(
            `${base}/api/bookings`,
            bookingBody(
              addDaysUtc(today, keyedBookingDay + Math.floor(index / TIME_SLOT_KEYS.length)),
              TIME_SLOT_KEYS[index % TIME_SLOT_KEYS.length]!,
              index,
            ),
            keyBy(),
          ),
      ],
      [
        'inquiry + key (POST)',
        (index: number) => postAsVisitor(`${base}/api/contact`, inquiryBody(index, addDaysUtc(today, 60)), keyBy()),
      ],
    ] as const) {
      print(row(label, await runLoad(WRITES_PER_LEVEL, 10, post)));
    }

    const raceDate = addDaysUtc(today, day + 10);
    const race = await runLoad(RACE_CONTENDERS, RACE_CONTENDERS, (index) =>
      postAsVisitor(`${base}/api/bookings`, bookingBody(raceDate, 'evening', index)),
    );
    print(row(`race: ${RACE_CONTENDERS} × one slot`, race));
    const { withDatabase } = await import('../netlify/lib/db');
    const rows = await withDatabase(undefined, async (db) =>
      (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM bookings WHERE date = $1', [raceDate])).rows,
    );
    const created = race.statuses[201] ?? 0;
    const taken = race.statuses[409] ?? 0;
    const verdict = created === 1 && taken === RACE_CONTENDERS - 1 && rows[0]?.n === 1 ? 'OK' : 'UNEXPECTED';
    print(`\nrace outcome: ${created} × 201, ${taken} × 409, ${rows[0]?.n} row(s) stored → ${verdict}`);
    if (verdict !== 'OK') process.exitCode = 1;
    const failures = new Map<string, number>();
    for (const line of target.log?.().split('\n') ?? []) {
      const match = /"status":(5\d\d).*"failure":"([^"]+)"/.exec(line);
      if (match) failures.set(`${match[1]} ${match[2]}`, (failures.get(`${match[1]} ${match[2]}`) ?? 0) + 1);
    }
    for (const [kind, count] of failures) print(`function failures: ${count} × ${kind}`);
    if (process.env.BENCH_LOG) print(target.log?.());
  } finally {
    await cleanUp();
  }
}

await main();
