import { AGENDA_DAYS, PAYMENTS_DUE_DAYS, type AgendaPaymentDue, type OwnerAgenda } from '@shared/schemas/owner';
import { texasToday } from '@shared/texas-time';
import { addDaysUtc } from '@shared/schemas/dates';
import { listHeld } from '../bookings/read';
import type { Queryable } from '../db';
import { unopenedInquiries } from '../inquiries/read';
import { countFailedMessages } from '../mail/outbox/report';
import { openBalances } from './balances';

/** How far back the agenda looks for overdue money, in days of event dates (older debts are the accountant's). */
export const OVERDUE_LOOKBACK_DAYS = 365;

/**
 * The money due this week as of `now`: each schedule line of a held, signed booking still owed that falls due from
 * today to today + PAYMENTS_DUE_DAYS - 1 (Texas days), and every overdue one (of events from the last
 * OVERDUE_LOOKBACK_DAYS), soonest due first.
 */
export async function paymentsDue(db: Queryable, now: Date): Promise<AgendaPaymentDue[]> {
  const today = texasToday(now);
  const last = addDaysUtc(today, PAYMENTS_DUE_DAYS - 1);
  const due = (await openBalances(db, addDaysUtc(today, -OVERDUE_LOOKBACK_DAYS), now)).flatMap(({ booking, proposal, balance }) =>
    balance.schedule
      .filter((line) => line.outstandingCents > 0 && line.dueOn <= last)
      .map((line) => ({
        bookingId: booking.id,
        proposalId: proposal.id,
        clientName: booking.clientName ?? '',
        eventDate: booking.date,
        timeSlot: booking.timeSlot,
        label: line.label,
        amountCents: line.outstandingCents,
        dueOn: line.dueOn,
        overdue: line.status === 'overdue',
      })),
  );
  return due.sort((a, b) => (a.dueOn < b.dueOn ? -1 : a.dueOn > b.dueOn ? 1 : 0));
}

/** "Today & upcoming" as of `now`: AGENDA_DAYS days from today in Texas, new inquiries, failed e-mails, money due. */
export async function readAgenda(db: Queryable, now: Date): Promise<OwnerAgenda> {
  const from = texasToday(now);
  const to = addDaysUtc(from, AGENDA_DAYS - 1);
  const held = await listHeld(db, { from, to });
  // The desk's wait for new inquiries and failed mails: each read through the module that owns its table.
  return {
    from,
    to,
    ...held,
    newInquiries: await unopenedInquiries(db),
    failedMails: await countFailedMessages(db),
    paymentsDue: await paymentsDue(db, now),
  };
}
