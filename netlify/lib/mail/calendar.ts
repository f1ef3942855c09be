import { createEvent, type DateArray } from 'ics';
import type { MailAddress } from './config';
import { BUSINESS_TIME_ZONE, type SlotWindow } from '../../../src/lib/time-slots';

/** What a calendar file says about one booking. */
export type CalendarEvent = {
  /** The booking id: the UID is built from it, so every update names the same event. */
  bookingId: string;
  /** The site's host name (the UID's domain). */
  siteHost: string;
  window: SlotWindow;
  title: string;
  description: string;
  url: string;
  organizer: MailAddress;
  attendee: MailAddress;
};

/** A calendar file as the outbox stores it (sent as nodemailer's icalEvent: an invitation part and an attachment). */
export type CalendarAttachment = { filename: string; method: 'REQUEST' | 'CANCEL'; content: string };

/** The UID of a booking's calendar event: the same in the invitation and in the cancellation. */
export function calendarUid(bookingId: string, siteHost: string): string {
  return `booking-${bookingId}@${siteHost}`;
}

// RFC 5545 parameter values (CN="...") may hold neither control characters nor double quotes, and the ics package
// only escapes line feeds in text values: anything a visitor typed is flattened first.
function calendarText(text: string): string {
  return text.replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, ' ').replace(/"/g, "'").replace(/\s+/g, ' ').trim();
}

function utcArray(instant: Date): DateArray {
  return [
    instant.getUTCFullYear(),
    instant.getUTCMonth() + 1,
    instant.getUTCDate(),
    instant.getUTCHours(),
    instant.getUTCMinutes(),
  ];
}

function build(event: CalendarEvent, method: 'REQUEST' | 'CANCEL', sequence: number): string {
  const { error, value } = createEvent({
    productId: 'lone-star-mobile-bar/bookings',
    method,
    uid: calendarUid(event.bookingId, event.siteHost),
    sequence,
    status: method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
    // UTC instants (…Z): the exact Texas window whatever the reader's zone, with no VTIMEZONE block to get wrong.
    start: utcArray(event.window.start),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: utcArray(event.window.end),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: calendarText(event.title),
    description: calendarText(event.description),
    url: event.url,
    busyStatus: 'BUSY',
    organizer: { name: calendarText(event.organizer.name), email: event.organizer.address },
    attendees: [
      {
        name: calendarText(event.attendee.name),
        email: event.attendee.address,
        rsvp: false,
        partstat: 'ACCEPTED',
        role: 'REQ-PARTICIPANT',
      },
    ],
  });
  if (error || !value) throw error ?? new Error('The calendar file could not be built.');
  return value;
}

/**
 * The invitation of a booking: METHOD:REQUEST with the booking's `sequence` (bookings.sequence: 0 when booked, one more
 * with each move), so a calendar moves the event it has instead of adding another.
 */
export function invitationIcs(event: CalendarEvent, sequence = 0): CalendarAttachment {
  return { filename: 'booking.ics', method: 'REQUEST', content: build(event, 'REQUEST', sequence) };
}

/**
 * The cancellation of that invitation: METHOD:CANCEL, the same UID, `sequence` one above the last invitation's
 * (bookings.sequence + 1), or a calendar that saw a move would ignore it.
 */
export function cancellationIcs(event: CalendarEvent, sequence = 1): CalendarAttachment {
  return { filename: 'cancel.ics', method: 'CANCEL', content: build(event, 'CANCEL', sequence) };
}

function compactUtc(instant: Date): string {
  return instant.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/** A link that opens Google Calendar's "new event" form filled in with the booking. */
export function googleCalendarUrl(event: Pick<CalendarEvent, 'title' | 'description' | 'window'>): string {
  const url = new URL('https://calendar.google.com/calendar/render');
  url.searchParams.set('action', 'TEMPLATE');
  url.searchParams.set('text', calendarText(event.title));
  url.searchParams.set('dates', `${compactUtc(event.window.start)}/${compactUtc(event.window.end)}`);
  url.searchParams.set('details', calendarText(event.description));
  url.searchParams.set('ctz', BUSINESS_TIME_ZONE);
  return url.href;
}

/** A link that opens Outlook.com's "new event" form filled in with the booking. */
export function outlookCalendarUrl(event: Pick<CalendarEvent, 'title' | 'description' | 'window'>): string {
  const url = new URL('https://outlook.live.com/calendar/0/deeplink/compose');
  url.searchParams.set('path', '/calendar/action/compose');
  url.searchParams.set('rru', 'addevent');
  url.searchParams.set('subject', calendarText(event.title));
  url.searchParams.set('startdt', event.window.start.toISOString());
  url.searchParams.set('enddt', event.window.end.toISOString());
  url.searchParams.set('body', calendarText(event.description));
  return url.href;
}
