import { beforeEach, describe, expect, test } from 'vitest';
import payments from '../../netlify/functions/admin-payments';
import voidFn from '../../netlify/functions/admin-payment-void';
import paymentsCsv from '../../netlify/functions/admin-payments-csv';
import bookingsAdmin from '../../netlify/functions/admin-bookings';
import lookup from '../../netlify/functions/portal-lookup';
import type { OwnerBooking } from '@shared/schemas/owner';
import { PAYMENT_NOTICE, type Balance, type Payment } from '@shared/schemas/payment';
import { addDaysUtc } from '@shared/schemas/dates';
import { formatCents } from '@shared/money';
import { formatLongDate, texasToday } from '@shared/texas-time';
import type { TestDatabase } from '../setup/database';
import { auditMark, auditSince, callWith, deskRequest, ownerCookie, resetOwnerTables } from './admin-support';
import { expectNoMoreMail, useTestSmtpServer } from './mail-support';
import { makeSale, paid, recordPayment, tokenFor, zelle } from './sale-support';
import { call, databases, postJson, query, useDatabase } from './support';

type ErrorBody = { error: { code: string; fields?: Record<string, string> } };
type Step = { payment: Payment; balance: Balance };

const codeOf = async (response: Response) => ((await response.json()) as ErrorBody).error.code;

describe.each(databases)('payments recorded against a signed proposal on $name', (database: TestDatabase) => {
  useDatabase(database);
  resetOwnerTables(database);
  const smtp = useTestSmtpServer(database, { ownerEmail: 'owner@lonestar.example', mailFrom: 'bookings@lonestar.example' });
  // Judged per test (a file that runs across Texas midnight would otherwise compare two days).
  let today = texasToday(new Date());
  let eventDate = addDaysUtc(today, 75);
  beforeEach(() => {
    today = texasToday(new Date());
    eventDate = addDaysUtc(today, 75);
  });

  const voidIt = (cookie: string, id: string, body: unknown) =>
    callWith(voidFn, deskRequest('POST', `/api/admin/payments/${id}/void`, { cookie, body }));
  const readPayments = async (cookie: string, proposalId: string) =>
    (await (await callWith(payments, deskRequest('GET', `/api/admin/proposals/${proposalId}/payments`, { cookie }))).json()) as {
      payments: Payment[];
      balance: Balance | null;
    };

  test('the retainer: 201 with the balance, audited without personal data, a receipt to the client with the link; none before signing', async () => {
    const cookie = await ownerCookie(database);
    const open = await makeSale(smtp, cookie, eventDate, false);
    const refused = await recordPayment(cookie, open.proposal.id, zelle(10_000));
    expect(refused.status).toBe(409);
    expect(await codeOf(refused)).toBe('proposal_not_signed');
    expect(await readPayments(cookie, open.proposal.id)).toEqual({ payments: [], balance: null });
    const unknown = await recordPayment(cookie, crypto.randomUUID(), zelle(10_000));
    expect(unknown.status).toBe(404);
    expect((await recordPayment('', open.proposal.id, zelle(10_000))).status).toBe(401);

    const sale = await makeSale(smtp, cookie, addDaysUtc(eventDate, 1));
    const [retainer, balanceLine] = sale.proposal.schedule;
    expect(balanceLine).toBeDefined();
    smtp.clear();
    const mark = await auditMark(database);
    const response = await recordPayment(cookie, sale.proposal.id, zelle(retainer!.amountCents, { reference: 'Zelle 8841' }));
    expect(response.status).toBe(201);
    const { payment, balance } = (await response.json()) as Step;
    expect(payment).toMatchObject({ amountCents: retainer!.amountCents, method: 'zelle', receivedOn: today, reference: 'Zelle 8841', recordedBy: 'Dolores', voidedAt: null });
    expect(balance).toMatchObject({ totalCents: sale.proposal.totalCents, paidCents: retainer!.amountCents, outstandingCents: balanceLine!.amountCents });
    expect(balance.schedule.map((line) => line.status)).toEqual(['paid', 'due']);
    expect(await auditSince(database, mark)).toEqual([
      {
        actor: 'Dolores',
        action: 'payment_recorded',
        target: payment.id,
        detail: { proposalId: sale.proposal.id, bookingId: sale.booking.id, amountCents: retainer!.amountCents, method: 'zelle' },
      },
    ]);

    // The receipt, read back from the SMTP server.
    const [receipt] = await expectNoMoreMail(database, smtp, 1);
    expect(receipt!.envelope.to).toEqual([sale.email]);
    expect(receipt!.parsed.subject).toBe(`Receipt: ${formatCents(retainer!.amountCents)} received for your Lone Star Mobile Bar booking on ${formatLongDate(sale.booking.date)}`);
    const text = receipt!.parsed.text!;
    for (const part of [
      `Amount: ${formatCents(retainer!.amountCents)}`,
      'Paid by: Zelle',
      `Received on: ${formatLongDate(today)}`,
      'Reference: Zelle 8841',
      `Paid to date: ${formatCents(retainer!.amountCents)}`,
      `Still due: ${formatCents(balanceLine!.amountCents)}`,
      `due ${formatLongDate(balanceLine!.dueOn)}`,
      PAYMENT_NOTICE,
    ]) {
      expect(text).toContain(part);
    }
    expect(tokenFor(smtp, sale.email)).toMatch(/^[A-Za-z0-9_-]{43}$/);

    // The event page shows the payment and the balance.
    const page = (await (await call(lookup, postJson('/api/portal/lookup', { token: sale.token }))).json()) as {
      payments: { list: unknown[]; balance: Balance };
    };
    expect(page.payments.list).toEqual([{ id: payment.id, amountCents: retainer!.amountCents, method: 'zelle', receivedOn: today }]);
    expect(page.payments.balance).toEqual(balance);
    const before = (await (await call(lookup, postJson('/api/portal/lookup', { token: open.token }))).json()) as { payments: unknown };
    expect(before.payments).toBeNull();
  });

  test('two tabs recording 60% each at once: one 201, one 409 payment_exceeds_balance, and the balance adds up', async () => {
    const cookie = await ownerCookie(database);
    const sale = await makeSale(smtp, cookie, eventDate);
    const sixty = Math.round(sale.proposal.totalCents * 0.6);
    const answers = await Promise.all([1, 2].map(() => recordPayment(cookie, sale.proposal.id, zelle(sixty))));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(await codeOf(answers.find((answer) => answer.status === 409)!)).toBe('payment_exceeds_balance');
    const { payments: list, balance } = await readPayments(cookie, sale.proposal.id);
    expect(list).toHaveLength(1);
    expect(balance).toMatchObject({ paidCents: sixty, outstandingCents: sale.proposal.totalCents - sixty });
    // The bookings list carries the same figures on the signed booking's row, and none on a row without a signature.
    const listed = async () => {
      const answer = await callWith(bookingsAdmin, deskRequest('GET', `/api/admin/bookings?from=${today}&to=${addDaysUtc(today, 400)}`, { cookie }));
      return ((await answer.json()) as { bookings: OwnerBooking[] }).bookings;
    };
    const row = (await listed()).find((booking) => booking.id === sale.booking.id);
    expect(row?.money).toEqual({ totalCents: sale.proposal.totalCents, paidCents: sixty, outstandingCents: sale.proposal.totalCents - sixty });
    const unsigned = await makeSale(smtp, cookie, addDaysUtc(eventDate, 2), false);
    expect((await listed()).find((booking) => booking.id === unsigned.booking.id)).not.toHaveProperty('money');
    const rest = await recordPayment(cookie, sale.proposal.id, zelle(sale.proposal.totalCents - sixty + 1));
    expect(((await rest.json()) as ErrorBody).error).toMatchObject({ code: 'payment_exceeds_balance', fields: { amountCents: expect.any(String) } });
    expect((await paid(cookie, sale.proposal.id, zelle(sale.proposal.totalCents - sixty))).balance.outstandingCents).toBe(0);
  });

  test('bad input is a 400 naming each field; a missing Idempotency-Key is a 400; the same key replays one answer', async () => {
    const cookie = await ownerCookie(database);
    const sale = await makeSale(smtp, cookie, eventDate);
    const bad = await recordPayment(cookie, sale.proposal.id, { amountCents: 0.5, method: 'bitcoin', receivedOn: addDaysUtc(today, 2), reference: 'a\nb' });
    expect(bad.status).toBe(400);
    expect(Object.keys(((await bad.json()) as ErrorBody).error.fields!).sort()).toEqual(['amountCents', 'method', 'receivedOn', 'reference']);
    const keyless = await recordPayment(cookie, sale.proposal.id, zelle(1_000), null);
    expect(keyless.status).toBe(400);
    expect(await codeOf(keyless)).toBe('invalid_idempotency_key');

    const key = crypto.randomUUID();
    const first = await recordPayment(cookie, sale.proposal.id, zelle(1_000), key);
    const again = await recordPayment(cookie, sale.proposal.id, zelle(1_000), key);
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(await again.json()).toEqual(await first.json());
    expect(await query(database, 'SELECT id FROM payments WHERE proposal_id = $1', [sale.proposal.id])).toHaveLength(1);
  });

  test('a void keeps the row with its reason, is audited and refused the second time; SQL cannot delete or change a payment', async () => {
    const cookie = await ownerCookie(database);
    const sale = await makeSale(smtp, cookie, eventDate);
    const { payment } = await paid(cookie, sale.proposal.id, zelle(20_000, { method: 'check', reference: 'Check 1042' }));
    expect((await voidIt(cookie, payment.id, { reason: ' ' })).status).toBe(400);
    const mark = await auditMark(database);
    const voided = await voidIt(cookie, payment.id, { reason: 'Check bounced' });
    expect(voided.status).toBe(200);
    const step = (await voided.json()) as Step;
    expect(step.payment).toMatchObject({ id: payment.id, voidedBy: 'Dolores', voidReason: 'Check bounced', voidedAt: expect.any(String) });
    expect(step.balance.paidCents).toBe(0);
    const [row] = await query<{ amount_cents: number; void_reason: string; voided_at: Date }>(
      database,
      'SELECT amount_cents, void_reason, voided_at FROM payments WHERE id = $1',
      [payment.id],
    );
    expect(row).toMatchObject({ amount_cents: 20_000, void_reason: 'Check bounced', voided_at: expect.any(Date) });
    expect((await auditSince(database, mark)).map((entry) => [entry.action, entry.target])).toEqual([['payment_voided', payment.id]]);
    const twice = await voidIt(cookie, payment.id, { reason: 'Again' });
    expect(twice.status).toBe(409);
    expect(await codeOf(twice)).toBe('already_voided');
    expect((await voidIt(cookie, crypto.randomUUID(), { reason: 'Nothing' })).status).toBe(404);

    await expect(query(database, 'DELETE FROM payments WHERE id = $1', [payment.id])).rejects.toThrow(/never deleted/);
    await expect(query(database, 'UPDATE payments SET amount_cents = 1 WHERE id = $1', [payment.id])).rejects.toThrow(/only be voided/);
    const page = (await (await call(lookup, postJson('/api/portal/lookup', { token: sale.token }))).json()) as { payments: { list: unknown[] } };
    expect(page.payments.list).toEqual([]);
  });

  test('the CSV of a range of dates received: voided rows with their status and reason, nothing outside the range', async () => {
    const cookie = await ownerCookie(database);
    const sale = await makeSale(smtp, cookie, eventDate);
    const yesterday = addDaysUtc(today, -1);
    await paid(cookie, sale.proposal.id, zelle(144_000, { receivedOn: yesterday, reference: '=SUM(A1)' }));
    const gone = await paid(cookie, sale.proposal.id, zelle(5_050, { method: 'cash' }));
    expect((await voidIt(cookie, gone.payment.id, { reason: 'Typed twice' })).status).toBe(200);
    const csv = (from: string, to: string, who = cookie) =>
      callWith(paymentsCsv, deskRequest('GET', `/api/admin/payments.csv?from=${from}&to=${to}`, { cookie: who }));

    const response = await csv(yesterday, today);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present');
    expect(response.headers.get('content-disposition')).toBe(`attachment; filename="payments-${yesterday}-to-${today}.csv"`);
    const lines = (await response.text()).replace(/^\uFEFF/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      '"Received on","Client","Event date","Amount (USD)","Method","Reference","Status","Void reason","Recorded by","Recorded at (Texas time)","Proposal id"',
    );
    const stamp = '\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}';
    const row = (cells: string) => expect.stringMatching(new RegExp(`^${cells.replace('STAMP', stamp)}$`));
    expect(lines.slice(1)).toEqual([
      row(`"${yesterday}","Dolly Rivera","${eventDate}","1440.00","Zelle","'=SUM\\(A1\\)","paid","","Dolores","STAMP","${sale.proposal.id}"`),
      row(`"${today}","Dolly Rivera","${eventDate}","50.50","Cash","","voided","Typed twice","Dolores","STAMP","${sale.proposal.id}"`),
    ]);
    expect((await (await csv(addDaysUtc(today, -30), addDaysUtc(today, -2))).text()).trimEnd().split('\r\n')).toHaveLength(1);
    expect((await csv(today, yesterday)).status).toBe(400);
    expect((await csv(yesterday, today, '')).status).toBe(401);
  });
});
