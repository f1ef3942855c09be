/**
 * Texas time (America/Chicago), written once: today's date there, a wall-clock hour as an instant, and an instant as
 * the words the desk, the mails and the booking pages show.
 */

/** The business's time zone (Texas): every slot is a window of its local time, and every page and mail shows times in it. */
export const BUSINESS_TIME_ZONE = 'America/Chicago';

const isoDay = new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
const moment = new Intl.DateTimeFormat('en-US', { timeZone: BUSINESS_TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' });
const clockTime = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: BUSINESS_TIME_ZONE });
const offsetFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeZone: 'UTC' });

/** A YYYY-MM-DD date written out for people, e.g. "Saturday, June 20, 2026" (the date as chosen, no time zone shift). */
export function formatLongDate(date: string): string {
  return longDate.format(new Date(`${date}T00:00:00Z`));
}

/** Today's date in Texas as YYYY-MM-DD, judged at `now` (also: the Texas calendar date of any instant). */
export function texasToday(now: Date): string {
  return isoDay.format(now);
}

/** A stored instant (ISO 8601) as Texas wall-clock words, e.g. "Jun 20, 2026, 6:05 PM"; an unreadable one as given. */
export function formatTexasMoment(instant: string): string {
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? instant : moment.format(date);
}

/** An instant as the Texas clock shows it, e.g. "6:00 PM". */
export function formatTexasClock(instant: Date): string {
  // Newer ICU puts a narrow no-break space before AM/PM; a plain space reads the same and survives every mail client.
  return clockTime.format(instant).replace(/\u202f/g, ' ');
}

/** An instant as a Texas date and time in full, e.g. "Saturday, June 20, 2026, 6:05 PM" (a signature's moment). */
export function formatTexasDateTime(instant: Date): string {
  return `${formatLongDate(texasToday(instant))}, ${formatTexasClock(instant)}`;
}

/** Milliseconds the business's wall clock is ahead of UTC at `instant` (negative: Texas is behind). */
function zoneOffsetMs(instant: number): number {
  const parts = Object.fromEntries(
    offsetFormat.formatToParts(new Date(instant)).map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  const asUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return asUtc - (instant - (instant % 1000));
}

/** The instant at which the business's clock shows `hour`:00 on the calendar date `date` (YYYY-MM-DD). */
export function businessTime(date: string, hour: number): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour);
  // Two passes settle the offset on either side of a daylight-saving change (slots never start at 2 AM anyway).
  let instant = wall - zoneOffsetMs(wall);
  instant = wall - zoneOffsetMs(instant);
  return new Date(instant);
}

const stampClock = new Intl.DateTimeFormat('en-US', { timeZone: BUSINESS_TIME_ZONE, hourCycle: 'h23', hour: '2-digit', minute: '2-digit' });

/** An instant as a sortable Texas date and 24-hour time, e.g. "2026-06-20 18:05" (a spreadsheet's cell). */
export function formatTexasStamp(instant: Date): string {
  return `${texasToday(instant)} ${stampClock.format(instant)}`;
}
