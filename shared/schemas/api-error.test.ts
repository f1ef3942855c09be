import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { ERROR_CODES, ERROR_STATUS, fieldErrors, isApiErrorBody, parseApiError, type ErrorCode } from './api-error';

const Schema = v.object({
  name: v.pipe(v.string('Name is text.'), v.nonEmpty('Please enter a name.'), v.minLength(3, 'Too short.')),
  age: v.number('Please enter an age.'),
  nested: v.optional(v.object({ inner: v.string('Inner is text.') })),
});

describe('fieldErrors', () => {
  test('keeps the first message of each field', () => {
    const result = v.safeParse(Schema, { name: '', age: 'x' });
    expect(fieldErrors(result.issues ?? [])).toEqual({ name: 'Please enter a name.', age: 'Please enter an age.' });
  });

  test('files a nested issue under its top-level field', () => {
    const result = v.safeParse(Schema, { name: 'Ann', age: 3, nested: { inner: 1 } });
    expect(fieldErrors(result.issues ?? [])).toEqual({ nested: 'Inner is text.' });
  });

  test('leaves out issues about the whole payload', () => {
    const result = v.safeParse(Schema, 'not an object');
    expect(result.success).toBe(false);
    expect(fieldErrors(result.issues ?? [])).toEqual({});
  });

  test('returns no fields when there are no issues', () => {
    expect(fieldErrors([])).toEqual({});
  });
});

describe('parseApiError', () => {
  test('returns code, message and string field messages of an error body', () => {
    const body = { error: { code: 'invalid_fields', message: 'Check the fields.', fields: { email: 'Enter an e-mail.' } } };
    expect(parseApiError(body)).toEqual(body.error);
    expect(isApiErrorBody(body)).toBe(true);
  });

  test('keeps the message and drops a malformed fields map', () => {
    const body = { error: { code: 'invalid_fields', message: 'Check the fields.', fields: { a: 'A', b: 3 } } };
    expect(parseApiError(body)).toEqual({ code: 'invalid_fields', message: 'Check the fields.', fields: undefined });
  });

  test.each([
    { case: 'nothing', body: undefined },
    { case: 'a string', body: 'Internal Server Error' },
    { case: 'JSON without error', body: { ok: false } },
    { case: 'an error without code', body: { error: { message: 'Taken' } } },
    { case: 'an error without message', body: { error: { code: 'slot_taken' } } },
    { case: 'a non-string message', body: { error: { code: 'x', message: 7 } } },
    { case: 'a code the API does not answer', body: { error: { code: 'teapot', message: 'Short and stout.' } } },
  ])('returns undefined for $case', ({ body }) => {
    expect(parseApiError(body)).toBeUndefined();
    expect(isApiErrorBody(body)).toBe(false);
  });
});

describe('ERROR_STATUS', () => {
  test.each(ERROR_CODES)('%s is an error status a client can read back', (code) => {
    expect(ERROR_STATUS[code]).toBeGreaterThanOrEqual(400);
    expect(ERROR_STATUS[code]).toBeLessThan(600);
    expect(parseApiError({ error: { code, message: 'Shown.' } })?.code).toBe(code);
  });

  test('holds the codes of a cancelled reservation and a lifted block (409)', () => {
    expect([ERROR_STATUS.already_cancelled, ERROR_STATUS.already_lifted]).toEqual([409, 409]);
  });

  test('types a parsed code as ErrorCode, so an unknown one does not compile', () => {
    const code = parseApiError({ error: { code: 'not_found', message: 'Gone.' } })?.code;
    // @ts-expect-error: not one of the API's error codes
    const unknown: ErrorCode = 'no_such_code';
    expect([code, unknown]).toEqual(['not_found', 'no_such_code']);
  });
});
