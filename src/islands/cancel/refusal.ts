import { ApiError } from '../../lib/api';
import { parseApiError } from '@shared/schemas/api-error';
import { CHANGE_REFUSALS } from '@shared/change-policy';
import { CANCEL_REFUSALS } from '@shared/schemas/cancel';

/** Why the link cannot be used: a refusal code of the API (or `invalid` for a broken token) and the server's message. */
export interface Refusal {
  code: string;
  message: string;
}

/** The refusals after which the kept token is useless: it is forgotten, so a reload does not try it again. */
const FORGET = new Set(['unknown', 'expired', 'already_cancelled', 'invalid']);

/** Whether a refusal means the link is finished with (as opposed to "too late to do it online"). */
export function linkIsSpent(refusal: Refusal): boolean {
  return FORGET.has(refusal.code);
}

/** The 409s that say the link cannot do it (whatever the slot): its own, and the change policy's (call us instead). */
const LINK_CONFLICTS = new Set<string>([...Object.keys(CANCEL_REFUSALS), ...Object.keys(CHANGE_REFUSALS)]);

/**
 * The API's answer read as "this link cannot be used" rather than "try again" (undefined). A move also gets 409s that
 * are about the chosen slot (slot taken, the slot it already holds) and 400s about its fields: those are not the
 * link's, so with `moving` only the cancel link's own refusal codes, the change policy's (the window closed or the
 * moves used up while the page was open) and a token message count.
 */
export function linkRefusal(error: unknown, moving = false): Refusal | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const parsed = parseApiError(error.body);
  const code = parsed?.code ?? 'unknown';
  switch (error.status) {
    case 400:
      // A 400 names the token field: its message says what is wrong with the link, the general one speaks of fields.
      if (moving && !parsed?.fields?.token) return undefined;
      return { code: 'invalid', message: parsed?.fields?.token ?? '' };
    case 404:
    case 410:
      return { code, message: parsed?.message ?? '' };
    case 409:
      if (moving && !LINK_CONFLICTS.has(code)) return undefined;
      return { code, message: parsed?.message ?? '' };
    default:
      return undefined;
  }
}
