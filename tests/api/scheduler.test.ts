import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { scheduledFunctions, startScheduler, type Scheduler } from '../../scripts/lib/scheduler';
import { freePort } from '../../scripts/lib/shared-harness/free-port';
import { findRoute, netlifyContext } from '../../scripts/lib/shared-harness/functions';
import { ROOT_DIR } from '../../scripts/lib/data-paths';
import type { TestDatabase } from '../setup/database';
import { databases, query, useDatabase } from './support';

/** A real HTTP server that serves the site's functions (their default exports, as Netlify routes them). */
async function functionsServer(): Promise<{ url: string; calls: string[]; close(): Promise<void> }> {
  const calls: string[] = [];
  const port = await freePort();
  const server: Server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', async () => {
      const url = `http://127.0.0.1:${port}${incoming.url}`;
      calls.push(`${incoming.method} ${incoming.url}`);
      const request = new Request(url, {
        method: incoming.method,
        headers: incoming.headers as Record<string, string>,
        body: incoming.method === 'GET' ? undefined : Buffer.concat(chunks),
      });
      const found = await findRoute(url);
      if (!found) {
        outgoing.writeHead(404).end();
        return;
      }
      const { context, background } = await netlifyContext(found.route.handler, request);
      const response = await found.route.handler(request, context);
      await background();
      outgoing.writeHead(response.status).end(Buffer.from(await response.arrayBuffer()));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}`, calls, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe.each(databases)('the npm start scheduler on $name', (database: TestDatabase) => {
  useDatabase(database);
  let scheduler: Scheduler | undefined;
  afterEach(async () => {
    await scheduler?.stop();
    scheduler = undefined;
  });

  test('POSTs each scheduled function when its time comes, once, and logs one line per run', async () => {
    await query(database, 'TRUNCATE idempotency_keys');
    await query(
      database,
      `INSERT INTO idempotency_keys (endpoint, key, request_hash, response_status, response_body, expires_at)
       VALUES ('bookings', 'expired', repeat('a', 64), 201, '{}', now() - interval '1 minute'),
              ('bookings', 'fresh', repeat('a', 64), 201, '{}', now() + interval '1 hour')`,
    );
    const server = await functionsServer();
    try {
      const functions = await scheduledFunctions(join(ROOT_DIR, 'netlify', 'functions'));
      // A clock 300 ms before the top of an hour: both the hourly and the every-5-minutes function are due then.
      const offset = Date.parse('2030-01-01T10:59:59.700Z') - Date.now();
      const lines: string[] = [];
      scheduler = startScheduler({
        baseUrl: server.url,
        functions,
        now: () => new Date(Date.now() + offset),
        log: (line) => lines.push(line),
      });
      expect(lines).toEqual([]);
      await eventually(() => lines.length >= 2);
      expect(lines.sort()).toEqual([
        expect.stringMatching(/^scheduled outbox-send: 204 in \d+ ms$/),
        expect.stringMatching(/^scheduled retention: 204 in \d+ ms$/),
      ]);
      expect(server.calls.sort()).toEqual(['POST /.netlify/functions/outbox-send', 'POST /.netlify/functions/retention']);
      expect((await query<{ key: string }>(database, 'SELECT key FROM idempotency_keys')).map((row) => row.key)).toEqual(['fresh']);
      // The next runs are minutes away: nothing more happens now, and stop() leaves nothing behind.
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(lines).toHaveLength(2);
    } finally {
      await scheduler?.stop();
      await server.close();
    }
  });

  test('a server that is not there gives one failed line per run, and the next run is still planned', async () => {
    const port = await freePort();
    const lines: string[] = [];
    // Every second (a seconds field, which cron-parser reads): two runs within a couple of seconds.
    scheduler = startScheduler({
      baseUrl: `http://127.0.0.1:${port}`,
      functions: [{ name: 'retention', schedule: '* * * * * *' }],
      log: (line) => lines.push(line),
    });
    await eventually(() => lines.length >= 2);
    expect(lines.slice(0, 2)).toEqual(['scheduled retention: failed (ECONNREFUSED)', 'scheduled retention: failed (ECONNREFUSED)']);
  });
});
