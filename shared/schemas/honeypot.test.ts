import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { HONEYPOT_FIELD, HoneypotSchema, isHoneypotFilled } from './honeypot';

describe('honeypot', () => {
  test('is the field named website', () => {
    expect(HONEYPOT_FIELD).toBe('website');
  });

  test.each([
    [undefined, '', false],
    ['', '', false],
    ['   ', '', false],
    [null, '', false],
    ['http://spam.example', 'http://spam.example', true],
    [42, '42', true],
    [true, 'true', true],
  ])('value %j reads %j, filled: %s', (input, output, filled) => {
    const value = v.parse(HoneypotSchema, input);
    expect(value).toBe(output);
    expect(isHoneypotFilled({ website: value })).toBe(filled);
  });

  test('a missing field is not filled', () => {
    expect(isHoneypotFilled({})).toBe(false);
  });
});
