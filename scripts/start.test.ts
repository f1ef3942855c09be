import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { lstat, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { addDaysUtc, todayUtc } from '@shared/schemas/dates';
import { inquiry } from '../tests/fixtures';
import { BODY_TIMEOUT_MS, MAX_FORWARDED_BODY_BYTES, STARTING_RETRY_AFTER_S } from './lib/request-guard';
import { runtimeFileOf } from './lib/shared-harness/running-database';
import { ROOT_DIR, embeddedDataDir } from './lib/data-paths';
import { freePort } from './lib/shared-harness/free-port';
import { upgrades } from './lib/shared-harness/ws-probe';

// Up in 50 s on a quiet machine; 137 s was seen with the other test groups running beside it.
const READY_TIMEOUT_MS = 300_000;

/** Whether a TCP connection to host:port is accepted. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 3000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

async function status(url: string): Promise<number> {
  const response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
  await response.arrayBuffer();
  return response.status;
}

/** POSTs `size` bytes to `url` as a browser's no-cors fetch would: the answer's status and how long it took. */
function postBytes(url: string, size: number): Promise<{ status: number; ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const sent = request(url, { method: 'POST', headers: { 'Content-Type': 'text/plain', 'Content-Length': size } }, (answer) => {
      answer.resume();
      answer.on('end', () => resolve({ status: answer.statusCode ?? 0, ms: Date.now() - started }));
    });
    sent.on('error', reject);
    sent.end(Buffer.alloc(size, 0x20));
  });
}

/** Declares a 10-byte body, sends 1 byte and waits: the first line of the answer (if any) and when it came. */
function postStalled(port: number): Promise<{ line: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve({ line: received.split('\r\n')[0] ?? '', ms: Date.now() - started }));
    socket.write(`POST /api/contact HTTP/1.1\r\nHost: localhost:${port}\r\nContent-Type: application/json\r\nContent-Length: 10\r\n\r\n{`);
    setTimeout(() => socket.destroy(), 60_000);
  });
}

/** Every folder and file under `dir` whose mode gives group or others any access, with its mode. */
async function notPrivate(dir: string): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isSymbolicLink() || entry.isSocket()) continue;
    const path = join(entry.parentPath, entry.name);
    const { mode } = await lstat(path);
    if ((mode & 0o077) !== 0) found.push(`${(mode & 0o777).toString(8)} ${path}`);
  }
  return found;
}

/** What the site answered while `npm start` came up: whether its "▸ site" line was out when the request was sent. */
type EarlyAnswer = { status: number; retryAfter: string | null; page: string; afterSiteLine: boolean };

async function earlyAnswer(url: string, afterSiteLine: boolean): Promise<EarlyAnswer> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
    return { status: response.status, retryAfter: response.headers.get('retry-after'), page: await response.text(), afterSiteLine };
  } catch {
    return { status: 0, retryAfter: null, page: '', afterSiteLine }; // not listening yet
  }
}

/** The optimized dependencies (`/node_modules/.vite…/deps/…`) that the code at `url` imports. */
async function optimizedImports(url: string): Promise<string[]> {
  const code = await (await fetch(url)).text();
  return [...code.matchAll(/["'](\/node_modules\/\.vite[^"'/]*\/deps\/[^"']+)["']/g)].map((match) => match[1]!);
}

/** Every file of the folder `dir` with the SHA-256 of its content. */
async function fingerprints(dir: string): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  for (const name of (await readdir(dir)).sort()) {
    found[name] = createHash('sha256').update(await readFile(join(dir, name))).digest('hex');
  }
  return found;
}

/** How many log lines the function `name` wrote so far (netlify/lib/http/endpoint.ts: one per request). */
function runsOf(output: string, name: string): number {
  return output.split('\n').filter((line) => line.includes(`"endpoint":"${name}"`)).length;
}

/** This machine's addresses other than loopback: where a neighbour on the network would connect. */
const networkAddresses = Object.values(networkInterfaces())
  .flat()
  .filter((entry) => entry !== undefined && !entry.internal && entry.family === 'IPv4')
  .map((entry) => entry!.address);

// `npm start` as a new user runs it: the embedded database, astro dev behind netlify dev, the functions.
describe('npm start', () => {
  let dir = '';
  let child: ChildProcess;
  let output = '';
  let port = 0;
  let astroPort = 0;
  let dataDir = '';
  let env: Record<string, string> = {};
  const early: EarlyAnswer[] = [];
  const probeName = `start-test-${process.pid}.txt`;
  const probe = join(ROOT_DIR, '.data', probeName);

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'lone-star-start-'));
    dataDir = embeddedDataDir({ XDG_DATA_HOME: dir });
    // A file where earlier versions kept the database, inside the project: it must not be served either.
    await mkdir(join(ROOT_DIR, '.data'), { recursive: true });
    await writeFile(probe, 'not for the network');
    port = await freePort();
    // A new user's shell: none of the test runner's variables (NODE_ENV=test changes what astro dev serves).
    env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? dir, PORT: String(port), XDG_DATA_HOME: dir };
    child = spawn(join(ROOT_DIR, 'node_modules', '.bin', 'tsx'), ['scripts/start.ts'], {
      cwd: ROOT_DIR,
      env,
      detached: true, // its own process group, so a failed test can still stop everything it started
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // Asks for the home page all along: before the "▸ site" line, and once right after it.
    const deadline = Date.now() + READY_TIMEOUT_MS;
    while (Date.now() < deadline && child.exitCode === null) {
      const astro = /astro dev behind it on localhost port (\d+)/.exec(output);
      early.push(await earlyAnswer(`http://127.0.0.1:${port}/`, astro !== null));
      if (astro) {
        astroPort = Number(astro[1]);
        // The tests below want the site up, however early that line came.
        while (Date.now() < deadline && (await status(`http://127.0.0.1:${port}/`).catch(() => 0)) !== 200) {
          await new Promise((resolve) => setTimeout(resolve, 250));
        }
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error(`npm start did not come up:\n${output.slice(-3000)}`);
  }, READY_TIMEOUT_MS + 10_000);

  afterAll(async () => {
    if (child?.pid && child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    }
    await rm(probe, { force: true });
    await rm(dir, { recursive: true, force: true });
  });

  test('says the site is up only once it answers; until then every request gets 503 with Retry-After and a starting page', () => {
    const before = early.filter((answer) => !answer.afterSiteLine);
    const after = early.filter((answer) => answer.afterSiteLine);
    const seen = Object.entries(Object.groupBy(before, (answer) => String(answer.status || 'no answer')));
    console.info(`before the site line: ${seen.map(([code, answers]) => `${answers!.length} × ${code}`).join(', ')}; right after it: ${after[0]?.status}`);
    expect(after.map((answer) => answer.status)).toEqual([200]);
    const starting = before.filter((answer) => answer.status === 503);
    expect(starting.length).toBeGreaterThan(0);
    // Not listening yet (0), starting (503), or up a moment before its line was printed (200): never a 502.
    expect(before.filter((answer) => ![0, 200, 503].includes(answer.status))).toEqual([]);
    for (const answer of starting) {
      expect(answer.retryAfter).toBe(String(STARTING_RETRY_AFTER_S));
      expect(answer.page).toContain('The site is starting');
    }
  });

  test('serves the pages and the API', async () => {
    expect(output).toContain(`embedded PGlite (files in ${dataDir})`);
    expect(await status(`http://127.0.0.1:${port}/`)).toBe(200);
    const date = addDaysUtc(todayUtc(), 30);
    const response = await fetch(`http://127.0.0.1:${port}/api/availability/${date}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ date, availableSlots: ['morning', 'afternoon', 'evening'] });
  });

  test("never hands out the embedded database's files over HTTP, neither through netlify dev nor astro dev", async () => {
    for (const origin of [`http://127.0.0.1:${port}`, `http://127.0.0.1:${astroPort}`]) {
      // The same kind of request does serve an ordinary project file: the refusals below are the rule at work.
      expect(await status(`${origin}/@fs${join(ROOT_DIR, 'package.json')}?raw`), origin).toBe(200);
      for (const path of [
        `/@fs${join(dataDir, 'PG_VERSION')}?raw`,
        `/@fs${join(dataDir, 'global', 'pg_control')}?raw`,
        `/@fs${dataDir}.lock?raw`,
        `/@fs${probe}?raw`,
        `/.data/${probeName}?raw`,
        `/.data/${probeName}`,
      ]) {
        expect(await status(`${origin}${path}`), `${origin}${path}`).not.toBe(200);
      }
    }
  });

  test('keeps the database and the caught mail to this user: folders 0700, files 0600', async () => {
    // A mail in the inbox first: an inquiry, then the outbox sender (the scheduler would call it within 5 minutes).
    const sent = await fetch(`http://127.0.0.1:${port}/api/contact`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(inquiry()),
    });
    expect(sent.status).toBeLessThan(300);
    const outbox = await fetch(`http://127.0.0.1:${port}/.netlify/functions/outbox-send`, { method: 'POST' });
    await outbox.arrayBuffer();
    const mailDir = join(dataDir, '..', 'mail');
    await expect.poll(async () => (await readdir(mailDir).catch(() => [])).filter((name) => name.endsWith('.eml')).length, {
      timeout: 30_000,
    }).toBeGreaterThan(0);
    const files = await readdir(join(dataDir, '..'), { recursive: true });
    expect(files.length).toBeGreaterThan(100);
    expect(await notPrivate(join(dataDir, '..'))).toEqual([]);
  });

  test("lets no web page read the inbox: other origins get no CORS grant and no WebSocket", async () => {
    const inbox = /mail inbox http:\/\/localhost:(\d+)/.exec(output)![1];
    const api = `http://localhost:${inbox}/api/email`;
    const foreign = await fetch(api, { headers: { Origin: 'http://evil.example' } });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    const own = await fetch(api, { headers: { Origin: `http://localhost:${inbox}` } });
    expect(own.status).toBe(200);
    expect(Array.isArray(await own.json())).toBe(true);
    const socketUrl = `ws://localhost:${inbox}/socket.io/?EIO=4&transport=websocket`;
    expect(await upgrades(socketUrl, 'http://evil.example')).toBe(false);
    expect(await upgrades(socketUrl, `http://localhost:${inbox}`)).toBe(true);
  });

  test('lets only the bridge reach the embedded database: no Postgres port answers on loopback', async () => {
    const { databaseUrl } = JSON.parse(await readFile(runtimeFileOf(dataDir), 'utf8')) as { databaseUrl: string };
    const databasePort = Number(new URL(databaseUrl).port);
    // A Postgres StartupMessage (protocol 3.0, user postgres) as psql would send it, with no password.
    const params = Buffer.from('user\0postgres\0database\0postgres\0\0');
    const startup = Buffer.alloc(8);
    startup.writeInt32BE(8 + params.length, 0);
    startup.writeInt32BE(196_608, 4);
    const answer = await new Promise<string>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port: databasePort });
      let received = Buffer.alloc(0);
      socket.on('data', (chunk) => (received = Buffer.concat([received, chunk])));
      socket.on('error', () => undefined);
      socket.on('close', () => resolve(received.toString('latin1')));
      socket.write(Buffer.concat([startup, params]));
      setTimeout(() => socket.destroy(), 5000);
    });
    // Postgres would answer 'R' (AuthenticationOk); the bridge is an HTTP server and refuses the bytes.
    expect(answer.startsWith('R')).toBe(false);
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
  });

  test('survives a body over the limit and a stalled body; the site answers after both', async () => {
    // Side by side: the stalled one waits out BODY_TIMEOUT_MS whatever else happens, the large one need not wait too.
    const [tooLarge, stalled] = await Promise.all([postBytes(`http://127.0.0.1:${port}/api/contact`, 7 * 1024 * 1024), postStalled(port)]);
    console.info(`request guard: ${MAX_FORWARDED_BODY_BYTES + 1}+ bytes -> ${tooLarge.status} in ${tooLarge.ms} ms; stalled -> ${stalled.line} in ${stalled.ms} ms`);
    expect(tooLarge.status).toBe(413);
    expect(stalled.line).toBe('HTTP/1.1 408 Request Timeout');
    expect(stalled.ms).toBeGreaterThanOrEqual(BODY_TIMEOUT_MS - 100);
    expect(stalled.ms).toBeLessThan(BODY_TIMEOUT_MS + 5000);
    expect(output).not.toContain('netlify dev exited');
    expect(child.exitCode).toBeNull();
    expect(await status(`http://127.0.0.1:${port}/`)).toBe(200);
    expect(await status(`http://127.0.0.1:${port}/api/availability/${addDaysUtc(todayUtc(), 30)}`)).toBe(200);
  }, 60_000);

  test("keeps tokens out of its output, netlify dev's request lines included, and runs a function once per 404", async () => {
    const feedToken = randomBytes(32).toString('base64url');
    const cancelToken = randomBytes(32).toString('base64url');
    const [feedRuns, lookupRuns] = [runsOf(output, 'calendar-feed'), runsOf(output, 'cancel-lookup')];
    const feed = await fetch(`http://127.0.0.1:${port}/api/calendar/${feedToken}.ics`);
    await feed.arrayBuffer();
    expect(feed.status).toBe(404);
    const lookup = await fetch(`http://127.0.0.1:${port}/api/cancel/lookup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ token: cancelToken }),
    });
    await lookup.arrayBuffer();
    expect(lookup.status).toBe(404);
    await fetch(`http://127.0.0.1:${port}/cancel?token=${feedToken}`).then((response) => response.arrayBuffer());
    // A request after them: once its log line is out, theirs (and any rerun of them) are too.
    const availabilityRuns = runsOf(output, 'availability');
    expect(await status(`http://127.0.0.1:${port}/api/availability/${addDaysUtc(todayUtc(), 30)}`)).toBe(200);
    await expect.poll(() => runsOf(output, 'availability'), { timeout: 30_000 }).toBe(availabilityRuns + 1);
    expect(output).toContain('GET /api/calendar/…');
    for (const token of [feedToken, cancelToken]) expect(output).not.toContain(token.slice(0, 16));
    expect([runsOf(output, 'calendar-feed') - feedRuns, runsOf(output, 'cancel-lookup') - lookupRuns]).toEqual([1, 1]);
  });

  test("shows the desk without Astro's dev toolbar over its bottom bar", async () => {
    const desk = await fetch(`http://127.0.0.1:${port}/admin`);
    expect(desk.status).toBe(200);
    expect(await desk.text()).not.toContain('dev-toolbar');
  });

  test("keeps astro dev's optimized dependencies as they were while `astro build` runs in the same checkout", async () => {
    const origin = `http://127.0.0.1:${port}`;
    // Where this astro dev keeps them: read from what it serves for the desk's island.
    const imports = await optimizedImports(`${origin}/src/islands/OwnerDesk.tsx`);
    expect(imports.length).toBeGreaterThan(0);
    const folder = join(ROOT_DIR, new URL(imports[0]!, origin).pathname, '..');
    const before = await fingerprints(folder);
    // What `npm run build` (and so `npm test`) does in the same checkout, written elsewhere than dist.
    const build = spawn(process.execPath, [join(ROOT_DIR, 'node_modules/astro/bin/astro.mjs'), 'build', '--outDir', join(dir, 'dist')], {
      cwd: ROOT_DIR,
      env,
      stdio: 'ignore',
    });
    expect(await new Promise((resolve) => build.once('exit', resolve))).toBe(0);
    // astro dev reads them from there when a browser first asks: a changed file breaks the desk's island.
    expect(await fingerprints(folder)).toEqual(before);
    for (const address of imports) expect(await status(`${origin}${address}`), address).toBe(200);
  }, 180_000);

  test('runs the scheduled functions on their schedules; netlify dev serves them when called', async () => {
    expect(output).toContain('▸ scheduler: outbox-send (*/5 * * * *), retention (@hourly)');
    const response = await fetch(`http://127.0.0.1:${port}/.netlify/functions/retention`, { method: 'POST' });
    await response.arrayBuffer();
    expect(response.status).toBe(200);
  });

  test('listens on loopback only', async () => {
    expect(await accepts('127.0.0.1', port)).toBe(true);
    if (networkAddresses.length === 0) console.warn('No network address besides loopback: the outside check is skipped.');
    for (const address of networkAddresses) {
      expect(await accepts(address, port), `${address}:${port}`).toBe(false);
      expect(await accepts(address, astroPort), `${address}:${astroPort}`).toBe(false);
    }
  });

  test('Ctrl-C stops the scheduler, netlify dev, astro dev, the request guard, then the mail inbox, then the database, and exits 0', async () => {
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    process.kill(child.pid!, 'SIGINT');
    expect(await exited).toBe(0);
    expect(output).toMatch(/SIGINT: stopping the scheduler, then netlify dev, then astro dev, then the request guard, then the mail inbox, then the database[\s\S]*▸ stopped/);
    expect(await accepts('127.0.0.1', port)).toBe(false);
    // astro dev goes too (it used to stay behind on its port).
    await expect.poll(() => accepts('127.0.0.1', astroPort), { timeout: 15_000 }).toBe(false);
  }, 60_000);
});
