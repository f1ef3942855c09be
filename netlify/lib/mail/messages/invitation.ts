import copy from '@content/emails.json' with { type: 'json' };
import { cancelUrl } from '@shared/cancel-link';
import { googleCalendarUrl, outlookCalendarUrl } from '@shared/calendar-links';
import { invitationIcs } from '../calendar';
import type { MailConfig } from '../config';
import { fill, type Block } from '../render';
import { bookingDetails, calendarEvent, type BookingMail } from './booking-values';
import { closing, mailbox, message, type MessageKind, type OutgoingMessage, type Values } from './message';

/** The words of a client's mail that carries the calendar invitation: a booking's confirmation, a move's notice. */
type InvitationCopy = typeof copy.bookingClient;
/** The words of the owner's notification that goes with it. */
type NotificationCopy = typeof copy.bookingOwner;

/**
 * A client's mail with the booking's calendar invitation (SEQUENCE `sequence`), calendar links and the
 * change-or-cancel link for `cancelToken`, and the owner's notification with the same invitation: the pair a
 * booking and a move send. `own` and `values` are the client's and the owner's placeholder values. The client's goes
 * to an address anyone can type: our copy, closed-set values and the first name only (clientBookingValues); the
 * calendar file rides along in both mails, so it is built from the same.
 */
export function invitationMessages(
  kinds: readonly [client: MessageKind, owner: MessageKind],
  words: { client: InvitationCopy; owner: NotificationCopy },
  booking: BookingMail,
  filled: { own: Values; values: Values; sequence: number; cancelToken: string },
  config: MailConfig,
): [OutgoingMessage, OutgoingMessage] {
  const { own, values } = filled;
  const client = mailbox(own.firstName!, booking.clientEmail);
  const event = calendarEvent(booking, own, config, client);
  const invitation = invitationIcs(event, filled.sequence);
  const { client: invite, owner: notify } = words;
  return [
    message(
      kinds[0],
      { to: [client], bookingId: booking.id, bookingSequence: filled.sequence },
      fill(invite.subject, own),
      [
        { kind: 'heading', text: fill(invite.heading, own) },
        ...invite.paragraphs.map((text): Block => ({ kind: 'paragraph', text: fill(text, own) })),
        bookingDetails(fill(invite.detailsHeading, own), own, false),
        {
          kind: 'links',
          heading: fill(invite.calendarHeading, own),
          text: fill(invite.calendarText, own),
          links: [
            { label: fill(invite.googleLabel, own), url: googleCalendarUrl(event) },
            { label: fill(invite.outlookLabel, own), url: outlookCalendarUrl(event) },
          ],
        },
        {
          kind: 'links',
          heading: fill(invite.cancelHeading, own),
          text: fill(invite.cancelText, own),
          links: [{ label: fill(invite.cancelLabel, own), url: cancelUrl(config.siteUrl, filled.cancelToken) }],
        },
        ...closing(own),
      ],
      [invitation],
    ),
    message(
      kinds[1],
      { to: [config.owner], replyTo: mailbox(booking.clientName, booking.clientEmail), bookingId: booking.id },
      fill(notify.subject, values),
      [
        { kind: 'heading', text: fill(notify.heading, values) },
        ...notify.paragraphs.map((text): Block => ({ kind: 'paragraph', text: fill(text, values) })),
        bookingDetails(fill(notify.detailsHeading, values), values, true),
        { kind: 'footer', text: fill(copy.common.footer, values) },
      ],
      [invitation],
    ),
  ];
}
