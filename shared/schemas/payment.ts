import paymentsContent from '@content/payments.json' with { type: 'json' };
import * as v from 'valibot';
import type { ScheduleItem } from './proposal';
import { IsoDateSchema } from './dates';
import { BookingRangeSchema } from './owner/bookings';
import { formObject, optionalField, requiredText, singleLineText, storableText } from './fields';
import { texasToday } from '../texas-time';

// Money the owner records by hand against a signed proposal: the request shapes, and what the desk, the event page
// and the receipts are answered. Paid and outstanding are derived from the payments that are not voided.

/** The ways a client pays us (content/payments.json), by id. */
export const PAYMENT_METHODS = paymentsContent.methods;
export type PaymentMethod = string;

/** The sentence the event page and the receipts carry: we record payments, and this site takes no card. */
export const PAYMENT_NOTICE = paymentsContent.notice;

/** The label of a method id ("zelle" → "Zelle"); an unknown id is shown as is. */
export function methodLabel(id: string): string {
  return PAYMENT_METHODS.find((method) => method.id === id)?.label ?? id;
}

/** The largest single payment: $1,000,000 (the column's own bound). */
export const MAX_PAYMENT_CENTS = 100_000_000;
/** The longest reference of a payment (a check number, a Zelle note), in characters (the column's own bound). */
export const MAX_REFERENCE_LENGTH = 120;
/** The longest reason a payment is voided for, in characters (the column's own bound). */
export const MAX_VOID_REASON_LENGTH = 300;

/** A payment as the desk sees it. */
export type Payment = {
  id: string;
  proposalId: string;
  bookingId: string;
  amountCents: number;
  method: PaymentMethod;
  /** The Texas date the money came in. */
  receivedOn: string;
  reference: string | null;
  recordedBy: string;
  recordedAt: string;
  voidedAt: string | null;
  voidedBy: string | null;
  voidReason: string | null;
};

/** A payment as the client's event page and receipt show it (voided ones are not shown to the client). */
export type ClientPayment = Pick<Payment, 'id' | 'amountCents' | 'method' | 'receivedOn'>;

/** A line of the schedule with what has been paid of it (payments fill the lines in order, the retainer first). */
export type ScheduleStanding = ScheduleItem & {
  paidCents: number;
  outstandingCents: number;
  /** paid; due (by its date, not passed); overdue (its date passed in Texas, not paid in full). */
  status: 'paid' | 'due' | 'overdue';
};

/** Where a signed proposal's money stands. */
export type Balance = {
  totalCents: number;
  paidCents: number;
  outstandingCents: number;
  schedule: ScheduleStanding[];
};

/**
 * The balance of a proposal of `totalCents` with `schedule`, after `paidCents` (the sum of its payments not voided),
 * judged on Texas day `today`: the payments fill the schedule's lines in order.
 */
export function balanceOf(totalCents: number, schedule: readonly ScheduleItem[], paidCents: number, today: string): Balance {
  let left = paidCents;
  const lines = schedule.map((item): ScheduleStanding => {
    const paid = Math.min(item.amountCents, Math.max(0, left));
    left -= paid;
    const outstanding = item.amountCents - paid;
    return { ...item, paidCents: paid, outstandingCents: outstanding, status: outstanding === 0 ? 'paid' : item.dueOn < today ? 'overdue' : 'due' };
  });
  return { totalCents, paidCents, outstandingCents: Math.max(0, totalCents - paidCents), schedule: lines };
}

/**
 * POST /api/admin/proposals/{id}/payments: the amount in cents, the method (content's ids), the Texas date received
 * (not after today, judged by `now()` at each validation) and an optional reference (a check number, a Zelle note).
 */
export function createRecordPaymentSchema(now: () => Date = () => new Date()) {
  return formObject(
    {
      amountCents: v.pipe(
        v.number('Please enter the amount received.'),
        v.integer('Please enter the amount in whole cents.'),
        v.minValue(1, 'Please enter an amount above zero.'),
        v.maxValue(MAX_PAYMENT_CENTS, 'That amount is too large.'),
      ),
      method: v.picklist(
        PAYMENT_METHODS.map((method) => method.id),
        'Please choose how it was paid.',
      ),
      receivedOn: v.pipe(
        IsoDateSchema,
        v.check((date) => date <= texasToday(now()), 'The date received cannot be in the future.'),
      ),
      reference: optionalField(
        v.pipe(
          v.string('Please write the reference as text.'),
          v.trim(),
          v.normalize('NFC'),
          v.maxLength(MAX_REFERENCE_LENGTH, `Please keep the reference to ${MAX_REFERENCE_LENGTH} characters.`),
          storableText(),
          singleLineText('the reference'),
        ),
      ),
    },
    'Please send the payment as { amountCents, method, receivedOn, reference? }.',
  );
}
export const RecordPaymentSchema = createRecordPaymentSchema();
export type RecordPaymentInput = v.InferInput<typeof RecordPaymentSchema>;
export type RecordPayment = v.InferOutput<typeof RecordPaymentSchema>;

/** POST /api/admin/payments/{id}/void: why the payment is voided (a bounced check, a typo). */
export const VoidPaymentSchema = formObject(
  {
    reason: requiredText(
      'Please say why the payment is voided.',
      MAX_VOID_REASON_LENGTH,
      `Please keep the reason to ${MAX_VOID_REASON_LENGTH} characters.`,
      'the reason',
    ),
  },
  'Please send the reason as { reason }.',
);
export type VoidPaymentInput = v.InferInput<typeof VoidPaymentSchema>;

/** What the payment routes refuse with, and what the owner is told (all 409). */
export const PAYMENT_REFUSALS = {
  payment_exceeds_balance: 'That is more than is still owed on this proposal. Please check the amount.',
  already_voided: 'That payment was already voided.',
} as const;

/** GET /api/admin/payments.csv?from=&to=: the Texas dates received, inclusive, at most two years apart (as the bookings' range). */
export const PaymentExportQuerySchema = BookingRangeSchema;
