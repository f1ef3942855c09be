import deskJson from '@content/desk.json' with { type: 'json' };
import { centsAsDecimal } from '@shared/money';
import { methodLabel } from '@shared/schemas/payment';
import { formatTexasStamp } from '@shared/texas-time';
import { recordAudit } from '../audit/log';
import { listReservationsById } from '../bookings/read';
import { toCsv } from '../csv';
import type { Queryable } from '../db';
import { paymentsReceived } from '../payments/read';
import { toPayment } from '../payments/row';

// The accountant's CSV of the payments received in a range of Texas dates, across payments and bookings (the client
// and the event's date): headed from content/desk.json (checked at build time by src/content-schemas/desk-payments.ts),
// amounts as plain decimals of dollars ("1440.00"), dates as YYYY-MM-DD, the recording's moment on the Texas clock.
// Voided payments stay in, with their status and reason, so the file adds up with the bank's statements.

const words = deskJson.desk.payments.csv;

const HEADER = [
  words.receivedOn,
  words.client,
  words.eventDate,
  words.amount,
  words.method,
  words.reference,
  words.status,
  words.voidReason,
  words.recordedBy,
  words.recordedAt,
  words.proposalId,
];

/**
 * GET /api/admin/payments.csv?from=&to=: the CSV of every payment received from `from` to `to` (inclusive), by date
 * received, and its audit entry (payments_exported, with the count only). Answers the CSV's text.
 */
export async function exportPayments(db: Queryable, range: { from: string; to: string }, by: string): Promise<string> {
  const payments = (await paymentsReceived(db, range)).map(toPayment);
  const bookings = new Map((await listReservationsById(db, [...new Set(payments.map((payment) => payment.bookingId))])).map((b) => [b.id, b]));
  await recordAudit(db, { actor: by, action: 'payments_exported', detail: { rows: payments.length, from: range.from, to: range.to } });
  return toCsv(
    HEADER,
    payments.map((payment) => {
      const booking = bookings.get(payment.bookingId);
      return [
        payment.receivedOn,
        booking?.clientName ?? null,
        booking?.date ?? null,
        centsAsDecimal(payment.amountCents),
        methodLabel(payment.method),
        payment.reference,
        payment.voidedAt ? words.statuses.voided : words.statuses.paid,
        payment.voidReason,
        payment.recordedBy,
        formatTexasStamp(new Date(payment.recordedAt)),
        payment.proposalId,
      ];
    }),
  );
}
