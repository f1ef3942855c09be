import copy from '@content/emails.json' with { type: 'json' };
import { cancelUrl } from '@shared/cancel-link';
import type { MailConfig } from '../config';
import { fill, type Block } from '../render';
import { bookingDetails, clientBookingValues, type BookingMail } from './booking-values';
import { closing, mailbox, message, type OutgoingMessage } from './message';

/**
 * The client's fresh link to their event page (the change-or-cancel page, for `cancelToken`), sent when the owner asks
 * from the desk: the date and the slot in Texas time and the link. It goes to an address anyone can type, so, like the
 * confirmation, it carries our copy, closed-set values, the guest count and the first name only. It states the booking
 * at its sequence: the sender drops it once the booking moved or was released.
 */
export function eventLinkMessage(booking: BookingMail, cancelToken: string, config: MailConfig): OutgoingMessage {
  const own = clientBookingValues(booking, config);
  const words = copy.eventLink;
  return message(
    'event_link_client',
    { to: [mailbox(own.firstName!, booking.clientEmail)], bookingId: booking.id, bookingSequence: booking.sequence ?? 0 },
    fill(words.subject, own),
    [
      { kind: 'heading', text: fill(words.heading, own) },
      ...words.paragraphs.map((text): Block => ({ kind: 'paragraph', text: fill(text, own) })),
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
