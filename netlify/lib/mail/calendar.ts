import { writeCalendar, type CalendarMethod } from '../calendar/events';
import { calendarUid } from '../calendar/uid';
import type { MailAddress } from './config';
import type { SlotWindow } from '@shared/time-slots';

/** What a mail's calendar file says about one booking. */
export type BookingInvitation = {
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

function build(event: BookingInvitation, method: Exclude<CalendarMethod, 'PUBLISH'>, sequence: number): string {
  return writeCalendar({
    productId: 'lone-star-mobile-bar/bookings',
    method,
    // Stamped when written: the mail is built in the request that books, moves or cancels.
    now: new Date(),
    events: [
      {
        uid: calendarUid(event.bookingId, event.siteHost),
        sequence,
        // UTC instants (…Z): the exact Texas window whatever the reader's zone, with no VTIMEZONE block to get wrong.
        time: { kind: 'instants', start: event.window.start, end: event.window.end },
        summary: event.title,
        description: event.description,
        url: event.url,
        status: method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED',
        organizer: event.organizer,
        attendee: event.attendee,
      },
    ],
  });
}

/**
 * The invitation of a booking: METHOD:REQUEST with the booking's `sequence` (bookings.sequence: 0 when booked, one more
 * with each move), so a calendar moves the event it has instead of adding another.
 */
export function invitationIcs(event: BookingInvitation, sequence: number): CalendarAttachment {
  return { filename: 'booking.ics', method: 'REQUEST', content: build(event, 'REQUEST', sequence) };
}

/**
 * The cancellation of that invitation: METHOD:CANCEL, the same UID, `sequence` one above the last invitation's
 * (bookings.sequence + 1), or a calendar that saw a move would ignore it.
 */
export function cancellationIcs(event: BookingInvitation, sequence: number): CalendarAttachment {
  return { filename: 'cancel.ics', method: 'CANCEL', content: build(event, 'CANCEL', sequence) };
}
