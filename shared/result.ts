import type { ErrorCode } from './schemas/api-error';

/** It worked, and here is what it made. */
export type Done<T> = { readonly ok: true; readonly value: T };

/** It was refused, with a code from the API's closed set and, for some codes, what the reply shows with it. */
export type Refused<C extends ErrorCode = ErrorCode, D = undefined> = { readonly ok: false; readonly code: C; readonly details: D };

/**
 * The one answer of a data-layer function that can refuse: done with a value, or refused with a code. An endpoint turns
 * a refusal into its reply with `replyRefusal` (netlify/lib/http/); nothing converts between result shapes.
 */
export type Result<T, C extends ErrorCode = ErrorCode, D = undefined> = Done<T> | Refused<C, D>;

/** A done result carrying `value`. */
export function done<T>(value: T): Done<T>;
/** A done result with nothing to carry. */
export function done(): Done<undefined>;
export function done<T>(value?: T): Done<T | undefined> {
  return { ok: true, value };
}

/** A refusal with `code` and, when the reply needs them, its `details` (e.g. the slots that stop a block). */
export function refused<C extends ErrorCode>(code: C): Refused<C>;
export function refused<C extends ErrorCode, D>(code: C, details: D): Refused<C, D>;
export function refused<C extends ErrorCode, D>(code: C, details?: D): Refused<C, D | undefined> {
  return { ok: false, code, details };
}
