import { CANCEL_REFUSALS, type CancelRefusal } from '@shared/schemas/cancel';
import { replyError } from './reply';

/** Answers why a cancel link cannot be used: the refusal's status, its code and its visitor-facing message. */
export function replyCancelRefusal(refusal: CancelRefusal): Response {
  const { status, message } = CANCEL_REFUSALS[refusal];
  return replyError(status, refusal, message);
}
