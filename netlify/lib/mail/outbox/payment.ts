import type { ScheduleStanding } from '@shared/schemas/payment';
import type { Queryable } from '../../db';
import { mailConfig, type MailConfig } from '../config';
import { balanceReminderMessage, paymentReceiptMessage, type PaymentMail, type ReceiptPayment } from '../messages';
import { enqueueMessages } from './write';

// The payments' mails, to the client only (the owner recorded the payment; the desk shows what is due). None is held
// back by the mailbox cap: the owner or the scheduled run causes each. Each writes in the caller's transaction and
// returns the ids of the messages to send.

/**
 * Writes the client's receipt of a payment, with where the balance stands after it and the link to their event page
 * for `token` (a fresh token of the booking's change-or-cancel links), in the transaction that recorded it.
 */
export function enqueuePaymentReceipt(
  db: Queryable,
  mail: PaymentMail,
  payment: ReceiptPayment,
  token: string,
  config: MailConfig = mailConfig(),
): Promise<string[]> {
  return enqueueMessages(db, [paymentReceiptMessage(mail, payment, token, config)], config);
}

/** Writes the client's reminder that balance `line` is due, with the link to their event page for `token`. */
export function enqueueBalanceReminder(
  db: Queryable,
  mail: PaymentMail,
  line: ScheduleStanding,
  token: string,
  config: MailConfig = mailConfig(),
): Promise<string[]> {
  return enqueueMessages(db, [balanceReminderMessage(mail, line, token, config)], config);
}
