import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { GUEST_RANGE, GuestCountSchema, TOO_MANY_GUESTS_MESSAGE } from './contact-details';

describe('the one guest range', () => {
  test('is the price list’s: 1 to 350 guests, and above it the sentence says to call', () => {
    expect(GUEST_RANGE).toEqual({ min: 1, max: 350 });
    expect(TOO_MANY_GUESTS_MESSAGE).toBe('For a party of more than 350 guests, please call us at (512) 555-0142: we staff it specially.');
  });

  test.each([
    ['1', '1'],
    [350, '350'],
    [' 0350 ', '350'],
  ])('takes %j guests', (count, stored) => {
    expect(v.parse(GuestCountSchema, count)).toBe(stored);
  });

  test.each([
    ['0', 'Please enter at least 1 guest.'],
    ['351', TOO_MANY_GUESTS_MESSAGE],
    [5_000, TOO_MANY_GUESTS_MESSAGE],
  ])('refuses %j guests', (count, message) => {
    const result = v.safeParse(GuestCountSchema, count);
    expect(result.success).toBe(false);
    expect(result.issues?.[0]?.message).toBe(message);
  });
});
