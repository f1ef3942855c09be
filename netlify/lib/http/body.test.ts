import { describe, expect, test } from 'vitest';
import { MAX_BODY_BYTES, readJsonBody } from './body';
import { replyRefusal } from './refusal';

function request(body: BodyInit | null, headers: Record<string, string> = { 'content-type': 'application/json' }) {
  return new Request('http://localhost/api/x', { method: 'POST', headers, body });
}

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
    if (!result.ok) expect(replyRefusal(result).status).toBe(status);
  });

  test.each([[''], ['text/json'], ['application/jsonp'], ['text/plain; charset=utf-8']])(
    'refuses Content-Type %j with 415',
    async (contentType) => {
      const headers: Record<string, string> = contentType ? { 'content-type': contentType } : {};
      const result = await readJsonBody(new Request('http://localhost/', { method: 'POST', headers, body: '{}' }));
      expect(result.ok ? 200 : replyRefusal(result).status).toBe(415);
    },
  );

  test('honours a smaller limit', async () => {
    const result = await readJsonBody(request('{"a":"12345"}'), 5);
    expect(result.ok ? 200 : replyRefusal(result).status).toBe(413);
  });
});
