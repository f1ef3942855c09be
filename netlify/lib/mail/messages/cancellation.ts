import copy from '@content/emails.json' with { type: 'json' };
import { cancellationIcs } from '../calendar';
import type { MailConfig } from '../config';
import { fill, type Block } from '../render';
import { bookingDetails, bookingValues, calendarEvent, clientBookingValues, type BookingMail } from './booking-values';
import { closing, mailbox, message, type OutgoingMessage, type Values } from './message';

/** Who cancelled a booking: the client through the link in their confirmation, or the owner. */
export type CancelledBy = 'client' | 'owner';

/** The client's and the owner's notice of a cancelled booking, each with the calendar file that removes the event. */
export function cancellationMessages(
  booking: BookingMail,
  by: CancelledBy,
  config: MailConfig,
): [OutgoingMessage, OutgoingMessage] {
  const base = bookingValues(booking, config);
  const values: Values = { ...base, cancelledBy: fill(copy.cancelledBy[by], base) };
  // The client's notice goes to an address anyone can type: our copy, closed-set values and the first name only.
  const own = clientBookingValues(booking, config);
  const client = mailbox(own.firstName!, booking.clientEmail);
  // One above the booking's last invitation, so the cancellation also removes an event a move updated.
  const cancellation = cancellationIcs(calendarEvent(booking, own, config, client), (booking.sequence ?? 0) + 1);
  const toClient = copy.cancellationClient;
  const toOwner = copy.cancellationOwner;
  // The owner's own words may reach the client: only visitor-typed text is kept out of client mails.
  const reason = (template: string): Block[] =>
    booking.cancelReason ? [{ kind: 'paragraph', text: fill(template, { reason: booking.cancelReason }) }] : [];
  return [
    message(
      'cancellation_client',
      { to: [client], bookingId: booking.id },
      fill(toClient.subject, own),
      [
        { kind: 'heading', text: fill(toClient.heading, own) },
        { kind: 'paragraph', text: fill(toClient.paragraphs[by], own) },
        ...reason(toClient.reason),
        bookingDetails(fill(toClient.detailsHeading, own), own, false),
        { kind: 'paragraph', text: fill(toClient.calendarText, own) },
        ...closing(own),
      ],
      [cancellation],
    ),
    message(
      'cancellation_owner',
      { to: [config.owner], replyTo: mailbox(booking.clientName, booking.clientEmail), bookingId: booking.id },
      fill(toOwner.subject, values),
      [
        { kind: 'heading', text: fill(toOwner.heading, values) },
        { kind: 'paragraph', text: fill(toOwner.paragraphs[by], values) },
        ...reason(toOwner.reason),
        bookingDetails(fill(toOwner.detailsHeading, values), values, true),
        { kind: 'footer', text: fill(copy.common.footer, values) },
      ],
      [cancellation],
    ),
  ];
}
