import { describe, expect, test } from 'vitest';
import policyJson from '@content/event-policy.json';
import settingsJson from '@content/settings.json';
import { CHANGE_POLICY, CHANGE_REFUSALS, changeDeadline, clientPolicy, judgeClientChange, lastChangeDay } from './change-policy';
import { texasToday } from './texas-time';

const RULES = { changeWindowDays: 14, maxMoves: 3, retainerTerms: 'Non-refundable.', phone: '(512) 555-0100' };
const at = (instant: string) => new Date(instant);
const before = (instant: Date) => new Date(instant.getTime() - 1);

describe('the content’s policy', () => {
  test('is content/event-policy.json’s numbers and words, with the site’s phone', () => {
    expect(CHANGE_POLICY).toEqual({
      changeWindowDays: policyJson.changeWindowDays,
      maxMoves: policyJson.maxMoves,
      retainerTerms: policyJson.retainerTerms,
      phone: settingsJson.site.phone,
    });
  });

  test('each refusal names the phone to call', () => {
    for (const message of Object.values(CHANGE_REFUSALS)) expect(message).toContain(settingsJson.site.phone);
  });
});

describe('changeDeadline and lastChangeDay', () => {
  test.each([
    // Summer (CDT, UTC-5): midnight in Texas is 05:00 UTC.
    ['2026-07-18', '2026-07-04T05:00:00.000Z', '2026-07-03'],
    // Winter (CST, UTC-6): 06:00 UTC.
    ['2027-01-20', '2027-01-06T06:00:00.000Z', '2027-01-05'],
    // The event after daylight saving ends (1 November 2026): the deadline's day is still CDT.
    ['2026-11-14', '2026-10-31T05:00:00.000Z', '2026-10-30'],
    // The deadline's day is the one daylight saving ends on: its midnight is before 2 AM, still CDT.
    ['2026-11-15', '2026-11-01T05:00:00.000Z', '2026-10-31'],
    // The deadline's day is the one daylight saving starts on (8 March 2026): its midnight is still CST.
    ['2026-03-22', '2026-03-08T06:00:00.000Z', '2026-03-07'],
    // Across a month and a year.
    ['2027-01-10', '2026-12-27T06:00:00.000Z', '2026-12-26'],
  ])('an event on %s closes online changes at %s; the last day to change is %s', (date, deadline, lastDay) => {
    expect(changeDeadline(date, RULES).toISOString()).toBe(deadline);
    expect(lastChangeDay(date, RULES)).toBe(lastDay);
    // The last day is the Texas day just before the deadline, whose own Texas day is `changeWindowDays` before.
    expect(texasToday(before(changeDeadline(date, RULES)))).toBe(lastDay);
    expect(texasToday(changeDeadline(date, RULES))).not.toBe(lastDay);
  });

  test('follows the window’s length', () => {
    expect(changeDeadline('2026-11-14', { changeWindowDays: 0 }).toISOString()).toBe('2026-11-14T06:00:00.000Z');
    expect(lastChangeDay('2026-11-14', { changeWindowDays: 30 })).toBe('2026-10-14');
  });
});

describe('judgeClientChange', () => {
  const deadline = changeDeadline('2026-11-14', RULES);

  test.each(['move', 'cancel'] as const)('a %s passes up to a millisecond before the deadline, and is refused from it on', (change) => {
    const booking = { date: '2026-11-14', clientMoves: 0 };
    expect(judgeClientChange(booking, change, before(deadline), RULES)).toBeNull();
    expect(judgeClientChange(booking, change, deadline, RULES)).toBe('change_window_closed');
    expect(judgeClientChange(booking, change, at('2026-11-14T23:00:00Z'), RULES)).toBe('change_window_closed');
  });

  test('a move is refused at the limit, a cancel is not', () => {
    const now = at('2026-09-01T12:00:00Z');
    expect(judgeClientChange({ date: '2026-11-14', clientMoves: 2 }, 'move', now, RULES)).toBeNull();
    expect(judgeClientChange({ date: '2026-11-14', clientMoves: 3 }, 'move', now, RULES)).toBe('move_limit_reached');
    expect(judgeClientChange({ date: '2026-11-14', clientMoves: 4 }, 'move', now, RULES)).toBe('move_limit_reached');
    expect(judgeClientChange({ date: '2026-11-14', clientMoves: 3 }, 'cancel', now, RULES)).toBeNull();
  });

  test('inside the window the window is the answer, even at the limit', () => {
    expect(judgeClientChange({ date: '2026-11-14', clientMoves: 3 }, 'move', deadline, RULES)).toBe('change_window_closed');
  });
});

describe('clientPolicy', () => {
  const deadline = changeDeadline('2026-11-14', RULES);
  const shared = {
    changeWindowDays: 14,
    maxMoves: 3,
    changeDeadline: '2026-10-31T05:00:00.000Z',
    lastChangeDay: '2026-10-30',
    retainerTerms: 'Non-refundable.',
    phone: '(512) 555-0100',
  };

  test('before the deadline: moves used and left, both changes possible', () => {
    expect(clientPolicy({ date: '2026-11-14', clientMoves: 1, signed: false }, before(deadline), RULES)).toEqual({
      ...shared,
      movesUsed: 1,
      movesLeft: 2,
      canMove: true,
      canCancel: true,
    });
  });

  test('from the deadline on: neither', () => {
    expect(clientPolicy({ date: '2026-11-14', clientMoves: 1, signed: false }, deadline, RULES)).toMatchObject({
      movesLeft: 2,
      canMove: false,
      canCancel: false,
    });
  });

  test('at the limit: no move, the cancel stays; never fewer than no moves left', () => {
    const now = at('2026-09-01T12:00:00Z');
    expect(clientPolicy({ date: '2026-11-14', clientMoves: 3, signed: false }, now, RULES)).toMatchObject({
      movesUsed: 3,
      movesLeft: 0,
      canMove: false,
      canCancel: true,
    });
    expect(clientPolicy({ date: '2026-11-14', clientMoves: 5, signed: false }, now, RULES).movesLeft).toBe(0);
  });

  test('a signed contract is moved only by phone; its cancel is the link’s until the deadline', () => {
    const now = at('2026-09-01T12:00:00Z');
    expect(clientPolicy({ date: '2026-11-14', clientMoves: 0, signed: true }, now, RULES)).toMatchObject({
      movesLeft: 3,
      canMove: false,
      canCancel: true,
    });
  });

  test('uses the content’s rules by default', () => {
    const policy = clientPolicy({ date: '2026-11-14', clientMoves: 0, signed: false }, at('2026-09-01T12:00:00Z'));
    expect(policy).toMatchObject({ ...CHANGE_POLICY, movesLeft: CHANGE_POLICY.maxMoves });
  });
});
