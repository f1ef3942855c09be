import { describe, expect, test } from 'vitest';
import { MIN_PASSWORD_LENGTH, createNewPasswordSchema } from '@shared/schemas/owner';
import * as v from 'valibot';
import { createPasswordJudge, siteWords } from './password-strength';

describe('createPasswordJudge', () => {
  test.each([
    ['one repeated character', 'aaaaaaaaaaaa', 'cowboy.bartender'],
    ['the site name run together', 'lonestarmobilebar', 'cowboy.bartender'],
    ['the site name with a year', 'LoneStarMobileBar2026', 'cowboy.bartender'],
    ['a common password with digits', 'password123456', 'cowboy.bartender'],
    ['a common password', 'qwerty123456', 'cowboy.bartender'],
    ['the username', 'cowboy.bartender', 'cowboy.bartender'],
    ['the username in another case', 'COWBOY.BARTENDER', 'cowboy.bartender'],
    ['a keyboard walk', 'qwertyuiopasdf', 'cowboy.bartender'],
  ])('refuses %s (%j)', async (_label, password, username) => {
    const judge = await createPasswordJudge(username);
    expect(judge(password)).toMatch(/^That password is too easy to guess\. .*Please use a longer passphrase of a few unrelated words\.$/);
  });

  test.each(['copper kettle mesquite lantern', 'longhorn-sunset-margarita', 'saddle-up-at-dawn-2026'])(
    'accepts the passphrase %j',
    async (password) => {
      expect((await createPasswordJudge('cowboy.bartender'))(password)).toBeUndefined();
    },
  );

  test('counts the site names from settings.json as known words, whole and run together', () => {
    expect(siteWords()).toEqual(expect.arrayContaining(['Lone Star Mobile Bar', 'LoneStarMobileBar', 'Lone', 'Mobile']));
  });

  test('the new-password schema checks length first, then strength, with the judge message', async () => {
    const schema = createNewPasswordSchema(await createPasswordJudge('dolores'));
    expect(v.safeParse(schema, 'a'.repeat(MIN_PASSWORD_LENGTH - 1)).issues?.[0].message).toBe('Please use at least 12 characters.');
    expect(v.safeParse(schema, 'aaaaaaaaaaaa').issues?.[0].message).toMatch(/^That password is too easy to guess\./);
    expect(v.safeParse(schema, 'copper kettle mesquite lantern').success).toBe(true);
  });
});
