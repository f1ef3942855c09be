import * as v from 'valibot';
import { formObject, requiredText } from '../fields';

/** What an owner's username may hold: letters, digits, dot, dash, underscore, 1 to 64 of them. */
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

/** Shortest password an owner may set (no composition rules: length and a strength estimate instead). */
export const MIN_PASSWORD_LENGTH = 12;
/** Longest password accepted anywhere (scrypt takes any length; this only bounds the work per request). */
export const MAX_PASSWORD_LENGTH = 1024;

/** The one message for every failed sign-in, whatever was wrong. */
export const SIGN_IN_FAILED_MESSAGE = 'That username and password do not match. Please try again.';

/** The sign-in form: username (trimmed) and password (exactly as typed). */
export const SignInSchema = formObject(
  {
    username: requiredText('Please enter your username.', 200, 'Please enter a username of at most 200 characters.', 'your username'),
    password: v.pipe(
      v.string('Please enter your password.'),
      v.nonEmpty('Please enter your password.'),
      v.maxLength(MAX_PASSWORD_LENGTH, 'Please enter a password of at most 1024 characters.'),
    ),
  },
  'Please send your username and password.',
);

/** What the sign-in form sends. */
export type SignInInput = v.InferInput<typeof SignInSchema>;

/** An owner's username as `npm run owner:add` accepts it. */
export const UsernameSchema = v.pipe(
  v.string('Please give a username.'),
  v.trim(),
  v.regex(USERNAME_PATTERN, 'A username is 1 to 64 letters, digits, dots, dashes or underscores.'),
);

/**
 * A new owner password: 12 to 1024 characters, and strong enough for `weakness` (passed in: the strength estimate
 * and its dictionaries are server-side), which answers why a password is too weak, or undefined.
 */
export function createNewPasswordSchema(weakness: (password: string) => string | undefined) {
  return v.pipe(
    v.string('Please type a password.'),
    v.minLength(MIN_PASSWORD_LENGTH, `Please use at least ${MIN_PASSWORD_LENGTH} characters.`),
    v.maxLength(MAX_PASSWORD_LENGTH, 'Please use at most 1024 characters.'),
    v.rawCheck(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const problem = weakness(dataset.value);
      if (problem) addIssue({ message: problem });
    }),
  );
}

/**
 * The signed-in owner, as GET/POST /api/admin/session answer it, with the failed sign-in attempts for the account
 * between the previous successful sign-in and this session's (shown on the desk).
 */
export type OwnerSession = { user: { username: string }; failedSignIns: number };
