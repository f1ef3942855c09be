import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { fieldErrors } from './field-errors';

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
