import { describe, expect, test } from 'vitest';
import { BOOKING_LINK_KEY, forgetLinkToken, linkToken, texasWindow, type TokenStorage } from './cancel-link';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde';
const OTHER = 'ZyXwVuTsRqPoNmLkJiHgFeDcBa9876543210_-edcba';

/** A Map-backed stand-in for this tab's sessionStorage. */
function memoryStorage(initial: Record<string, string> = {}): TokenStorage & { entries: Map<string, string> } {
  const entries = new Map(Object.entries(initial));
  return {
    entries,
    getItem: (key) => entries.get(key) ?? null,
    setItem: (key, value) => void entries.set(key, value),
    removeItem: (key) => void entries.delete(key),
  };
}

/** Storage that throws on every call, as a browser with storage disabled does. */
const refusingStorage: TokenStorage = {
  getItem: () => {
    throw new DOMException('denied', 'SecurityError');
  },
  setItem: () => {
    throw new DOMException('denied', 'QuotaExceededError');
  },
  removeItem: () => {
    throw new DOMException('denied', 'SecurityError');
  },
};

describe('linkToken', () => {
  test.each([
    ['a fragment with nothing kept', `https://example.com/cancel#token=${TOKEN}`, {}, TOKEN, TOKEN],
    ['a new fragment over a kept token', `https://example.com/cancel#token=${TOKEN}`, { [BOOKING_LINK_KEY]: OTHER }, TOKEN, TOKEN],
    ['a reload without fragment', 'https://example.com/cancel', { [BOOKING_LINK_KEY]: OTHER }, OTHER, OTHER],
    ['a first visit without fragment', 'https://example.com/cancel', {}, undefined, undefined],
    ['a cut-off fragment over a kept token', 'https://example.com/cancel#token=abc', { [BOOKING_LINK_KEY]: OTHER }, 'abc', 'abc'],
  ])('%s', (_case, url, kept: Record<string, string>, expected, keptAfter) => {
    const storage = memoryStorage(kept);
    expect(linkToken(new URL(url), storage)).toBe(expected);
    expect(storage.entries.get(BOOKING_LINK_KEY)).toBe(keptAfter);
  });

  test('still reads the fragment when storage refuses, or there is none', () => {
    expect(linkToken(new URL(`https://example.com/cancel#token=${TOKEN}`), refusingStorage)).toBe(TOKEN);
    expect(linkToken(new URL('https://example.com/cancel'), refusingStorage)).toBeUndefined();
    expect(linkToken(new URL(`https://example.com/cancel#token=${TOKEN}`), undefined)).toBe(TOKEN);
  });
});

describe('forgetLinkToken', () => {
  test('drops the kept token only, and does not throw when storage refuses', () => {
    const storage = memoryStorage({ [BOOKING_LINK_KEY]: TOKEN, other: 'kept' });
    forgetLinkToken(storage);
    expect([...storage.entries]).toEqual([['other', 'kept']]);
    expect(() => forgetLinkToken(refusingStorage)).not.toThrow();
  });
});

describe('texasWindow', () => {
  test.each([
    // Summer (CDT, UTC-5): the evening slot 6 PM to 11 PM local is 23:00 to 04:00 UTC.
    ['2026-07-04T23:00:00.000Z', '2026-07-05T04:00:00.000Z', 'Saturday, July 4, 2026', '6:00 PM', '11:00 PM'],
    // Winter (CST, UTC-6): the morning slot 9 AM to 1 PM local is 15:00 to 19:00 UTC.
    ['2026-12-19T15:00:00.000Z', '2026-12-19T19:00:00.000Z', 'Saturday, December 19, 2026', '9:00 AM', '1:00 PM'],
  ])('writes %s to %s in Texas time', (startsAt, endsAt, date, start, end) => {
    expect(texasWindow({ startsAt, endsAt })).toEqual({ date, start, end });
  });
});
