import copy from '@content/emails.json' with { type: 'json' };
import { cancelUrl } from '@shared/cancel-link';
import type { MailConfig } from '../config';
import { fill, type Block } from '../render';
import { bookingDetails, clientBookingValues, type BookingMail } from './booking-values';
import { closing, mailbox, message, type OutgoingMessage, type Values } from './message';

/**
 * The client's reminder of a booking `daysToGo` Texas calendar days ahead (0: today, 1: tomorrow): the date and the
 * slot in Texas time, the countdown, the business phone and the change/cancel link for `cancelToken`. It goes to an
 * address anyone can type, so, like the confirmation, it carries our copy, closed-set values, the guest count and the
 * first name only (never the phone or the place). No calendar file: the confirmation's stays in the calendar.
 */
export function reminderMessage(
  booking: BookingMail,
  daysToGo: number,
  cancelToken: string,
  config: MailConfig,
): OutgoingMessage {
  const countdown = copy.reminderClient.countdown;
  const base = clientBookingValues(booking, config);
  const when = daysToGo <= 0 ? countdown.today : daysToGo === 1 ? countdown.tomorrow : countdown.days;
  const own: Values = { ...base, countdown: fill(when, { days: String(daysToGo) }) };
  const remind = copy.reminderClient;
  return message(
    'reminder_client',
    { to: [mailbox(own.firstName!, booking.clientEmail)], bookingId: booking.id, bookingSequence: booking.sequence ?? 0 },
    fill(remind.subject, own),
    [
      { kind: 'heading', text: fill(remind.heading, own) },
      ...remind.paragraphs.map((text): Block => ({ kind: 'paragraph', text: fill(text, own) })),
      bookingDetails(fill(remind.detailsHeading, own), own, false),
      {
        kind: 'links',
        heading: fill(remind.changeHeading, own),
        text: fill(remind.changeText, own),
        links: [{ label: fill(remind.changeLabel, own), url: cancelUrl(config.siteUrl, cancelToken) }],
      },
      ...closing(own),
    ],
  );
}
