import { describe, expect, test } from 'vitest';
import { ConfigError } from './env';
import { DatabaseUnavailableError } from './db';
import { API_HEADERS, MAX_BODY_BYTES, endpoint, readJsonBody, reply, replyError } from './http';

function request(body: BodyInit | null, headers: Record<string, string> = { 'content-type': 'application/json' }) {
  return new Request('http://localhost/api/x', { method: 'POST', headers, body });
}

describe('reply', () => {
  test('answers JSON with no-store and the security headers', async () => {
    const response = reply(200, { ok: true });
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toEqual(
      Object.fromEntries(Object.entries(API_HEADERS).map(([name, value]) => [name.toLowerCase(), value])),
    );
    expect(await response.json()).toEqual({ ok: true });
  });

  test('replyError builds the one error shape, fields only when given', async () => {
    expect(await replyError(409, 'slot_taken', 'Taken.').json()).toEqual({
      error: { code: 'slot_taken', message: 'Taken.' },
    });
    expect(await replyError(400, 'invalid_fields', 'Check.', { fields: { a: 'b' } }).json()).toEqual({
      error: { code: 'invalid_fields', message: 'Check.', fields: { a: 'b' } },
    });
  });
});

describe('readJsonBody', () => {
  test.each([
    ['an object', '{"a":1}', { a: 1 }],
    ['UTF-8 text', '{"name":"José – 🤠"}', { name: 'José – 🤠' }],
    ['exactly the limit', JSON.stringify({ a: 'x'.repeat(MAX_BODY_BYTES - 8) }), { a: 'x'.repeat(MAX_BODY_BYTES - 8) }],
  ])('reads %s', async (_label, body, value) => {
    expect(await readJsonBody(request(body))).toEqual({ ok: true, value });
  });

  test.each([
    ['one byte over the limit', JSON.stringify({ a: 'x'.repeat(MAX_BODY_BYTES - 7) }), 413],
    ['multi-byte text over the limit', JSON.stringify({ a: '🤠'.repeat(MAX_BODY_BYTES / 4) }), 413],
    ['no body', null, 400],
    ['invalid JSON', '{', 400],
    ['trailing garbage', '{"a":1} x', 400],
  ])('refuses %s with %i', async (_label, body, status) => {
    const result = await readJsonBody(request(body));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.response.status).toBe(status);
  });

  test.each([[''], ['text/json'], ['application/jsonp'], ['text/plain; charset=utf-8']])(
    'refuses Content-Type %j with 415',
    async (contentType) => {
      const headers: Record<string, string> = contentType ? { 'content-type': contentType } : {};
      const result = await readJsonBody(new Request('http://localhost/', { method: 'POST', headers, body: '{}' }));
      expect(result.ok ? 200 : result.response.status).toBe(415);
    },
  );

  test('honours a smaller limit', async () => {
    const result = await readJsonBody(request('{"a":"12345"}'), 5);
    expect(result.ok ? 200 : result.response.status).toBe(413);
  });
});

describe('endpoint', () => {
  const quiet = { requestId: 'r1' };

  test.each([
    ['DatabaseUnavailableError', new DatabaseUnavailableError('down'), 503],
    ['ConfigError', new ConfigError('DATABASE_URL is not set.'), 503],
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
});
