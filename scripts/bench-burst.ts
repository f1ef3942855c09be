/**
 * `npm run bench:burst`: what a burst of simultaneous requests gets, on a fresh embedded database and, when
 * TEST_DATABASE_URL names a PostgreSQL server, on a fresh database there too. Every request of a burst starts at once,
 * bookings with an Idempotency-Key as the site's forms send them. By default the functions are called in-process the
 * way Netlify calls them (a new connection per request, the client's IP as Netlify hands it over); with
 * `-- --netlify-dev` they run under `netlify dev --offline`, `npm start`'s runtime (a fresh worker thread per
 * invocation, so a burst also competes for the CPU), each client sending from a loopback address of its own. Prints
 * the status mix, p50/p99/max ms as the client waited, the p99 of the functions' own times from their log lines (`fn
 * p99`: under netlify dev the wait for a worker comes on top) and the failure names they logged; figures only,
 * nothing is asserted (the API tests in tests/api/burst.test.ts do).
 */
import { loadavg } from 'node:os';
import { migrate } from '../netlify/lib/migrations';
import { REQUEST_DEADLINE_MS } from '../netlify/lib/deadline';
import type { Handler } from '../netlify/lib/http/endpoint';
import { TIME_SLOT_KEYS } from '@shared/schemas/booking';
import { addDaysUtc, todayUtc } from '@shared/schemas/dates';
import { percentile, summarize, type RunSummary } from './lib/bench-stats';
import { REQUEST_TIMEOUT_MS, loopbackClient, postFrom, startNetlifyDevTarget } from './lib/bench-target';
import { embeddedDatabase, newDatabaseOn, type DatabaseHandle } from './lib/shared-harness/database';
import { invoke } from './lib/shared-harness/functions';

/** Bookings in each booking burst. */
const BOOKINGS = 50;
/** Availability reads in the read burst. */
const READS = 100;
const SITE = 'http://localhost:8888';
const mode = process.argv.includes('--netlify-dev') ? 'netlify dev --offline' : 'in-process';

function print(line = ''): void {
  process.stdout.write(`${line}\n`);
}

/** One request of a burst: a booking (its JSON body) or an availability read, from the client at `ip`. */
type BurstRequest = { path: string; body?: string; ip: string };
type Burst = { label: string; requests: BurstRequest[] };
/** Sends one request the way the mode does; resolves to the status (0 when no answer came). */
type Send = (request: BurstRequest) => Promise<number>;

// Each burst gets dates and client addresses no other burst uses, so the bursts share no slot and no budget.
let nextDay = 40;
let nextClient = 0;
const newClient = () => loopbackClient((nextClient += 1));

function booking(date: string, timeSlot: string, index: number, ip: string): BurstRequest {
  const body = JSON.stringify({
    date,
    timeSlot,
    clientName: `Burst Guest ${index}`,
    // One mailbox per request: a mailbox may hold only a few future dates.
    clientEmail: `burst${index}-${date}-${timeSlot}@example.com`,
    eventType: 'other',
  });
  return { path: '/api/bookings', body, ip };
}

function bookingBursts(): Burst[] {
  const bursts: Burst[] = [];
  for (const oneAddress of [true, false]) {
    const from = oneAddress ? 'one address' : 'many addresses';
    const day = addDaysUtc(todayUtc(), nextDay++);
    const oneSlot = newClient();
    bursts.push({
      label: `${BOOKINGS} bookings, one slot, ${from}`,
      requests: Array.from({ length: BOOKINGS }, (_, index) =>
        booking(day, 'evening', index, oneAddress ? oneSlot : newClient()),
      ),
    });
    const firstDay = nextDay;
    nextDay += Math.ceil(BOOKINGS / TIME_SLOT_KEYS.length) + 1;
    const manySlots = newClient();
    bursts.push({
      label: `${BOOKINGS} bookings, ${BOOKINGS} slots, ${from}`,
      requests: Array.from({ length: BOOKINGS }, (_, index) =>
        booking(
          addDaysUtc(todayUtc(), firstDay + Math.floor(index / TIME_SLOT_KEYS.length)),
          TIME_SLOT_KEYS[index % TIME_SLOT_KEYS.length]!,
          index,
          oneAddress ? manySlots : newClient(),
        ),
      ),
    });
  }
  return bursts;
}

/** Starts every request of `burst` at once; their latencies and statuses. */
async function runBurst(burst: Burst, send: Send): Promise<RunSummary> {
  const latencies: number[] = [];
  const statuses: number[] = [];
  const started = performance.now();
  await Promise.all(
    burst.requests.map(async (request) => {
      const begin = performance.now();
      const status = await send(request).catch(() => 0);
      latencies.push(performance.now() - begin);
      statuses.push(status);
    }),
  );
  return summarize(latencies, statuses, performance.now() - started, burst.requests.length);
}

function row(label: string, summary: RunSummary, log: ReturnType<typeof readLog>): string {
  const statuses = Object.entries(summary.statuses)
    .map(([status, count]) => `${count}×${status}`)
    .join(' ');
  const failed = [...log.failures].map(([name, count]) => `${count}×${name}`).join(', ');
  return [
    label.padEnd(40),
    summary.p50Ms.toFixed(0).padStart(7),
    summary.p99Ms.toFixed(0).padStart(7),
    summary.maxMs.toFixed(0).padStart(7),
    String(percentile(log.ms, 99)).padStart(7),
    `  ${statuses}${failed ? `  (logged: ${failed})` : ''}`,
  ].join(' ');
}

/** What the functions' JSON log lines say: each request's own time (ms) and the failure names, counted. */
function readLog(lines: readonly string[]): { ms: number[]; failures: Map<string, number> } {
  const ms: number[] = [];
  const failures = new Map<string, number>();
  for (const line of lines) {
    const own = /"endpoint":"[^"]+".*"ms":(\d+)/.exec(line)?.[1];
    if (own) ms.push(Number(own));
    const failure = /"failure":"([^"]+)"/.exec(line)?.[1];
    if (failure) failures.set(failure, (failures.get(failure) ?? 0) + 1);
  }
  return { ms: ms.sort((a, b) => a - b), failures };
}

/** A sender calling the handlers in this process, and the log lines they wrote since the last `takeLog()`. */
async function inProcess(): Promise<{ send: Send; takeLog(): string[]; stop(): Promise<void> }> {
  const handlers: Record<string, Handler> = {
    '/api/bookings': (await import('../netlify/functions/bookings')).default,
    '/api/availability': (await import('../netlify/functions/availability')).default,
  };
  let lines: string[] = [];
  const log = console.log;
  console.log = (line: unknown) => void lines.push(String(line));
  const send: Send = async ({ path, body, ip }) => {
    const handler = handlers[path.startsWith('/api/availability') ? '/api/availability' : path]!;
    const headers = { 'x-nf-client-connection-ip': ip, 'content-type': 'application/json' };
    const request =
      body === undefined
        ? new Request(`${SITE}${path}`, { headers })
        : new Request(`${SITE}${path}`, {
            method: 'POST',
            headers: { ...headers, 'idempotency-key': crypto.randomUUID() },
            body,
          });
    return (await invoke(handler, request)).status;
  };
  return {
    send,
    takeLog: () => lines.splice(0),
    stop: async () => {
      console.log = log;
    },
  };
}

/** A sender to `netlify dev` started on `database`, and its log lines since the last `takeLog()`. */
async function underNetlifyDev(database: DatabaseHandle): Promise<{ send: Send; takeLog(): string[]; stop(): Promise<void> }> {
  const target = await startNetlifyDevTarget({ DATABASE_URL: database.url, NEON_WS_PROXY: database.wsProxy ?? '' });
  let seen = 0;
  const send: Send = async ({ path, body, ip }) => {
    if (body !== undefined) {
      return postFrom(ip, `${target.baseUrl}${path}`, body, { 'idempotency-key': crypto.randomUUID() });
    }
    const response = await fetch(`${target.baseUrl}${path}`, { signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    await response.arrayBuffer();
    return response.status;
  };
  return {
    send,
    takeLog: () => {
      const lines = target.log!().split('\n');
      const fresh = lines.slice(seen);
      seen = lines.length;
      return fresh;
    },
    stop: () => target.stop(),
  };
}

async function benchOn(database: DatabaseHandle): Promise<void> {
  process.env.DATABASE_URL = database.url;
  process.env.NEON_WS_PROXY = database.wsProxy ?? '';
  await migrate();
  const readDay = addDaysUtc(todayUtc(), 20);
  const bursts: Burst[] = [
    ...bookingBursts(),
    {
      label: `${READS} availability reads`,
      requests: Array.from({ length: READS }, () => ({ path: `/api/availability/${readDay}`, ip: newClient() })),
    },
  ];
  const sender = mode === 'in-process' ? await inProcess() : await underNetlifyDev(database);
  try {
    // One read first, so first-call costs (module loading, the driver's set-up) are not in the figures.
    await sender.send({ path: `/api/availability/${readDay}`, ip: newClient() });
    sender.takeLog();
    print(`\n${database.description}`);
    print(
      `${'burst (all requests at once)'.padEnd(40)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'max ms'.padStart(7)} ${'fn p99'.padStart(7)}   statuses`,
    );
    for (const burst of bursts) {
      const summary = await runBurst(burst, sender.send);
      print(row(burst.label, summary, readLog(sender.takeLog())));
    }
  } finally {
    await sender.stop();
  }
}

const serverUrl = process.env.TEST_DATABASE_URL?.trim();
print(`bench:burst (${mode}): every request of a burst at once; request deadline ${REQUEST_DEADLINE_MS} ms`);
const starts = [() => embeddedDatabase(), ...(serverUrl ? [() => newDatabaseOn(serverUrl, 'lone_star_bench_burst')] : [])];
for (const start of starts) {
  const database = await start();
  try {
    await benchOn(database);
  } finally {
    await database.stop();
  }
}
print(`\nLoad average: ${loadavg().map((load) => load.toFixed(1)).join(', ')} (a shared machine bends every figure above).`);
if (!serverUrl) print('(Set TEST_DATABASE_URL to a PostgreSQL server to run the same bursts there.)');
