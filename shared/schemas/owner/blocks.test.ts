import * as v from 'valibot';
import { describe, expect, test } from 'vitest';
import { fieldErrors } from '../api-error';
import { lastBookableDate } from '../booking';
import { BOOKING_WINDOW_DAYS, addDaysUtc } from '../dates';
import { DATE_WITH_RANGE_MESSAGE, createBlockSchema } from './blocks';

// 03:00 UTC on 20 June 2026 is 22:00 on 19 June in Texas: the two calendars name different days.
const NOW = new Date('2026-06-20T03:00:00.000Z');
const TEXAS_TODAY = '2026-06-19';
const LAST = addDaysUtc('2026-06-20', BOOKING_WINDOW_DAYS);
const BEYOND = `Please choose days within the next ${BOOKING_WINDOW_DAYS} days: later ones cannot be booked yet.`;
const Schema = createBlockSchema(() => NOW);

const errorsOf = (body: unknown) => {
  const result = v.safeParse(Schema, body);
  return result.success ? undefined : fieldErrors(result.issues);
};

describe('createBlockSchema', () => {
  test('the last bookable day is the booking window’s', () => {
    expect(lastBookableDate(NOW)).toBe(LAST);
    expect(LAST).toBe('2028-06-19');
  });

  test.each([
    ['today in Texas (yesterday in UTC)', { from: TEXAS_TODAY, timeSlot: 'evening' }, { from: TEXAS_TODAY, to: TEXAS_TODAY }],
    ['the last bookable day', { from: LAST, timeSlot: 'all' }, { from: LAST, to: LAST }],
    ['a range ending on the last bookable day', { from: '2028-06-01', to: LAST, timeSlot: 'all' }, { from: '2028-06-01', to: LAST }],
    ['the first body, { date }, as one day', { date: '2026-07-04', timeSlot: 'morning' }, { from: '2026-07-04', to: '2026-07-04' }],
  ])('takes %s', (_label, body, range) => {
    const result = v.safeParse(Schema, body);
    expect(result.success && result.output).toMatchObject(range);
    expect(result.success && 'date' in result.output).toBe(false);
  });

  test.each([
    ['a first day before today in Texas', { from: '2026-06-18', timeSlot: 'all' }, { from: 'Please choose today or a later day.' }],
    ['a range starting in the past', { from: '2026-06-01', to: '2026-06-30', timeSlot: 'all' }, { from: 'Please choose today or a later day.' }],
    ['the first body in the past', { date: '2026-06-18', timeSlot: 'all' }, { from: 'Please choose today or a later day.' }],
    ['the day after the last bookable day', { from: addDaysUtc(LAST, 1), timeSlot: 'all' }, { from: BEYOND }],
    ['year 9999', { from: '9999-12-31', timeSlot: 'evening' }, { from: BEYOND }],
    ['year 9999 by the first body', { date: '9999-12-31', timeSlot: 'evening' }, { from: BEYOND }],
    ['a range ending past the window', { from: '2028-06-01', to: addDaysUtc(LAST, 1), timeSlot: 'all' }, { to: BEYOND }],
    ['date with to', { date: '2026-07-04', to: '2026-07-10', timeSlot: 'all' }, { date: DATE_WITH_RANGE_MESSAGE, from: 'Please choose a date.' }],
    ['date with from', { date: '2026-07-04', from: '2026-07-01', timeSlot: 'all' }, { date: DATE_WITH_RANGE_MESSAGE }],
    ['date with from and to', { date: '2026-07-04', from: '2026-07-01', to: '2026-07-10', timeSlot: 'all' }, { date: DATE_WITH_RANGE_MESSAGE }],
    ['date with a blank to', { date: '2026-07-04', to: '', timeSlot: 'all' }, { date: DATE_WITH_RANGE_MESSAGE, from: 'Please choose a date.' }],
  ])('refuses %s, naming the field', (_label, body, fields) => {
    expect(errorsOf(body)).toEqual(fields);
  });

  test('judges today by the clock at each validation, not when the schema was made', () => {
    let now = NOW;
    const schema = createBlockSchema(() => now);
    expect(v.safeParse(schema, { from: TEXAS_TODAY, timeSlot: 'all' }).success).toBe(true);
    now = new Date('2026-06-21T03:00:00.000Z');
    expect(v.safeParse(schema, { from: TEXAS_TODAY, timeSlot: 'all' }).success).toBe(false);
  });
});
