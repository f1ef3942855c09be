import { describe, expect, test } from 'vitest';
import agendaFn from '../../netlify/functions/admin-agenda';
import cancelBooking from '../../netlify/functions/admin-booking-cancel';
import { withDatabase } from '../../netlify/lib/db';
import { paymentsDue } from '../../netlify/lib/desk/agenda';
import { balanceReminderWindow, queueBalanceReminders } from '../../netlify/lib/jobs/balance-reminders';
import { sendDue } from '../../netlify/lib/mail/send';
import { createMailTransport } from '../../netlify/lib/mail/transport';
import { formatCents } from '@shared/money';
import { addDaysUtc } from '@shared/schemas/dates';
import { businessTime, formatLongDate, texasToday } from '@shared/texas-time';
import type { TestDatabase } from '../setup/database';
import { callWith, deskRequest, ownerCookie, resetOwnerTables } from './admin-support';
import { useTestSmtpServer } from './mail-support';
import { makeSale, paid, tokenFor, zelle } from './sale-support';
import { oneEngine, query, useDatabase } from './support';

describe('the balance reminder is due from 9:00 Texas time 7 calendar days before the due date until the end of that day', () => {
  test('across the fall-back change: due from 2026-10-27 09:00 CDT (14:00Z) until 2026-11-04 00:00 CST (06:00Z)', () => {
    expect(balanceReminderWindow('2026-11-03', 7)).toEqual({ from: new Date('2026-10-27T14:00:00Z'), until: new Date('2026-11-04T06:00:00Z') });
  });

  test('across the spring-forward change: from 2027-03-14 09:00 CDT (14:00Z, the first day of daylight time)', () => {
    expect(balanceReminderWindow('2027-03-21', 7)).toEqual({ from: new Date('2027-03-14T14:00:00Z'), until: new Date('2027-03-22T05:00:00Z') });
    // A day earlier the clocks were still on standard time: 9:00 was 15:00Z.
    expect(balanceReminderWindow('2027-03-20', 7).from).toEqual(new Date('2027-03-13T15:00:00Z'));
  });
});

/** The first spring-forward day (second Sunday of March) whose balance due date (7 days later) is past `after`. */
function nextSpringForward(after: string): string {
  for (let year = Number(after.slice(0, 4)); ; year += 1) {
    const first = new Date(Date.UTC(year, 2, 1)).getUTCDay();
    const day = `${year}-03-${String(1 + ((7 - first) % 7) + 7).padStart(2, '0')}`;
    if (addDaysUtc(day, 7) > after) return day;
  }
}

describe.each(oneEngine)('the balance reminders of the outbox run on $name', (database: TestDatabase) => {
  useDatabase(database);
  resetOwnerTables(database);
  const smtp = useTestSmtpServer(database, { ownerEmail: 'owner@lonestar.example', mailFrom: 'bookings@lonestar.example' });
  const options = { config: { url: database.url, wsProxy: database.wsProxy } };
  const run = (now: Date) => withDatabase(undefined, (db) => queueBalanceReminders(db, now), options);
  const reminders = () => query<{ booking_id: string; subject: string }>(database, "SELECT booking_id, subject FROM outbox WHERE kind = 'balance_reminder_client'");

  test('two runs at once on the spring-forward day queue one reminder, judged at 9:00 CDT to the millisecond; the mail states the balance', async () => {
    const cookie = await ownerCookie(database);
    const dst = nextSpringForward(addDaysUtc(texasToday(new Date()), 8));
    const dueOn = addDaysUtc(dst, 7);
    const sale = await makeSale(smtp, cookie, addDaysUtc(dueOn, 30));
    const [retainer, balance] = sale.proposal.schedule;
    expect(balance!.dueOn).toBe(dueOn);
    await paid(cookie, sale.proposal.id, zelle(retainer!.amountCents));
    const from = new Date(`${dst}T14:00:00.000Z`);
    expect(balanceReminderWindow(dueOn).from).toEqual(from);

    expect(await run(new Date(from.getTime() - 1))).toMatchObject({ queued: 0 });
    const runs = await Promise.all([run(from), run(from)]);
    expect(runs.map((report) => report.queued).sort()).toEqual([0, 1]);
    expect(await reminders()).toHaveLength(1);
    expect(await query(database, "SELECT due_on FROM sale_reminders WHERE kind = 'balance'")).toEqual([{ due_on: dueOn }]);
    expect((await run(new Date(from.getTime() + 86_400_000))).queued).toBe(0);

    smtp.clear();
    const ids = runs.flatMap((report) => report.mailIds);
    await sendDue({ ids, limit: 5, deadline: Date.now() + 20_000, transport: createMailTransport(smtp.url), database: options });
    const [mail] = await smtp.waitFor(1);
    expect(mail!.envelope.to).toEqual([sale.email]);
    expect(mail!.parsed.subject).toBe(
      `Reminder: ${formatCents(balance!.amountCents)} due ${formatLongDate(dueOn)} for your Lone Star Mobile Bar booking on ${formatLongDate(sale.booking.date)}`,
    );
    expect(mail!.parsed.text).toContain(`Paid to date: ${formatCents(retainer!.amountCents)}`);
    expect(tokenFor(smtp, sale.email)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  test('none for a balance paid in full, none for a cancelled booking, none after the due day', async () => {
    const cookie = await ownerCookie(database);
    const date = addDaysUtc(texasToday(new Date()), 75);
    const paidUp = await makeSale(smtp, cookie, date);
    await paid(cookie, paidUp.proposal.id, zelle(paidUp.proposal.totalCents));
    const cancelled = await makeSale(smtp, cookie, addDaysUtc(date, 1));
    const gone = await callWith(cancelBooking, deskRequest('POST', `/api/admin/bookings/${cancelled.booking.id}/cancel`, { cookie, body: {} }));
    expect(gone.status).toBe(200);
    const late = await makeSale(smtp, cookie, addDaysUtc(date, 2));
    const window = (sale: typeof late) => balanceReminderWindow(sale.proposal.schedule[1]!.dueOn);

    expect((await run(window(paidUp).from)).queued).toBe(0);
    expect((await run(window(cancelled).from)).queued).toBe(0);
    expect((await run(window(late).until)).queued).toBe(0);
    expect(await reminders()).toEqual([]);
    expect((await run(new Date(window(late).until.getTime() - 1))).queued).toBe(1);
  });

  test('the agenda lists a line still owed that falls due this week, then as overdue, never once paid', async () => {
    const cookie = await ownerCookie(database);
    const sale = await makeSale(smtp, cookie, addDaysUtc(texasToday(new Date()), 75));
    const [retainer] = sale.proposal.schedule;
    const on = (date: string) => withDatabase(undefined, (db) => paymentsDue(db, businessTime(date, 12)), options);
    expect(await on(addDaysUtc(retainer!.dueOn, -7))).toEqual([]);
    const line = { bookingId: sale.booking.id, proposalId: sale.proposal.id, clientName: 'Dolly Rivera', eventDate: sale.booking.date, label: retainer!.label, amountCents: retainer!.amountCents, dueOn: retainer!.dueOn };
    expect(await on(addDaysUtc(retainer!.dueOn, -6))).toEqual([expect.objectContaining({ ...line, overdue: false })]);
    expect(await on(addDaysUtc(retainer!.dueOn, 1))).toEqual([expect.objectContaining({ ...line, overdue: true })]);
    const agenda = await callWith(agendaFn, deskRequest('GET', '/api/admin/agenda', { cookie }));
    expect(((await agenda.json()) as { paymentsDue: unknown[] }).paymentsDue).toEqual([]);
    await paid(cookie, sale.proposal.id, zelle(retainer!.amountCents - 100));
    expect(await on(addDaysUtc(retainer!.dueOn, 1))).toEqual([expect.objectContaining({ ...line, amountCents: 100, overdue: true })]);
    await paid(cookie, sale.proposal.id, zelle(100));
    expect(await on(addDaysUtc(retainer!.dueOn, 1))).toEqual([]);
  });
});
