import policy from '@content/event-policy.json' with { type: 'json' };
import { addDaysUtc } from '@shared/schemas/dates';
import { detailsCloseAt, detailsDueOn, detailsEmpty } from '@shared/schemas/event-details';
import { businessTime, texasToday } from '@shared/texas-time';
import { createCancelToken } from '../bookings/cancel-links';
import { listSignedReservations } from '../bookings/read';
import { lockForSale } from '../bookings/sale';
import { claimSaleReminder, claimedSaleReminders } from '../bookings/sale-reminders';
import type { Queryable } from '../db';
import { findDetails, listDetails } from '../details/read';
import { fieldsOf } from '../details/row';
import type { MailConfig } from '../mail/config';
import { enqueueDetailsReminderMail } from '../mail/outbox/details';
import { inTransaction } from '../transaction';

/** The Texas hour the details reminder becomes due, on its day. */
export const DETAILS_REMINDER_HOUR = 9;

/**
 * When the details reminder of an event on `date` becomes due: 9:00 on the Texas clock,
 * content's details.reminderDaysBeforeDue calendar days before the details' due day.
 */
export function detailsReminderDueAt(date: string, reminderDaysBeforeDue: number = policy.details.reminderDaysBeforeDue): Date {
  return businessTime(addDaysUtc(detailsDueOn(date), -reminderDaysBeforeDue), DETAILS_REMINDER_HOUR);
}

/** Whether the details reminder of an event on `date` is due at `now`: from detailsReminderDueAt until the details close. */
export function detailsReminderIsDue(date: string, now: Date): boolean {
  return now.getTime() >= detailsReminderDueAt(date).getTime() && now.getTime() < detailsCloseAt(date).getTime();
}

/** What a run did: reminders queued, and due ones left for the next run (deadline). */
export type DetailsReminderReport = { queued: number; deferred: number; mailIds: string[] };

/**
 * The scheduled rule of the final details' reminder: a held reservation whose contract is signed and whose details
 * are still empty (never saved, or every field empty) gets one mail from detailsReminderDueAt until the details close,
 * exactly once per booking and due day. One read finds the candidates (signed, held, dated so that the window may be
 * open today, not yet reminded for their due day); then one short transaction per booking: its links and row locked
 * (as the client's own save locks them), everything judged again as it now stands (still held, signed, on a date due
 * now, details still empty), the reminder claimed (claimSaleReminder: of two runs exactly one inserts the row) and,
 * only then, a fresh link made and the mail written. Stops starting bookings at `deadline` (ms since the epoch).
 */
export async function queueDetailsReminders(
  db: Queryable,
  now: Date,
  options: { deadline?: number; mail?: MailConfig } = {},
): Promise<DetailsReminderReport> {
  const report: DetailsReminderReport = { queued: 0, deferred: 0, mailIds: [] };
  const today = texasToday(now);
  const from = addDaysUtc(today, policy.details.dueDaysBefore);
  const rows = await listSignedReservations(db, { from, to: addDaysUtc(from, policy.details.reminderDaysBeforeDue) });
  const ids = rows.map((row) => row.id);
  const [details, queued] = await Promise.all([listDetails(db, ids), claimedSaleReminders(db, 'details', ids)]);
  const due = rows.filter(
    (row) =>
      detailsReminderIsDue(row.date, now) &&
      detailsEmpty(fieldsOf(details.get(row.id))) &&
      !queued.has(`${row.id} ${detailsDueOn(row.date)}`),
  );
  for (const row of due) {
    if (options.deadline !== undefined && Date.now() >= options.deadline) {
      report.deferred++;
      continue;
    }
    const mailIds = await remind(db, row.id, now, options.mail);
    if (mailIds) {
      report.queued++;
      report.mailIds.push(...mailIds);
    }
  }
  return report;
}

/** The reminder of one booking, in a transaction of its own; undefined when it is not (or no longer) due. */
function remind(db: Queryable, bookingId: string, now: Date, mail: MailConfig | undefined): Promise<string[] | undefined> {
  return inTransaction(db, async (tx) => {
    const booking = await lockForSale(tx, bookingId);
    if (!booking || !booking.held || booking.signedAt === null || !detailsReminderIsDue(booking.date, now)) return undefined;
    if (!detailsEmpty(fieldsOf(await findDetails(tx, bookingId)))) return undefined;
    const dueOn = detailsDueOn(booking.date);
    if (!(await claimSaleReminder(tx, { bookingId, kind: 'details', dueOn, now }))) return undefined;
    const token = await createCancelToken(tx, booking);
    return enqueueDetailsReminderMail(tx, booking, dueOn, token, mail);
  });
}
