import { BUSINESS_TIME_ZONE } from './texas-time';
import type { SlotWindow } from './time-slots';

/**
 * The words of a booking's calendar event (content/emails.json, `calendar`, with `common.timeZoneName`): the mails'
 * calendar file and links and the booking page's confirmation fill the same templates, so both links say the same.
 */
export type CalendarWords = { title: string; description: string; timeZoneName: string };

/** What an add-to-calendar link says about a booking: its title, description and window. */
export type CalendarLinkEvent = { title: string; description: string; window: SlotWindow };

/**
 * A link's title or description on one line: control and format characters, line separators and runs of white space
 * become one space, double quotes single ones. A URL parameter needs no iCalendar escaping: the calendar files' own
 * escaping lives in their writer (netlify/lib/calendar/ical.ts).
 */
export function calendarText(text: string): string {
  return text.replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, ' ').replace(/"/g, "'").replace(/\s+/g, ' ').trim();
}

function compactUtc(instant: Date): string {
  return instant.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** A link that opens Google Calendar's "new event" form filled in with the booking. */
export function googleCalendarUrl(event: CalendarLinkEvent): string {
  const url = new URL('https://calendar.google.com/calendar/render');
  url.searchParams.set('action', 'TEMPLATE');
  url.searchParams.set('text', calendarText(event.title));
  url.searchParams.set('dates', `${compactUtc(event.window.start)}/${compactUtc(event.window.end)}`);
  url.searchParams.set('details', calendarText(event.description));
  url.searchParams.set('ctz', BUSINESS_TIME_ZONE);
  return url.href;
}

/** A link that opens Outlook.com's "new event" form filled in with the booking. */
export function outlookCalendarUrl(event: CalendarLinkEvent): string {
  const url = new URL('https://outlook.live.com/calendar/0/deeplink/compose');
  url.searchParams.set('path', '/calendar/action/compose');
  url.searchParams.set('rru', 'addevent');
  url.searchParams.set('subject', calendarText(event.title));
  url.searchParams.set('startdt', event.window.start.toISOString());
  url.searchParams.set('enddt', event.window.end.toISOString());
  url.searchParams.set('body', calendarText(event.description));
  return url.href;
}
