import paymentsContent from '@content/payments.json' with { type: 'json' };
import type { Balance, ScheduleStanding } from '@shared/schemas/payment';
import { addDaysUtc } from '@shared/schemas/dates';
import { businessTime, texasToday } from '@shared/texas-time';
import { createCancelToken } from '../bookings/cancel-links';
import { lockForSale } from '../bookings/sale';
import { claimSaleReminder, claimedSaleReminders } from '../bookings/sale-reminders';
import type { Queryable } from '../db';
import { openBalances } from '../desk/balances';
import { balanceOfProposal, isPayable } from '../desk/balances';
import type { MailConfig } from '../mail/config';
import { enqueueBalanceReminder } from '../mail/outbox/payment';
import { lockProposal } from '../proposals/read';
import { inTransaction } from '../transaction';

/** The Texas hour a balance reminder becomes due, on its first day. */
export const BALANCE_REMINDER_HOUR = 9;

/**
 * When the reminder of a balance line due on `dueOn` may go: from BALANCE_REMINDER_HOUR on the Texas clock `days`
 * calendar days before (so across a daylight-saving change the hour stays 9:00 in Texas), until the end of its due
 * day (Texas midnight after it).
 */
export function balanceReminderWindow(dueOn: string, days: number = paymentsContent.balanceReminderDaysBefore): { from: Date; until: Date } {
  return { from: businessTime(addDaysUtc(dueOn, -days), BALANCE_REMINDER_HOUR), until: businessTime(addDaysUtc(dueOn, 1), 0) };
}

/**
 * The balance line of `balance` whose reminder is due at `now`: a line after the first (the retainer is paid at
 * signing), still owed, with `now` inside its window; the earliest such line, or undefined.
 */
export function dueBalanceLine(balance: Balance, now: Date, days?: number): ScheduleStanding | undefined {
  return balance.schedule.find((line, index) => {
    if (index === 0 || line.outstandingCents === 0) return false;
    const { from, until } = balanceReminderWindow(line.dueOn, days);
    return now.getTime() >= from.getTime() && now.getTime() < until.getTime();
  });
}

/** Options of queueBalanceReminders. */
export type BalanceReminderOptions = {
  /** Calendar days before the due date (default: content/payments.json's balanceReminderDaysBefore). */
  days?: number;
  /** Default: mailConfig(). */
  mail?: MailConfig;
  /** Stop starting new bookings' transactions at this time (ms since the epoch, real clock); the rest wait a run. */
  deadline?: number;
};

/** What a run did: reminders queued, due ones left for the next run (deadline), and the mails' ids. */
export type BalanceReminderReport = { queued: number; deferred: number; mailIds: string[] };

/**
 * The scheduled rule of the balance reminders at `now`: each held, signed booking (dated today or later) whose balance
 * line is due for its reminder (dueBalanceLine) and not yet reminded for that due date. Each in a transaction of its
 * own: the booking locked and re-checked held, the proposal locked and its balance read again (a payment since may
 * have paid it), then the claim (booking, 'balance', dueOn) that only one of two runs at once wins, a fresh link and
 * the client's mail.
 */
export async function queueBalanceReminders(
  db: Queryable,
  now: Date,
  options: BalanceReminderOptions = {},
): Promise<BalanceReminderReport> {
  const report: BalanceReminderReport = { queued: 0, deferred: 0, mailIds: [] };
  const open = await openBalances(db, texasToday(now), now);
  const claimed = await claimedSaleReminders(db, 'balance', open.map(({ booking }) => booking.id));
  const due = open.flatMap(({ booking, proposal, balance }) => {
    const line = dueBalanceLine(balance, now, options.days);
    return line && !claimed.has(`${booking.id} ${line.dueOn}`) ? [{ bookingId: booking.id, proposalId: proposal.id, dueOn: line.dueOn }] : [];
  });
  for (const candidate of due) {
    if (options.deadline !== undefined && Date.now() >= options.deadline) {
      report.deferred++;
      continue;
    }
    const mailIds = await inTransaction(db, async (tx) => {
      const booking = await lockForSale(tx, candidate.bookingId);
      const row = booking?.held ? await lockProposal(tx, candidate.proposalId) : undefined;
      if (!booking || !row || !isPayable(row)) return undefined;
      const balance = await balanceOfProposal(tx, row, now);
      const line = balance.schedule.find((item, index) => index > 0 && item.dueOn === candidate.dueOn && item.outstandingCents > 0);
      if (!line) return undefined;
      if (!(await claimSaleReminder(tx, { bookingId: booking.id, kind: 'balance', dueOn: line.dueOn, now }))) return undefined;
      return enqueueBalanceReminder(tx, { booking, balance }, line, await createCancelToken(tx, booking), options.mail);
    });
    if (mailIds) {
      report.queued++;
      report.mailIds.push(...mailIds);
    }
  }
  return report;
}
