/** Dates and times on the owner's desk, in the business's time zone (Texas: America/Chicago). */

import { BUSINESS_TIME_ZONE } from './time-slots';

const isoDay = new Intl.DateTimeFormat('en-CA', { timeZone: BUSINESS_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
const moment = new Intl.DateTimeFormat('en-US', { timeZone: BUSINESS_TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' });

/** Today's date in Texas as YYYY-MM-DD, judged at `now`. */
export function texasToday(now: Date): string {
  return isoDay.format(now);
}

/** A stored instant (ISO 8601) as Texas wall-clock words, e.g. "Jun 20, 2026, 6:05 PM"; an unreadable one as given. */
export function formatTexasMoment(instant: string): string {
  const date = new Date(instant);
  return Number.isNaN(date.getTime()) ? instant : moment.format(date);
}
