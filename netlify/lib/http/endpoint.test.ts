import { describe, expect, test, vi } from 'vitest';
import { DatabaseUnavailableError } from '../db';
import { REQUEST_DEADLINE_MS, requestDeadlineOf, type Deadline } from '../deadline';
import { ConfigError, databaseConfig } from '../env';
import { mailConfig } from '../mail/config';
import { endpoint, type EndpointContext } from './endpoint';

function request(body: BodyInit | null, headers: Record<string, string> = { 'content-type': 'application/json' }) {
  return new Request('http://localhost/api/x', { method: 'POST', headers, body });
}

describe('endpoint', () => {
  const quiet = { requestId: 'r1' };

  /** Calls an endpoint with `context` (its log line silenced); answers the deadline its handler was given. */
  async function deadlineSeen(context: EndpointContext): Promise<Deadline | undefined> {
    let seen: Deadline | undefined;
    const handler = endpoint('test', ['POST'], async (_req, given) => {
      seen = requestDeadlineOf(given);
      return new Response(null, { status: 204 });
    });
    const original = console.log;
    console.log = () => {};
    try {
      await handler(request('{}'), context);
    } finally {
      console.log = original;
    }
    return seen;
  }

  test('starts the request deadline as the request starts, for the connections its handler opens', async () => {
    const before = Date.now();
    const seen = await deadlineSeen({ requestId: 'r0' });
    expect(seen!.at).toBeGreaterThanOrEqual(before + REQUEST_DEADLINE_MS);
    expect(seen!.at).toBeLessThanOrEqual(Date.now() + REQUEST_DEADLINE_MS);
  });

  test('keeps a deadline its caller started, also one started through another copy of the deadline module', async () => {
    // A test that loads the functions afresh (vi.resetModules) holds two copies of deadline.ts; the harness's copy
    // starts the deadline, the handler's endpoint() must see it.
    vi.resetModules();
    const other = await import('../deadline');
    vi.resetModules();
    const context = { requestId: 'r0' };
    other.startRequestDeadline(context, Date.now(), 60_000);
    expect((await deadlineSeen(context))!.at).toBeGreaterThan(Date.now() + 50_000);
  });

  test.each([
    ['DatabaseUnavailableError', new DatabaseUnavailableError('down'), 503],
    ['ConfigError', new ConfigError('DATABASE_URL', 'is not set.'), 503],
    ['a statement timeout', Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }), 503],
    ['a programming error', new TypeError("Cannot read properties of undefined (reading 'id')"), 500],
    ['a SQL error', Object.assign(new Error('relation "bookings" does not exist'), { code: '42P01' }), 500],
  ])('turns %s into %i without revealing it', async (_label, error, status) => {
    const handler = endpoint('test', ['POST'], async () => {
      throw error;
    });
    const original = console.log;
    const lines: string[] = [];
    console.log = (line: string) => lines.push(line);
    try {
      const response = await handler(request('{}'), quiet);
      expect(response.status).toBe(status);
      const text = await response.text();
      expect(text).not.toContain(error.message);
      expect(JSON.parse(text)).toMatchObject({ error: { code: status === 503 ? 'service_unavailable' : 'internal_error' } });
    } finally {
      console.log = original;
    }
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ requestId: 'r1', endpoint: 'test', status, failure: expect.any(String) });
    expect(lines[0]).not.toContain(error.message);
  });

  test.each([
    ['DATABASE_URL', 'missing', () => databaseConfig({}), undefined],
    ['DATABASE_URL', 'of another kind', () => databaseConfig({ DATABASE_URL: 'mysql://root:hunter2@db.example/app' }), 'hunter2'],
    [
      'NEON_WS_PROXY',
      'bad',
      () => databaseConfig({ DATABASE_URL: 'postgres://postgres:hunter2@127.0.0.1:5432/db', NEON_WS_PROXY: 'ws://10.9.8.7:4000' }),
      '10.9.8.7',
    ],
    ['MAIL_FROM', 'with two addresses', () => mailConfig({ MAIL_FROM: 'a@hunter2.example, b@hunter2.example' }), 'hunter2'],
    ['SMTP_URL', 'of another kind', () => mailConfig({ SMTP_URL: 'http://user:hunter2@mail.example' }), 'hunter2'],
  ])('a configuration error (%s %s) answers 503 and its log line names the variable, never its value', async (variable, _label, read, secret) => {
    const handler = endpoint('test', ['POST'], async () => {
      read();
      return new Response(null, { status: 204 });
    });
    const original = console.log;
    const lines: string[] = [];
    console.log = (line: string) => lines.push(line);
    try {
      expect((await handler(request('{}'), quiet)).status).toBe(503);
    } finally {
      console.log = original;
    }
    expect(JSON.parse(lines[0]!).failure).toMatch(new RegExp(`^(Mail)?ConfigError ${variable}: \\S`));
    if (secret) expect(lines[0]).not.toContain(secret);
  });

  test('hands the handler the path parameters Netlify matched, and logs one line without them', async () => {
    const seen: unknown[] = [];
    const handler = endpoint('test', ['GET'], async (_req, context) => {
      seen.push(context.params);
      return new Response(null, { status: 204 });
    });
    const original = console.log;
    const lines: string[] = [];
    console.log = (line: string) => lines.push(line);
    try {
      const response = await handler(new Request('http://localhost/api/x/2026-06-20'), { ...quiet, params: { date: '2026-06-20' } });
      expect(response.status).toBe(204);
    } finally {
      console.log = original;
    }
    expect(seen).toEqual([{ date: '2026-06-20' }]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain('2026-06-20');
  });
});
