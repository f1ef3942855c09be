import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { SECRET_TOKEN_PATTERN } from '@shared/schemas/secret-token';
import { hashSecretToken, newSecretToken } from './secret-token';

describe('secret-token', () => {
  test('newSecretToken returns 43 base64url characters, a new one each time', () => {
    const tokens = new Set(Array.from({ length: 50 }, newSecretToken));
    expect(tokens.size).toBe(50);
    for (const token of tokens) expect(token).toMatch(SECRET_TOKEN_PATTERN);
  });

  test('hashSecretToken returns the SHA-256 hex that sessions and cancel links have always stored', () => {
    expect(hashSecretToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    const token = newSecretToken();
    expect(hashSecretToken(token)).toBe(createHash('sha256').update(token).digest('hex'));
  });
});
