import { describe, expect, test } from 'vitest';
import { cancelTokenFrom, texasWindow, withoutCancelToken } from './cancel-link';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde';

describe('cancelTokenFrom', () => {
  test.each([
    [`https://example.com/cancel#token=${TOKEN}`, TOKEN],
    [`https://example.com/cancel?token=${TOKEN}`, TOKEN],
    [`https://example.com/cancel?utm=mail#token=${TOKEN}`, TOKEN],
    ['https://example.com/cancel', undefined],
    ['https://example.com/cancel#token=', ''],
    ['https://example.com/cancel#other=1', undefined],
  ])('reads %s', (url, expected) => {
    expect(cancelTokenFrom(new URL(url))).toBe(expected);
  });
});

describe('withoutCancelToken', () => {
  test.each([
    [`https://example.com/cancel#token=${TOKEN}`, '/cancel'],
    [`https://example.com/cancel?token=${TOKEN}`, '/cancel'],
    [`https://example.com/cancel?utm=mail&token=${TOKEN}#token=${TOKEN}&x=1`, '/cancel?utm=mail#x=1'],
    ['https://example.com/cancel', '/cancel'],
  ])('drops the token from %s', (url, expected) => {
    expect(withoutCancelToken(new URL(url))).toBe(expected);
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
