import policy from '@content/event-policy.json' with { type: 'json' };
import settings from '@content/settings.json' with { type: 'json' };
import { addDaysUtc } from './schemas/dates';
import { businessTime } from './texas-time';

// The change policy the site enforces on the client's link (content/event-policy.json): no move or cancel online once
// the event is `changeWindowDays` days away, and at most `maxMoves` moves per booking. The owner's desk is never bound
// by it. Browser and server judge with these same functions; the server's judgement, under the booking's lock, is the
// one that counts.

/** The policy's numbers and words, as content sets them. */
export type ChangePolicyRules = { changeWindowDays: number; maxMoves: number; retainerTerms: string; phone: string };

/** The content's policy. */
export const CHANGE_POLICY: ChangePolicyRules = {
  changeWindowDays: policy.changeWindowDays,
  maxMoves: policy.maxMoves,
  retainerTerms: policy.retainerTerms,
  phone: settings.site.phone,
};

/** Why the client's link may not change the booking now. */
export type ChangeRefusal = 'change_window_closed' | 'move_limit_reached';

/** What the API answers (409) for each refusal, naming whom to call. */
export const CHANGE_REFUSALS: Record<ChangeRefusal, string> = {
  change_window_closed: `Your event is ${policy.changeWindowDays} days away or less, so it can no longer be moved or cancelled online. Please call us at ${settings.site.phone}.`,
  move_limit_reached: `This booking has been moved ${policy.maxMoves} times, the most we allow online. Please call us at ${settings.site.phone} to change it again.`,
};

/**
 * The instant online changes close for an event on `date`: the start (midnight, Texas time) of the day
 * `changeWindowDays` calendar days before it. From that instant on, the link neither moves nor cancels.
 */
export function changeDeadline(date: string, rules: Pick<ChangePolicyRules, 'changeWindowDays'> = CHANGE_POLICY): Date {
  return businessTime(addDaysUtc(date, -rules.changeWindowDays), 0);
}

/** The last Texas day on which the client may still move or cancel online (the day before changeDeadline's). */
export function lastChangeDay(date: string, rules: Pick<ChangePolicyRules, 'changeWindowDays'> = CHANGE_POLICY): string {
  return addDaysUtc(date, -rules.changeWindowDays - 1);
}

/**
 * Whether the client's link may `change` ('move' or 'cancel') a booking on `date` that it has moved `clientMoves`
 * times, at `now`: null when it may, else why not. The window is judged first: inside it nothing changes online.
 */
export function judgeClientChange(
  booking: { date: string; clientMoves: number },
  change: 'cancel',
  now: Date,
  rules?: Pick<ChangePolicyRules, 'changeWindowDays' | 'maxMoves'>,
): 'change_window_closed' | null;
export function judgeClientChange(
  booking: { date: string; clientMoves: number },
  change: 'move' | 'cancel',
  now: Date,
  rules?: Pick<ChangePolicyRules, 'changeWindowDays' | 'maxMoves'>,
): ChangeRefusal | null;
export function judgeClientChange(
  booking: { date: string; clientMoves: number },
  change: 'move' | 'cancel',
  now: Date,
  rules: Pick<ChangePolicyRules, 'changeWindowDays' | 'maxMoves'> = CHANGE_POLICY,
): ChangeRefusal | null {
  if (now.getTime() >= changeDeadline(booking.date, rules).getTime()) return 'change_window_closed';
  if (change === 'move' && booking.clientMoves >= rules.maxMoves) return 'move_limit_reached';
  return null;
}

/** The policy as the event page shows it (POST /api/portal/lookup's `policy`). */
export type ClientPolicy = {
  changeWindowDays: number;
  maxMoves: number;
  /** How many times the client moved this booking online, and how many moves are left. */
  movesUsed: number;
  movesLeft: number;
  /** When online changes close (ISO instant) and the last Texas day they are still possible (YYYY-MM-DD). */
  changeDeadline: string;
  lastChangeDay: string;
  /** Whether the link may move or cancel now (a signed contract is moved only by phone: canMove false). */
  canMove: boolean;
  canCancel: boolean;
  retainerTerms: string;
  phone: string;
};

/**
 * The policy of a booking on `date` that its client moved `clientMoves` times, at `now`, as the event page shows it:
 * what judgeClientChange would answer for a move and a cancel, the moves left, and when online changes close. A signed
 * contract is moved only by phone (canMove false; its cancel stays the link's until the window closes).
 */
export function clientPolicy(
  booking: { date: string; clientMoves: number; signed: boolean },
  now: Date,
  rules: ChangePolicyRules = CHANGE_POLICY,
): ClientPolicy {
  const { changeWindowDays, maxMoves, retainerTerms, phone } = rules;
  return {
    changeWindowDays,
    maxMoves,
    movesUsed: booking.clientMoves,
    movesLeft: Math.max(0, maxMoves - booking.clientMoves),
    changeDeadline: changeDeadline(booking.date, rules).toISOString(),
    lastChangeDay: lastChangeDay(booking.date, rules),
    canMove: !booking.signed && judgeClientChange(booking, 'move', now, rules) === null,
    canCancel: judgeClientChange(booking, 'cancel', now, rules) === null,
    retainerTerms,
    phone,
  };
}
