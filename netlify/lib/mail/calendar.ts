import { createEvent, type DateArray } from 'ics';
import type { MailAddress } from './config';
// The ics package only escapes line feeds in text values: anything a visitor typed goes through calendarText first.
import { calendarText } from '@shared/calendar-links';
import type { SlotWindow } from '@shared/time-slots';

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
export function invitationIcs(event: CalendarEvent, sequence: number): CalendarAttachment {
  return { filename: 'booking.ics', method: 'REQUEST', content: build(event, 'REQUEST', sequence) };
}

/**
 * The cancellation of that invitation: METHOD:CANCEL, the same UID, `sequence` one above the last invitation's
 * (bookings.sequence + 1), or a calendar that saw a move would ignore it.
 */
export function cancellationIcs(event: CalendarEvent, sequence: number): CalendarAttachment {
  return { filename: 'cancel.ics', method: 'CANCEL', content: build(event, 'CANCEL', sequence) };
}
