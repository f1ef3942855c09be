import copy from '@content/emails.json' with { type: 'json' };
import { cancelUrl } from '@shared/cancel-link';
import { formatLongDate } from '@shared/texas-time';
import type { MailConfig } from '../config';
import { fill, type Block } from '../render';
import { bookingDetails, clientBookingValues, type BookingMail } from './booking-values';
import { closing, mailbox, message, type OutgoingMessage, type Values } from './message';

/**
 * The client's reminder that their final details (guests, bar hours, cocktails, venue, contact on site) are due by
 * `dueOn` and still empty, with the link to their event page for `cancelToken` (a token of its own). It goes to an
 * address anyone can type, so, like the confirmation, it carries our copy, closed-set values, the guest count and the
 * first name only. It states the booking at its sequence: the sender drops it once the booking moved or was released.
 */
export function detailsReminderMessage(booking: BookingMail, dueOn: string, cancelToken: string, config: MailConfig): OutgoingMessage {
  const own: Values = { ...clientBookingValues(booking, config), dueOn: formatLongDate(dueOn) };
  const words = copy.detailsReminder;
  return message(
    'details_reminder_client',
    { to: [mailbox(own.firstName!, booking.clientEmail)], bookingId: booking.id, bookingSequence: booking.sequence ?? 0 },
    fill(words.subject, own),
    [
      { kind: 'heading', text: fill(words.heading, own) },
      ...words.paragraphs.map((text): Block => ({ kind: 'paragraph', text: fill(text, own) })),
      { kind: 'details', heading: fill(words.askedHeading, own), rows: words.asked.map(([label, text]) => [label!, fill(text!, own)] as const) },
      bookingDetails(fill(words.detailsHeading, own), own, false),
      {
        kind: 'links',
        heading: fill(words.linkHeading, own),
        text: fill(words.linkText, own),
        links: [{ label: fill(words.linkLabel, own), url: cancelUrl(config.siteUrl, cancelToken) }],
      },
      ...closing(own),
    ],
  );
}
