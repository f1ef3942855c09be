import copy from '@content/emails.json' with { type: 'json' };
import { formatLongDate } from '@shared/texas-time';
import { formatTimeWindow, optionLabel, slotLabel, slotWindow } from '@shared/time-slots';
import { BOOKING_EVENT_TYPES, type Booking } from '@shared/schemas/booking';
import type { BookingInvitation } from '../calendar';
import type { MailAddress, MailConfig } from '../config';
import { fill, type Block } from '../render';
import { businessValues, greetingName, type Values } from './message';

/** A stored booking, as the mails need it (the client's optional details when known). */
export type BookingMail = Pick<Booking, 'id' | 'date' | 'timeSlot' | 'clientName' | 'clientEmail' | 'eventType'> &
  Partial<Pick<Booking, 'phone' | 'guestCount' | 'eventLocation'>> & {
    /** The owner's reason for cancelling (typed by the signed-in owner, never by a visitor). */
    cancelReason?: string;
    /** bookings.sequence: how many times the booking moved (its calendar event's SEQUENCE); 0 when left out. */
    sequence?: number;
  };

/**
 * The values of a client's booking mail: our own and closed-set ones, the first word of their name, and the guest
 * count when given (a number: it cannot carry a stranger's text).
 */
export function clientBookingValues(booking: BookingMail, config: MailConfig): Values {
  return {
    ...businessValues(config),
    firstName: greetingName(booking.clientName, true),
    eventType: optionLabel(BOOKING_EVENT_TYPES, booking.eventType),
    date: formatLongDate(booking.date),
    timeWindow: formatTimeWindow(booking.date, booking.timeSlot),
    slot: slotLabel(booking.timeSlot),
    ...(typeof booking.guestCount === 'number' ? { guestCount: String(booking.guestCount) } : {}),
  };
}

/** The values of the owner's booking mail: the client's, their whole name and address, and phone and place when given. */
export function bookingValues(booking: BookingMail, config: MailConfig): Values {
  return {
    ...clientBookingValues(booking, config),
    clientName: booking.clientName,
    clientEmail: booking.clientEmail,
    ...(booking.phone ? { phone: booking.phone } : {}),
    ...(booking.eventLocation ? { eventLocation: booking.eventLocation } : {}),
  };
}

// The optional details a booking mail lists when given, in order. The client's values never hold phone or place.
const DETAIL_KEYS = ['phone', 'guestCount', 'eventLocation'] as const;

/** The details table of a booking mail: date, time, event type, and for the owner the client and who cancelled. */
export function bookingDetails(heading: string, values: Values, forOwner: boolean): Block {
  const labels = copy.labels;
  return {
    kind: 'details',
    heading,
    rows: [
      [labels.date, values.date!],
      [labels.time, `${values.timeWindow} ${values.timeZoneName}`],
      [labels.eventType, values.eventType!],
      ...(forOwner ? [[labels.name, values.clientName!] as const, [labels.email, values.clientEmail!] as const] : []),
      ...DETAIL_KEYS.flatMap((key) => (values[key] ? [[labels[key], values[key]] as const] : [])),
      ...(forOwner && values.cancelledBy ? [[labels.cancelledBy, values.cancelledBy] as const] : []),
    ],
  };
}

/** The calendar event of a booking's mails, built from the client's values (the file rides along in both mails). */
export function calendarEvent(booking: BookingMail, values: Values, config: MailConfig, client: MailAddress): BookingInvitation {
  return {
    bookingId: booking.id,
    siteHost: config.siteHost,
    window: slotWindow(booking.date, booking.timeSlot),
    title: fill(copy.calendar.title, values),
    description: fill(copy.calendar.description, values),
    url: config.siteUrl,
    organizer: config.owner,
    attendee: client,
  };
}
