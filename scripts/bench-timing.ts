/**
 * `npm run bench:timing`: the timing figures the tests no longer assert, because a busy machine bends them. Prints
 * min / median / max per case (ms), and each case's reference figure, over a fresh embedded database:
 * - the honeypot decoy beside a real answer (bookings and contact): a bot should not tell them apart by time;
 * - a sign-in for a name with no account beside one scrypt hash: every attempt should cost one;
 * - a slow statement beside the limits it was given (the answer should come near the client-side limit);
 * - each endpoint's 503 with the database port closed (well under the connect timeout) and with a database that
 *   accepts the connection and never answers (about the connect timeout, never two).
 * Figures only, bounded loops; `ROUNDS=<n>` changes the rounds per case (default 15; the silent database takes 3).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import availability from '../netlify/functions/availability';
import bookings from '../netlify/functions/bookings';
import contact from '../netlify/functions/contact';
import { withDatabase } from '../netlify/lib/db';
import { REQUEST_DEADLINE_MS } from '../netlify/lib/deadline';
import type { Handler } from '../netlify/lib/http/endpoint';
import { migrate } from '../netlify/lib/migrations';
import { hashPassword } from '../netlify/lib/owner/passwords';
import { signIn } from '../netlify/lib/owner/sign-in';
import { addDaysUtc, todayUtc } from '@shared/schemas/dates';
import { HONEYPOT_FIELD } from '@shared/schemas/honeypot';
import { median } from './lib/bench-stats';
import { existingDatabase } from './lib/shared-harness/database';
import { startEmbeddedDatabase } from './lib/shared-harness/embedded-db';
import { invoke } from './lib/shared-harness/functions';

const ROUNDS = Number(process.env.ROUNDS ?? 15);
const SITE = 'http://localhost:8888';

function print(line = ''): void {
  process.stdout.write(`${line}\n`);
}

/** One printed line: min / median / max of `values` in ms, and an optional reference. */
function report(label: string, values: readonly number[], reference = ''): void {
  const figure = (value: number) => value.toFixed(1).padStart(8);
  const sorted = [...values].sort((a, b) => a - b);
  print(`  ${label.padEnd(44)} ${figure(sorted[0] ?? 0)} ${figure(median(values))} ${figure(sorted.at(-1) ?? 0)}  ${reference}`);
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

function postJson(path: string, body: unknown, headers: Record<string, string> = {}): Request {
  return new Request(`${SITE}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: SITE, ...headers },
    body: JSON.stringify(body),
  });
}

/** Calls `handler` as Netlify does and fails loudly on an unexpected status (a figure of errors means nothing). */
async function expectStatus(handler: Handler, request: Request, status: number): Promise<void> {
  const response = await invoke(handler, request);
  if (response.status !== status) throw new Error(`${request.url}: ${response.status}, expected ${status}: ${await response.text()}`);
}

const day = (days: number) => addDaysUtc(todayUtc(), days);
const reservation = (n: number, email: string) => ({
  date: day(50 + Math.floor(n / 3)),
  timeSlot: (['morning', 'afternoon', 'evening'] as const)[n % 3]!,
  clientName: 'Hank Porter',
  clientEmail: email,
  eventType: 'birthday',
});
const inquiry = (n: number) => ({
  firstName: 'Dolly',
  lastName: `Rivera ${n}`,
  email: `dolly${n}@example.com`,
  phone: '(512) 555-0199',
  eventType: 'wedding',
  guestCount: '120',
  eventDate: day(90),
  eventLocation: 'Austin',
});
const BOT = { [HONEYPOT_FIELD]: 'http://spam.example' };
// A different client each time: new holds are capped per IP.
const client = () => ({ 'x-nf-client-connection-ip': crypto.randomUUID() });

/** The three public endpoints, one request each. */
const endpoints = (n: number): Array<[string, Handler, () => Request]> => [
  ['GET /api/availability', availability, () => new Request(`${SITE}/api/availability/${day(20)}`)],
  ['POST /api/bookings', bookings, () => postJson('/api/bookings', reservation(n, `guest${n}@example.com`), client())],
  ['POST /api/contact', contact, () => postJson('/api/contact', inquiry(n))],
];

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** 503 times per endpoint while DATABASE_URL points at `url` (through a bridge of its own). */
async function unavailable(url: string, rounds: number, reference: string): Promise<void> {
  const bridge = await existingDatabase(url);
  process.env.DATABASE_URL = url;
  process.env.NEON_WS_PROXY = bridge.wsProxy!;
  try {
    for (const [index, [label, handler]] of endpoints(0).entries()) {
      const times: number[] = [];
      for (let n = 0; n < rounds; n += 1) {
        const request = endpoints(1000 + n)[index]![2]();
        times.push(await timed(() => expectStatus(handler, request, 503)));
      }
      report(label, times, reference);
    }
  } finally {
    await bridge.stop();
  }
}

const quietLog = console.log;
// The functions log one line per request: figures only here.
console.log = () => {};
const dir = await mkdtemp(join(tmpdir(), 'lone-star-bench-timing-'));
const embedded = await startEmbeddedDatabase({ dataDir: join(dir, 'pgdata') });
try {
  const config = { url: embedded.databaseUrl, wsProxy: embedded.wsProxy };
  const useEmbedded = () => {
    process.env.DATABASE_URL = embedded.databaseUrl;
    process.env.NEON_WS_PROXY = embedded.wsProxy;
  };
  useEmbedded();
  await migrate({ config });
  print(`bench:timing: ${ROUNDS} rounds, load average ${loadavg().map((load) => load.toFixed(2)).join(' ')}`);
  print(`  ${'case'.padEnd(44)} ${'min'.padStart(8)} ${'median'.padStart(8)} ${'max'.padStart(8)}  (ms)`);

  print('the honeypot decoy beside a real answer (interleaved, so both meet the same load)');
  const decoy = { bookingBot: [] as number[], bookingPerson: [] as number[], inquiryBot: [] as number[], inquiryPerson: [] as number[] };
  for (let n = 0; n < ROUNDS; n += 1) {
    const bot = { ...reservation(2 * n, `bot${n}@example.com`), ...BOT };
    decoy.bookingBot.push(await timed(() => expectStatus(bookings, postJson('/api/bookings', bot, client()), 201)));
    const person = reservation(2 * n + 1, `guest${n}@example.com`);
    decoy.bookingPerson.push(await timed(() => expectStatus(bookings, postJson('/api/bookings', person, client()), 201)));
    decoy.inquiryBot.push(await timed(() => expectStatus(contact, postJson('/api/contact', { ...inquiry(n), ...BOT }), 201)));
    decoy.inquiryPerson.push(await timed(() => expectStatus(contact, postJson('/api/contact', inquiry(n)), 201)));
  }
  const ratio = (bot: number[], person: number[]) => `decoy/real median ${(median(bot) / median(person)).toFixed(2)}`;
  report('POST /api/bookings, honeypot filled', decoy.bookingBot, ratio(decoy.bookingBot, decoy.bookingPerson));
  report('POST /api/bookings, a person', decoy.bookingPerson);
  report('POST /api/contact, honeypot filled', decoy.inquiryBot, ratio(decoy.inquiryBot, decoy.inquiryPerson));
  report('POST /api/contact, a person', decoy.inquiryPerson);

  print('signing in: a name with no account costs one scrypt, as a wrong password does');
  const scrypts: number[] = [];
  const unknown: number[] = [];
  for (let n = 0; n < Math.min(ROUNDS, 5); n += 1) {
    scrypts.push(await timed(() => hashPassword('measure one scrypt run')));
    unknown.push(
      await timed(() =>
        withDatabase(undefined, (db) => signIn(db, { username: `nobody-${n}`, password: 'whatever-it-is-123' }, new Date()), { config }),
      ),
    );
  }
  report('one scrypt hash (production cost)', scrypts);
  report('sign-in, unknown name', unknown, `unknown/scrypt median ${(median(unknown) / median(scrypts)).toFixed(2)}`);

  print('a slow statement (pg_sleep 1.5 s) under a 300 ms statement and 600 ms client limit');
  const bounded: number[] = [];
  for (let n = 0; n < Math.min(ROUNDS, 5); n += 1) {
    const closing: Promise<unknown>[] = [];
    bounded.push(
      await timed(() =>
        withDatabase({ waitUntil: (promise) => closing.push(promise) }, (db) => db.query('SELECT pg_sleep(1.5)'), {
          config,
          statementTimeoutMs: 300,
          queryTimeoutMs: 600,
        }).catch(() => undefined),
      ),
    );
    await Promise.all(closing);
  }
  report('refused as unavailable after', bounded, 'the statement alone takes 1500');

  print(`503 with nothing listening on the database port (request deadline ${REQUEST_DEADLINE_MS} ms)`);
  const closed = createServer();
  const closedPort = await listen(closed);
  await new Promise((resolve) => closed.close(resolve));
  await unavailable(`postgres://postgres@127.0.0.1:${closedPort}/postgres`, ROUNDS, `should be well under ${REQUEST_DEADLINE_MS}`);

  print(`503 from a database that accepts the connection and never answers`);
  const sockets = new Set<Socket>();
  const silent = createServer((socket) => {
    sockets.add(socket);
    socket.on('data', () => {});
  });
  const silentPort = await listen(silent);
  try {
    await unavailable(`postgres://postgres@127.0.0.1:${silentPort}/postgres`, Math.min(ROUNDS, 3), `${REQUEST_DEADLINE_MS} and a little`);
  } finally {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  }
  useEmbedded();
} finally {
  console.log = quietLog;
  await embedded.stop();
  await rm(dir, { recursive: true, force: true });
}
