import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import settings from '@content/settings.json' with { type: 'json' };

/** The lowest zxcvbn score (0–4) a new owner password may have: 3 means "safely unguessable" (about 10^8 guesses or more). */
export const MIN_PASSWORD_SCORE = 3;

// Loaded on the first check only, with dynamic imports: the dictionaries are several megabytes, and only setting a
// password (npm run owner:add) needs them, never the functions that answer requests.
let estimator: Promise<ZxcvbnFactory> | undefined;

async function loadEstimator(): Promise<ZxcvbnFactory> {
  const [{ ZxcvbnFactory }, common, en] = await Promise.all([
    import('@zxcvbn-ts/core'),
    import('@zxcvbn-ts/language-common'),
    import('@zxcvbn-ts/language-en'),
  ]);
  return new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
    translations: en.translations,
  });
}

/** The words an attacker of this site would try first: the site's names, split and run together ("lonestarmobilebar"). */
export function siteWords(): string[] {
  const names = [settings.site.brandName, settings.site.shortName];
  return [...new Set(names.flatMap((name) => [name, name.replace(/\s+/g, ''), ...name.split(/\s+/)]))];
}

/** Judges passwords for one account: answers why a password is too weak, or undefined when it is strong enough. */
export type PasswordJudge = (password: string) => string | undefined;

/**
 * A judge of new passwords for `username`: zxcvbn-ts with its common and English dictionaries and keyboard graphs,
 * the username and the site's names counted as known words. A password scoring under MIN_PASSWORD_SCORE is refused
 * with zxcvbn's warning when it has one.
 */
export async function createPasswordJudge(username: string): Promise<PasswordJudge> {
  estimator ??= loadEstimator();
  const zxcvbn = await estimator;
  const userInputs = [username, ...siteWords()];
  return (password) => {
    const result = zxcvbn.check(password, userInputs);
    if (result.score >= MIN_PASSWORD_SCORE) return undefined;
    const warning = result.feedback.warning ? `${result.feedback.warning.replace(/\.?$/, '.')} ` : '';
    return `That password is too easy to guess. ${warning}Please use a longer passphrase of a few unrelated words.`;
  };
}
