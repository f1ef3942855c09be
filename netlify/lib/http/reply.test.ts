import { describe, expect, test } from 'vitest';
import { API_HEADERS, reply, replyError } from './reply';

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

  test('replyError accepts only the declared codes, each with its own status', async () => {
    // @ts-expect-error: not one of the API's error codes
    expect(replyError(400, 'no_such_code', 'Nope.').status).toBe(400);
    // @ts-expect-error: slot_taken means 409, never 400
    expect(replyError(400, 'slot_taken', 'Taken.').status).toBe(400);
    expect(replyError(409, 'already_lifted', 'Lifted.').status).toBe(409);
  });
});
