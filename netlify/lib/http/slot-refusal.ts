import { SLOT_STARTED_MESSAGE, SLOT_TAKEN_MESSAGE } from '@shared/schemas/booking';
import { replyError } from './reply';

/** Why a slot asked for (by a reservation or a move) cannot be had: another booking holds it, or it has started. */
export type SlotRefusal = 'slot_taken' | 'slot_started';

const MESSAGES: Record<SlotRefusal, string> = {
  slot_taken: SLOT_TAKEN_MESSAGE,
  slot_started: SLOT_STARTED_MESSAGE,
};

/** Answers 409 with the refusal's code and message, also as the time slot field's error: the same for both routes. */
export function replySlotRefusal(refusal: SlotRefusal): Response {
  const message = MESSAGES[refusal];
  return replyError(409, refusal, message, { fields: { timeSlot: message } });
}
