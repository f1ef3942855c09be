import { expect } from 'vitest';
import adminBookings from '../../netlify/functions/admin-bookings';
import payments from '../../netlify/functions/admin-payments';
import proposals from '../../netlify/functions/admin-proposals';
import sign from '../../netlify/functions/portal-sign';
import { createCancelToken } from '../../netlify/lib/bookings/cancel-links';
import { withDatabase } from '../../netlify/lib/db';
import type { TimeSlotKey } from '@shared/schemas/booking';
import type { OwnerBooking } from '@shared/schemas/owner';
import type { Balance, Payment, RecordPaymentInput } from '@shared/schemas/payment';
import type { Proposal } from '@shared/schemas/proposal';
import { texasToday } from '@shared/texas-time';
import { booking as reservation, uniqueEmail } from '../fixtures';
import { callWith, deskRequest } from './admin-support';
import type { TestDatabase } from '../setup/database';
import type { TestSmtpServer } from './mail-support';
import { call, postJson, query } from './support';

// A signed sale set up through the real routes, for the payments' and the balance reminders' tests: the owner books
// a caller (the confirmation carries the event page's link), sends a proposal, and the client signs it by that link.

const ESTIMATE = { packageId: 'wedding', serviceLevel: 'byob', guests: 80, hours: 4, zip: '78701', addOns: [] };
const LINK = /https:\/\/lonestar\.example\/cancel#token=([A-Za-z0-9_-]{43})/;

/**
 * A client's held reservation stored directly in `database` (no mail, no proposal: for the rules that judge a booking
 * as it stands), signed when told (`signed_at` now), moved `clientMoves` times by the client, and a link token of its own.
 */
export async function linkedReservation(
  database: TestDatabase,
  date: string,
  timeSlot: TimeSlotKey,
  options: { signed?: boolean; email?: string; clientMoves?: number } = {},
): Promise<{ id: string; token: string }> {
  const [row] = await query<{ id: string }>(
    database,
    `INSERT INTO bookings (date, time_slot, is_available, kind, client_name, client_email, event_type, guest_count, signed_at, client_moves)
     VALUES ($1, $2, false, 'reservation', 'Dolly Rivera', $3, 'wedding', 120, CASE WHEN $4 THEN now() END, $5) RETURNING id`,
    [date, timeSlot, options.email ?? uniqueEmail('dolly'), options.signed ?? false, options.clientMoves ?? 0],
  );
  const id = row!.id;
  const token = await withDatabase(undefined, (db) => createCancelToken(db, { id, date, timeSlot }), {
    config: { url: database.url, wsProxy: database.wsProxy },
  });
  return { id, token };
}

/** A booking, its proposal (signed or not) and the client's event-page token. */
export type Sale = { booking: OwnerBooking; proposal: Proposal; token: string; email: string };

/** The newest event-page link the SMTP server received for `email`. */
export function tokenFor(smtp: TestSmtpServer, email: string): string {
  const mails = smtp.received.filter((mail) => mail.envelope.to.includes(email) && LINK.test(mail.parsed.text ?? ''));
  expect(mails.length, `a mail with a link to ${email}`).toBeGreaterThan(0);
  return LINK.exec(mails.at(-1)!.parsed.text!)![1]!;
}

/** A held booking on `date` with a proposal sent, through the desk's routes; signed by the client unless `signed` is false. */
export async function makeSale(smtp: TestSmtpServer, cookie: string, date: string, signed = true): Promise<Sale> {
  const email = uniqueEmail('dolly');
  const booked = await callWith(
    adminBookings,
    deskRequest('POST', '/api/admin/bookings', {
      cookie,
      body: reservation({ date, clientName: 'Dolly Rivera', clientEmail: email, eventType: 'wedding' }),
      headers: { 'Idempotency-Key': crypto.randomUUID() },
    }),
  );
  expect(booked.status).toBe(201);
  const { booking } = (await booked.json()) as { booking: OwnerBooking };
  const sent = await callWith(proposals, deskRequest('POST', '/api/admin/proposals', { cookie, body: { estimate: ESTIMATE, bookingId: booking.id } }));
  expect(sent.status).toBe(201);
  const { proposal } = (await sent.json()) as { proposal: Proposal };
  const token = tokenFor(smtp, email);
  if (!signed) return { booking, proposal, token, email };
  const signing = await call(sign, postJson('/api/portal/sign', { token, proposalId: proposal.id, consent: true, signatureName: 'Dolly Rivera' }));
  expect(signing.status).toBe(200);
  return { booking, proposal: { ...proposal, state: 'signed' }, token, email };
}

/** A payment request of `amountCents` by Zelle, received today in Texas. */
export const zelle = (amountCents: number, patch: Partial<RecordPaymentInput> = {}): RecordPaymentInput => ({
  amountCents,
  method: 'zelle',
  receivedOn: texasToday(new Date()),
  ...patch,
});

/** POST /api/admin/proposals/{id}/payments with `key` as its Idempotency-Key (none when null). */
export function recordPayment(cookie: string, proposalId: string, body: unknown, key: string | null = crypto.randomUUID()) {
  return callWith(
    payments,
    deskRequest('POST', `/api/admin/proposals/${proposalId}/payments`, { cookie, body, headers: key === null ? {} : { 'Idempotency-Key': key } }),
  );
}

/** Records a payment that must be accepted; answers the payment and the balance after it. */
export async function paid(cookie: string, proposalId: string, body: RecordPaymentInput): Promise<{ payment: Payment; balance: Balance }> {
  const response = await recordPayment(cookie, proposalId, body);
  expect(response.status).toBe(201);
  return (await response.json()) as { payment: Payment; balance: Balance };
}
