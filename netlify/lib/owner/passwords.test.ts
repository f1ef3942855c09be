import { describe, expect, test } from 'vitest';
import { CURRENT_PARAMS, DUMMY_HASH, hashPassword, needsRehash, verifyPassword } from './passwords';

describe('passwords', () => {
  test('hashPassword writes a salted scrypt PHC string with the current parameters that verifyPassword accepts', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^\$scrypt\$ln=17,r=8,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(await hashPassword('correct horse battery')).not.toBe(hash);
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse batterY', hash)).toBe(false);
    expect(needsRehash(hash)).toBe(false);
  });

  test('refuses to hash with parameters below the minimum', async () => {
    await expect(hashPassword('x', { ...CURRENT_PARAMS, ln: 16 })).rejects.toThrow(RangeError);
    await expect(hashPassword('x', { ...CURRENT_PARAMS, r: 4 })).rejects.toThrow(RangeError);
  });

  test.each([
    ['weaker N', '$scrypt$ln=14,r=8,p=1$MDEyMzQ1Njc4OWFiY2RlZg$' + 'A'.repeat(43), true],
    ['malformed', 'hunter2', true],
    ['current', DUMMY_HASH, false],
  ])('needsRehash: %s → %s', (_label, hash, expected) => {
    expect(needsRehash(hash)).toBe(expected);
  });

  test.each([
    ['not a PHC string', 'hunter2'],
    ['argon2id (not what this code writes)', '$argon2id$v=19$m=65536,t=3,p=4$c29tZXNhbHRzb21lc2FsdA$RdescudvJCsgt3ub+b+dWRWJTmaaJObG2c8DmPO5ZBw'],
    ['absurd cost (would exhaust memory)', '$scrypt$ln=30,r=8,p=1$c29tZXNhbHRzb21lc2FsdA$RdescudvJCsgt3ub+b+dWRWJTmaaJObG2c8DmPO5ZBw'],
    ['the dummy hash', DUMMY_HASH],
  ])('verifyPassword answers false for %s', async (_label, hash) => {
    expect(await verifyPassword('anything at all', hash)).toBe(false);
  });

});
