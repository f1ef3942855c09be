import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { fieldErrors, isApiErrorBody, parseApiError } from './api-error';

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
  ])('returns undefined for $case', ({ body }) => {
    expect(parseApiError(body)).toBeUndefined();
    expect(isApiErrorBody(body)).toBe(false);
  });
});
