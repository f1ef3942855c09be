import { CHANGE_REFUSALS } from '@shared/change-policy';
import { ERROR_STATUS, type ErrorCode, type FieldErrors } from '@shared/schemas/api-error';
import { SLOT_STARTED_MESSAGE, SLOT_TAKEN_MESSAGE } from '@shared/schemas/booking';
import { CANCEL_REFUSALS, SAME_SLOT_MESSAGE } from '@shared/schemas/cancel';
import { PAYMENT_REFUSALS } from '@shared/schemas/payment';
import { DETAILS_NOT_OPEN_MESSAGE } from '@shared/schemas/event-details';
import { PROPOSAL_REFUSALS } from '@shared/schemas/proposal';
import { HOLD_LIMIT_MESSAGE, TOO_MANY_HOLDS_MESSAGE } from '@shared/schemas/holds';
import type { HeldSlot } from '@shared/schemas/owner';
import { PRICES } from '@shared/prices';
import type { Refused } from '@shared/result';
import { heldMessage } from './held-message';
import { CHECK_FIELDS_MESSAGE, replyError } from './reply';

/**
 * What a refusal may carry for its reply: the slots that stop a block, a message of its own (a schema's issue), or the
 * message of each field it names (an estimate's).
 */
export type RefusalDetails = { held?: HeldSlot[]; message?: string; fields?: FieldErrors } | undefined;

/** A refusal's visitor-facing words: its message, and the form field that shows it too. */
type Words = { message: string; field?: string };

// The one table of what each refusal says; an endpoint may name its own words for a code (e.g. what was not found).
const WORDS: Partial<Record<ErrorCode, Words>> = {
  slot_taken: { message: SLOT_TAKEN_MESSAGE, field: 'timeSlot' },
  slot_started: { message: SLOT_STARTED_MESSAGE, field: 'timeSlot' },
  same_slot: { message: SAME_SLOT_MESSAGE, field: 'timeSlot' },
  hold_limit_reached: { message: HOLD_LIMIT_MESSAGE, field: 'clientEmail' },
  too_many_holds: { message: TOO_MANY_HOLDS_MESSAGE },
  unknown: { message: CANCEL_REFUSALS.unknown.message },
  already_cancelled: { message: CANCEL_REFUSALS.already_cancelled.message },
  expired: { message: CANCEL_REFUSALS.expired.message },
  started: { message: CANCEL_REFUSALS.started.message },
  // The change policy on the client's link (shared/change-policy.ts): each names whom to call
  change_window_closed: { message: CHANGE_REFUSALS.change_window_closed },
  move_limit_reached: { message: CHANGE_REFUSALS.move_limit_reached },
  already_lifted: { message: 'That block was already lifted.' },
  invalid_fields: { message: CHECK_FIELDS_MESSAGE },
  outside_service_area: { message: PRICES.copy.outsideServiceArea },
  not_found: { message: 'There is nothing at that address.' },
  // Reading a request's body (readJsonBody)
  unsupported_media_type: { message: 'Please send the form as JSON (application/json).' },
  payload_too_large: { message: 'That request is too large. Please shorten your message and try again.' },
  invalid_json: { message: 'We could not read that request. Please try again.' },
  details_not_open: { message: DETAILS_NOT_OPEN_MESSAGE },
  ...(Object.fromEntries(Object.entries(PROPOSAL_REFUSALS).map(([code, message]) => [code, { message }])) as Record<
    keyof typeof PROPOSAL_REFUSALS,
    Words
  >),
  payment_exceeds_balance: { message: PAYMENT_REFUSALS.payment_exceeds_balance, field: 'amountCents' },
  already_voided: { message: PAYMENT_REFUSALS.already_voided },
};

/**
 * The one way an endpoint answers a refusal: the status its code means (ERROR_STATUS), its message (the table above,
 * or `messages[code]` when the endpoint words it for its own resource) and, where the form shows it, the field's
 * error. A refused block names every held slot (`held`) and its message names the first few.
 */
export function replyRefusal(
  refusal: Refused<ErrorCode, RefusalDetails>,
  messages: Partial<Record<ErrorCode, string>> = {},
): Response {
  const { code, details } = refusal;
  const status = ERROR_STATUS[code];
  if (details?.held) return replyError(status, code, heldMessage(details.held), { held: details.held });
  const words = WORDS[code];
  const message = messages[code] ?? details?.message ?? words?.message ?? 'That request could not be done.';
  // A message an endpoint words itself is about its resource, not a form field.
  const field = messages[code] === undefined ? words?.field : undefined;
  const fields = details?.fields ?? (field ? { [field]: message } : undefined);
  return replyError(status, code, message, fields ? { fields } : {});
}
