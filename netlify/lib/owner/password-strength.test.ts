import { describe, expect, test } from 'vitest';
import { MIN_PASSWORD_LENGTH, createNewPasswordSchema } from '@shared/schemas/owner';
import * as v from 'valibot';
import settings from '@content/settings.json' with { type: 'json' };
import { PASSWORD_REASONS, createPasswordJudge, siteWords } from './password-strength';

const { site } = settings;
const refusedFor = (reason: string) =>
  `That password is too easy to guess. ${reason} Please use a longer passphrase of a few unrelated words.`;

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

  // The six an attacker's pass got accepted, each read from the site's own settings where it comes from there.
  test.each([
    ['the site’s phone number as printed', site.phone, PASSWORD_REASONS.phone],
    ['the site’s e-mail address', site.email, PASSWORD_REASONS.email],
    ['a season and a year', 'Summer2026!!', PASSWORD_REASONS.wordAndYear],
    ['the state around a year', `${site.state}2026${site.state}`, PASSWORD_REASONS.wordAndYear],
    ['“password” and a year', 'Password2026!!', PASSWORD_REASONS.wordAndYear],
    ['the brand run together with a year', `${site.brandName.replace(/\s+/g, '')}2026!`, PASSWORD_REASONS.wordAndYear],
  ])('refuses %s (%j) with its own sentence', async (_label, password, reason) => {
    expect((await createPasswordJudge('cowboy.bartender'))(password)).toBe(refusedFor(reason));
  });

  test.each([
    ['the phone number in other punctuation', site.phone.replace(/\D/g, '.')],
    ['the phone number without its area code, in a phrase', `call ${site.phone.replace(/\D/g, '').slice(3)} tonight partner`],
    ['the e-mail address in capitals', `${site.email.toUpperCase()}!`],
    ['a month and a year', 'October2026October'],
    ['a main city and a year', `${site.primaryAreas.at(-1)!.replace(/\s+/g, '')}1999?`],
  ])('refuses %s (%j)', async (_label, password) => {
    expect((await createPasswordJudge('cowboy.bartender'))(password)).toMatch(/^That password is too easy to guess\. (It holds|A season)/);
  });

  test.each([
    'copper kettle mesquite lantern',
    'longhorn-sunset-margarita',
    'saddle-up-at-dawn-2026',
    'copper kettle 2026 mesquite lantern',
  ])(
    'accepts the passphrase %j',
    async (password) => {
      expect((await createPasswordJudge('cowboy.bartender'))(password)).toBeUndefined();
    },
  );

  test('counts the site names from settings.json as known words, whole and run together', () => {
    expect(siteWords()).toEqual(expect.arrayContaining(['Lone Star Mobile Bar', 'LoneStarMobileBar', 'Lone', 'Mobile']));
  });

  test('counts the site’s state, places, e-mail address and phone digits from settings.json as known words', () => {
    const digits = site.phone.replace(/\D/g, '');
    expect(siteWords()).toEqual(
      expect.arrayContaining([site.state, ...site.primaryAreas, site.email, site.email.split('@')[0], digits, digits.slice(3)]),
    );
  });

  test('the new-password schema checks length first, then strength, with the judge message', async () => {
    const schema = createNewPasswordSchema(await createPasswordJudge('dolores'));
    expect(v.safeParse(schema, 'a'.repeat(MIN_PASSWORD_LENGTH - 1)).issues?.[0].message).toBe('Please use at least 12 characters.');
    expect(v.safeParse(schema, 'aaaaaaaaaaaa').issues?.[0].message).toMatch(/^That password is too easy to guess\./);
    expect(v.safeParse(schema, 'copper kettle mesquite lantern').success).toBe(true);
  });
});
