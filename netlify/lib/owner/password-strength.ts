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

const { site } = settings;

/** The site's phone number as digits, whole (area code first) and without its area code. */
function phoneDigits(): string[] {
  const digits = site.phone.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
  return digits.length === 10 ? [digits, digits.slice(3)] : [digits];
}

/** The site's e-mail address in lower case, its local part and its domain's first label ("howdy", "example"). */
function emailParts(): string[] {
  const email = site.email.toLowerCase();
  const [local = '', domain = ''] = email.split('@');
  return [email, local, domain.split('.')[0] ?? ''].filter(Boolean);
}

/**
 * The words an attacker of this site would try first, all read off its own pages (content/settings.json): its names
 * and places (brand, short name, state, service area, main cities), split and run together ("lonestarmobilebar",
 * "sanantonio"), its e-mail address and its parts, and its phone number's digits.
 */
export function siteWords(): string[] {
  const names = [site.brandName, site.shortName, site.state, site.serviceArea, ...site.primaryAreas];
  const nameForms = names.flatMap((name) => [name, name.replace(/\s+/g, ''), ...name.split(/\s+/)]);
  return [...new Set([...nameForms, ...emailParts(), ...phoneDigits()])];
}

/** A four-digit year a person would type (1900–2099). */
const YEAR = /(?:19|20)\d\d/g;

/** Judges passwords for one account: answers why a password is too weak, or undefined when it is strong enough. */
export type PasswordJudge = (password: string) => string | undefined;

/** The judge's own reasons to refuse a password, each one sentence set between the two of `refusal`. */
export const PASSWORD_REASONS = {
  phone: 'It holds the business’s phone number, which every page of the site shows.',
  email: 'It holds the business’s e-mail address, which every page of the site shows.',
  wordAndYear: 'A season, month, place, the business’s name or a common word with a year is among the first things tried.',
} as const;

/** The judge's answer: the one frame every refusal shares, with its reason (or zxcvbn's warning) in the middle. */
function refusal(reason: string | undefined): string {
  const middle = reason ? `${reason.replace(/\.?$/, '.')} ` : '';
  return `That password is too easy to guess. ${middle}Please use a longer passphrase of a few unrelated words.`;
}

/**
 * A judge of new passwords for `username`: zxcvbn-ts with its common and English dictionaries and keyboard graphs,
 * the username and the site's words (`siteWords`) counted as known words. Refused, each with its sentence: a password
 * holding the site's phone number (any punctuation) or e-mail address; one with a year whose letters, the years taken
 * out, are themselves guessable ("Summer2026!!", "Texas2026Texas"); and one scoring under MIN_PASSWORD_SCORE, with
 * zxcvbn's warning when it has one.
 */
export async function createPasswordJudge(username: string): Promise<PasswordJudge> {
  estimator ??= loadEstimator();
  const zxcvbn = await estimator;
  const userInputs = [username, ...siteWords()];
  const phones = phoneDigits();
  const email = site.email.toLowerCase().replace(/[^a-z0-9]/g, '');
  return (password) => {
    const digits = password.replace(/\D/g, '');
    const plain = password.toLowerCase().replace(/[^a-z0-9]/g, '');
    if (phones.some((phone) => digits.includes(phone))) return refusal(PASSWORD_REASONS.phone);
    if (plain.includes(email)) return refusal(PASSWORD_REASONS.email);
    if (password.match(YEAR)) {
      // The years out, what is left must stand on its own: "Summer" + "2026" + "!!" is a word, a year and a suffix.
      const letters = password.replace(YEAR, '').replace(/[^\p{L}]/gu, '');
      if (zxcvbn.check(letters, userInputs).score < MIN_PASSWORD_SCORE) return refusal(PASSWORD_REASONS.wordAndYear);
    }
    const result = zxcvbn.check(password, userInputs);
    return result.score >= MIN_PASSWORD_SCORE ? undefined : refusal(result.feedback.warning ?? undefined);
  };
}
