import copy from '@content/emails.json' with { type: 'json' };
import type { MailConfig } from '../config';
import { bookingValues, clientBookingValues, type BookingMail } from './booking-values';
import { invitationMessages } from './invitation';
import type { OutgoingMessage } from './message';

/** The client's confirmation (calendar file, calendar links, cancel link) and the owner's notification of a booking. */
export function bookingMessages(
  booking: BookingMail,
  cancelToken: string,
  config: MailConfig,
): [OutgoingMessage, OutgoingMessage] {
  return invitationMessages(
    ['booking_client', 'booking_owner'],
    { client: copy.bookingClient, owner: copy.bookingOwner },
    booking,
    { own: clientBookingValues(booking, config), values: bookingValues(booking, config), sequence: 0, cancelToken },
    config,
  );
}
