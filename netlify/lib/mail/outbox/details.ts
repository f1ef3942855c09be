import type { Queryable } from '../../db';
import { mailConfig, type MailConfig } from '../config';
import { detailsReminderMessage, type BookingMail } from '../messages';
import { enqueueMessages } from './write';

/**
 * Writes the client's reminder of their final details due by `dueOn`, with the link to their event page for
 * `cancelToken` (a token of its own), in the caller's transaction. Like the booking reminder, the mailbox cap neither
 * counts nor holds it: the scheduled run sends it, once per booking and due date. Returns its id, in a list.
 */
export function enqueueDetailsReminderMail(
  db: Queryable,
  booking: BookingMail,
  dueOn: string,
  cancelToken: string,
  config: MailConfig = mailConfig(),
): Promise<string[]> {
  return enqueueMessages(db, [detailsReminderMessage(booking, dueOn, cancelToken, config)], config);
}
