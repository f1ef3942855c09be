import { describe, expect, test } from 'vitest';
import { cancelTokenFrom, cancelUrl, withoutCancelToken } from './cancel-link';

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcde';

describe('cancelUrl', () => {
  test('writes a link whose token the cancel page reads back, in the fragment', () => {
    const url = new URL(cancelUrl('https://lonestar.example', TOKEN));
    expect(url.search).toBe('');
    expect(cancelTokenFrom(url)).toBe(TOKEN);
  });
});

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
