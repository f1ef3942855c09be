import { describe, expect, test } from 'vitest';
import { telHref } from './phone';

describe('telHref', () => {
  test.each([
    ['(512) 555-0142', 'tel:+15125550142'],
    ['512-555-0142', 'tel:+15125550142'],
    ['+1 512 555 0142', 'tel:+15125550142'],
  ])('turns %s into %s', (phone, href) => {
    expect(telHref(phone)).toBe(href);
  });
});
