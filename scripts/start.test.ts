import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { addDaysUtc, todayUtc } from '../src/schemas/dates';
import { ROOT_DIR, embeddedDataDir } from './lib/shared-harness/paths';
import { freePort } from './lib/shared-harness/free-port';

const READY_TIMEOUT_MS = 180_000;

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
    const env = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? dir, PORT: String(port), XDG_DATA_HOME: dir };
    child = spawn(join(ROOT_DIR, 'node_modules', '.bin', 'tsx'), ['scripts/start.ts'], {
      cwd: ROOT_DIR,
      env,
      detached: true, // its own process group, so a failed test can still stop everything it started
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + READY_TIMEOUT_MS;
    while (Date.now() < deadline && child.exitCode === null) {
      const astro = /astro dev behind it on localhost port (\d+)/.exec(output);
      if (astro && output.includes('Loaded function availability')) {
        astroPort = Number(astro[1]);
        if ((await status(`http://127.0.0.1:${port}/`).catch(() => 0)) === 200) return;
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
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

  test('Ctrl-C stops the scheduler, netlify dev, then the mail inbox, then the database, and exits 0', async () => {
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    process.kill(child.pid!, 'SIGINT');
    expect(await exited).toBe(0);
    expect(output).toMatch(/SIGINT: stopping the scheduler, then netlify dev, then the mail inbox, then the database[\s\S]*▸ stopped/);
    expect(await accepts('127.0.0.1', port)).toBe(false);
    // astro dev, which netlify dev started, goes too (it used to stay behind on its port).
    await expect.poll(() => accepts('127.0.0.1', astroPort), { timeout: 15_000 }).toBe(false);
  }, 60_000);
});
