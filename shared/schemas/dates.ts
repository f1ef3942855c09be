import * as v from 'valibot';

/** How many days ahead of today (UTC) a slot can be booked: the one place this limit is set. */
export const BOOKING_WINDOW_DAYS = 730;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** Today's date in UTC as YYYY-MM-DD (pass `now` to fix the clock). */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** Whether `value` is YYYY-MM-DD naming a day that exists (2026-02-30 does not). */
export function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

/** The YYYY-MM-DD date `days` days after the YYYY-MM-DD date `date` (UTC, negative goes back). */
export function addDaysUtc(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** How many days the YYYY-MM-DD date `to` is after `from` (negative when before; UTC, so every day is 24 hours). */
export function daysBetweenUtc(from: string, to: string): number {
  return (Date.parse(`${to}T00:00:00.000Z`) - Date.parse(`${from}T00:00:00.000Z`)) / DAY_MS;
}

/** How many years ahead of today (UTC) an inquiry's event date can be. */
export const INQUIRY_WINDOW_YEARS = 3;

/** The YYYY-MM-DD date `years` years after `date` (UTC); 29 February becomes 28 February in a common year. */
export function addYearsUtc(date: string, years: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const shifted = new Date(0);
  shifted.setUTCFullYear(year + years, month - 1, day);
  // 29 February of a common year rolled over into March: day 0 of March is the last day of February.
  if (shifted.getUTCMonth() !== month - 1) shifted.setUTCDate(0);
  return shifted.toISOString().slice(0, 10);
}

/** A real calendar date written YYYY-MM-DD, surrounding spaces trimmed. */
export const IsoDateSchema = v.pipe(
  v.string('Please choose a date.'),
  v.trim(),
  v.nonEmpty('Please choose a date.'),
  v.check(isCalendarDate, 'Please choose a valid date.'),
);
