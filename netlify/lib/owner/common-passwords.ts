import { dictionary } from '@zxcvbn-ts/language-common';

// A module of its own: the list is 400 KB, and only `npm run owner:add` needs it (not the sign-in function's bundle).
let common: Set<string> | undefined;

/** Whether `password` (compared in lower case) is in zxcvbn-ts's list of common passwords. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary['passwords-common'].map((entry) => entry.toLowerCase()));
  return common.has(password.toLowerCase());
}
