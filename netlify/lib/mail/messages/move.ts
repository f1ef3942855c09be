import copy from '@content/emails.json' with { type: 'json' };
import type { TimeSlotKey } from '@shared/schemas/booking';
import { formatLongDate } from '@shared/texas-time';
import { formatTimeWindow } from '@shared/time-slots';
import type { MailConfig } from '../config';
import { bookingValues, clientBookingValues, type BookingMail } from './booking-values';
import { invitationMessages } from './invitation';
import type { OutgoingMessage, Values } from './message';

/** Where a moved booking was before the move. */
export type MovedFrom = { date: string; timeSlot: TimeSlotKey };

/**
 * The client's notice that their booking moved (the calendar file with the same UID and the booking's new `sequence`,
 * calendar links, a new change-or-cancel link) and the owner's notification (old and new date and slot). The client's
 * goes to an address anyone can type: our copy, closed-set values and the first name only, as the confirmation.
 */
export function rescheduleMessages(
  booking: BookingMail & { sequence: number },
  from: MovedFrom,
  cancelToken: string,
  config: MailConfig,
): [OutgoingMessage, OutgoingMessage] {
  const was: Values = { fromDate: formatLongDate(from.date), fromTimeWindow: formatTimeWindow(from.date, from.timeSlot) };
  return invitationMessages(
    ['reschedule_client', 'reschedule_owner'],
    { client: copy.rescheduleClient, owner: copy.rescheduleOwner },
    booking,
    {
      own: { ...clientBookingValues(booking, config), ...was },
      values: { ...bookingValues(booking, config), ...was },
      sequence: booking.sequence,
      cancelToken,
    },
    config,
  );
}
