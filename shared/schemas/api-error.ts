import * as v from 'valibot';
import type { HeldSlot } from './owner/blocks';

/** Field name to the message shown next to that field: from the shared schema's issues or a 400's `error.fields`. */
export type FieldErrors = Record<string, string>;

/**
 * Every error code the API answers, with the one HTTP status it means. A code missing here does not compile in
 * `replyError`, and a body carrying it is not the API's error shape.
 */
export const ERROR_STATUS = {
  // The request itself
  invalid_json: 400,
  invalid_fields: 400,
  invalid_date: 400,
  invalid_cursor: 400,
  invalid_idempotency_key: 400,
  // An estimate for a ZIP code outside Texas or not known.
  outside_service_area: 400,
  payload_too_large: 413,
  unsupported_media_type: 415,
  method_not_allowed: 405,
  not_found: 404,
  // The owner's desk
  cross_site: 403,
  unauthenticated: 401,
  invalid_credentials: 401,
  too_many_attempts: 429,
  // Retries
  idempotency_key_in_flight: 409,
  idempotency_key_reused: 422,
  // Holds
  slot_taken: 409,
  hold_limit_reached: 422,
  // A slot whose window has started in Texas: not bookable, and no booking moves into it.
  slot_started: 409,
  // A move to the date and slot the booking already holds.
  same_slot: 409,
  // The owner's cancel and the client's cancel link answer "already cancelled" alike.
  already_cancelled: 409,
  already_lifted: 409,
  // Cancel links (the codes are CANCEL_REFUSALS' keys)
  unknown: 404,
  expired: 410,
  started: 409,
  // Our side
  internal_error: 500,
  service_unavailable: 503,
  // One client (IP) at its daily budget of new holds
  too_many_holds: 429,
  // The sale: a proposal that can no longer be signed or changed (the codes are PROPOSAL_REFUSALS' keys)
  proposal_signed: 409,
  proposal_expired: 409,
  proposal_withdrawn: 409,
  proposal_replaced: 409,
  proposal_not_signed: 409,
  already_countersigned: 409,
  // A client's move of a booking whose contract is signed
  contract_signed: 409,
  // The change policy (content/event-policy.json): the client's link no longer moves or cancels online
  change_window_closed: 409,
  move_limit_reached: 409,
  // Payments: more than is still owed, a payment voided already
  payment_exceeds_balance: 409,
  already_voided: 409,
  // The final details before the contract is signed, and after their due date
  details_not_open: 409,
  details_closed: 409,
} as const;

/** One of the API's error codes. */
export type ErrorCode = keyof typeof ERROR_STATUS;

/** The HTTP status an error code is answered with. */
export type ErrorStatus<C extends ErrorCode = ErrorCode> = (typeof ERROR_STATUS)[C];

/** Every error code, for the body schema's picklist. */
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

/** The one error body every API endpoint answers with: `{ "error": { "code", "message", "fields"? } }`. */
export const ApiErrorBodySchema = v.object({
  error: v.object({
    code: v.picklist(ERROR_CODES),
    message: v.string(),
    // A malformed `fields` is dropped rather than losing the message with it.
    fields: v.fallback(v.optional(v.record(v.string(), v.string())), undefined),
  }),
});

/**
 * The API's error body (what the server sends and the client reads). A refused block's answer also lists every held
 * slot (`held`; its message names the first few): no browser code reads that list, so the schema does not parse it
 * (its array and nullable rules would ship to every public page with a form).
 */
export type ApiErrorBody = { error: v.InferOutput<typeof ApiErrorBodySchema>['error'] & { held?: HeldSlot[] } };

/** The `error` part of a parsed answer body, or undefined when the body does not have the API's error shape. */
export function parseApiError(body: unknown): ApiErrorBody['error'] | undefined {
  const result = v.safeParse(ApiErrorBodySchema, body);
  return result.success ? result.output.error : undefined;
}

/** Whether a parsed answer body has the API's error shape. */
export function isApiErrorBody(body: unknown): body is ApiErrorBody {
  return parseApiError(body) !== undefined;
}

/** Per-field messages from valibot issues: the first message for each top-level field name. */
export function fieldErrors(issues: readonly v.BaseIssue<unknown>[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path?.[0]?.key;
    if (typeof key !== 'string' || key in fields) continue;
    fields[key] = issue.message;
  }
  return fields;
}
