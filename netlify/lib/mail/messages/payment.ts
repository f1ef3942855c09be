import copy from '@content/emails.json' with { type: 'json' };
import { cancelUrl } from '@shared/cancel-link';
import { formatCents } from '@shared/money';
import { methodLabel, PAYMENT_NOTICE, type Balance, type ScheduleStanding } from '@shared/schemas/payment';
import { formatLongDate } from '@shared/texas-time';
import type { MailConfig } from '../config';
import { fill, oneLine, type Block, type Figure } from '../render';
import { clientBookingValues, type BookingMail } from './booking-values';
import { closing, mailbox, message, type OutgoingMessage, type Values } from './message';

const words = copy.payment;

/** A signed booking's money as its mails need it: the booking, and where its proposal's balance stands now. */
export type PaymentMail = { booking: BookingMail; balance: Balance };

/** A payment as its receipt states it. */
export type ReceiptPayment = { amountCents: number; method: string; receivedOn: string; reference: string | null };

/** A schedule line's standing in words: paid, due on its date, overdue since it, or partly paid. */
function standing(line: ScheduleStanding): string {
  const date = formatLongDate(line.dueOn);
  if (line.status === 'paid') return words.labels.paidLine;
  if (line.paidCents > 0) {
    return fill(words.labels.partLine, { paid: formatCents(line.paidCents), outstanding: formatCents(line.outstandingCents), date });
  }
  return fill(line.status === 'overdue' ? words.labels.overdueLine : words.labels.dueLine, { date });
}

/** Each line of the schedule with its standing, then paid to date, the contract's total and what is still due. */
function balanceFigures(heading: string, balance: Balance): Block {
  const rows: Figure[] = balance.schedule.map((line) => ({
    label: oneLine(line.label, 80),
    amount: formatCents(line.amountCents),
    detail: standing(line),
  }));
  rows.push(
    { label: words.labels.total, amount: formatCents(balance.totalCents) },
    { label: words.labels.paidToDate, amount: formatCents(balance.paidCents) },
    { label: words.labels.outstanding, amount: formatCents(balance.outstandingCents), strong: true },
  );
  return { kind: 'figures', heading, rows };
}

/** The link to the client's event page, for `token` (a fresh token of the booking's change-or-cancel links). */
function eventPageLink(say: { linkHeading: string; linkText: string; linkLabel: string }, own: Values, token: string, config: MailConfig): Block {
  return {
    kind: 'links',
    heading: fill(say.linkHeading, own),
    text: fill(say.linkText, own),
    links: [{ label: fill(say.linkLabel, own), url: cancelUrl(config.siteUrl, token) }],
  };
}

/**
 * The client's receipt of a payment the owner recorded: the amount, the method, the date received and the reference
 * when there is one (the owner typed it, never a visitor), then each line of the schedule with its standing, paid to
 * date and what is still due, the link to the event page and the sentence that we record payments and take no card.
 * Like every client mail it greets by the first name only.
 */
export function paymentReceiptMessage(mail: PaymentMail, payment: ReceiptPayment, token: string, config: MailConfig): OutgoingMessage {
  const own: Values = { ...clientBookingValues(mail.booking, config), amount: formatCents(payment.amountCents) };
  const say = words.receiptClient;
  const rows: Array<readonly [string, string]> = [
    [words.labels.amount, own.amount!],
    [words.labels.method, methodLabel(payment.method)],
    [words.labels.receivedOn, formatLongDate(payment.receivedOn)],
  ];
  if (payment.reference) rows.push([words.labels.reference, oneLine(payment.reference, 120)]);
  const outstanding = mail.balance.outstandingCents;
  return message(
    'payment_receipt_client',
    { to: [mailbox(own.firstName!, mail.booking.clientEmail)], bookingId: mail.booking.id },
    fill(say.subject, own),
    [
      { kind: 'heading', text: fill(say.heading, own) },
      ...say.paragraphs.map((text): Block => ({ kind: 'paragraph', text: fill(text, own) })),
      { kind: 'details', heading: fill(say.detailsHeading, own), rows },
      balanceFigures(fill(say.figuresHeading, own), mail.balance),
      { kind: 'paragraph', text: outstanding === 0 ? fill(say.paidInFull, own) : fill(say.stillDue, { outstanding: formatCents(outstanding) }) },
      eventPageLink(say, own, token, config),
      { kind: 'paragraph', text: PAYMENT_NOTICE },
      ...closing(own),
    ],
  );
}

/**
 * The client's reminder that `line` of their schedule (a balance line after the retainer) is due: what, how much is
 * still owed of it and by when, how to pay (by phone: we take no card here), where every payment stands, and the
 * link to the event page. It states the booking at its sequence: the sender drops it once the booking moved or was
 * cancelled.
 */
export function balanceReminderMessage(mail: PaymentMail, line: ScheduleStanding, token: string, config: MailConfig): OutgoingMessage {
  const own: Values = {
    ...clientBookingValues(mail.booking, config),
    amount: formatCents(line.outstandingCents),
    dueOn: formatLongDate(line.dueOn),
    label: oneLine(line.label, 80),
  };
  const say = words.balanceReminderClient;
  return message(
    'balance_reminder_client',
    { to: [mailbox(own.firstName!, mail.booking.clientEmail)], bookingId: mail.booking.id, bookingSequence: mail.booking.sequence ?? 0 },
    fill(say.subject, own),
    [
      { kind: 'heading', text: fill(say.heading, own) },
      ...say.paragraphs.map((text): Block => ({ kind: 'paragraph', text: fill(text, own) })),
      balanceFigures(fill(say.figuresHeading, own), mail.balance),
      eventPageLink(say, own, token, config),
      { kind: 'paragraph', text: PAYMENT_NOTICE },
      ...closing(own),
    ],
  );
}
