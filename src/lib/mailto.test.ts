import { describe, expect, test } from 'vitest';
import { mailtoHref } from './mailto';

describe('mailtoHref', () => {
  test.each([
    ['dolly@example.com', 'mailto:dolly@example.com'],
    ["o'brien+tag@example.com", "mailto:o'brien%2Btag@example.com"],
    ['x?cc=attacker%40evil.example&subject=hi@example.com', 'mailto:x%3Fcc%3Dattacker%2540evil.example%26subject%3Dhi@example.com'],
    ['a#b@example.com', 'mailto:a%23b@example.com'],
    ['a b@example.com', 'mailto:a%20b@example.com'],
  ])('%s becomes %s', (address, href) => {
    expect(mailtoHref(address)).toBe(href);
  });

  test('the address is the whole link: no query, fragment or escape of its own, and it decodes back', () => {
    const address = 'x?cc=attacker%40evil.example&subject=hi@example.com#frag';
    const url = new URL(mailtoHref(address));
    expect(url.search).toBe('');
    expect(url.hash).toBe('');
    expect(decodeURIComponent(url.pathname)).toBe(address);
  });
});
