import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { APIRequestContext, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import cancelJson from '@content/cancel.json' with { type: 'json' };
import { centsAsDecimal, formatCents } from '@shared/money';
import type { Proposal } from '@shared/schemas/proposal';
import { formatLongDate } from '@shared/texas-time';
import { clock } from '../fixtures';
import { checkState } from './support/axe';
import { VIEWPORTS, eventually, openContext, skipBrowser, useBrowser } from './support/browser';
import { DESK, addOwner, deskNav, openDesk, signIn } from './support/desk';
import { cancelLinkIn, mailTo } from './support/mail';

const OWNER = { username: `payments-owner-${Date.now()}`, password: 'paid-in-full-by-the-pecos' };
const RUN = Date.now().toString(36);
const WORDS = DESK.payments;
const PAGE = cancelJson.cancel.booking;

/** Presses a control with the keyboard, as someone without a mouse does. */
async function press(control: Locator, key = 'Enter'): Promise<void> {
  await control.focus();
  await control.press(key);
}

/** With DESK_SCREENSHOTS set, saves `part` alone (scrolled into view, also inside the desk's own scrolling) at both widths. */
async function shoot(page: Page, part: Locator, state: string): Promise<void> {
  const dir = process.env.DESK_SCREENSHOTS;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const original = page.viewportSize();
  for (const size of [VIEWPORTS.phone, VIEWPORTS.desktop]) {
    await page.setViewportSize(size);
    await part.screenshot({ path: join(dir, `${state}-part-${size.width}.png`) });
  }
  if (original) await page.setViewportSize(original);
}

/** A JSON POST from the page's context (its cookies: the owner's session), as the desk on this site sends it. */
async function post(page: Page, path: string, data: unknown, headers: Record<string, string> = {}) {
  const request: APIRequestContext = page.context().request;
  const response = await request.post(path, { data, headers: { Origin: new URL(page.url()).origin, ...headers } });
  expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
  return response.json();
}

describe.skipIf(skipBrowser)('payments: the owner records the retainer on the desk, the client sees it on the event page', () => {
  const browser = useBrowser();

  beforeAll(async () => {
    expect(await addOwner(OWNER.username, OWNER.password)).toContain(`Created the owner "${OWNER.username}"`);
  });

  test('keyboard only, axe 0 at 390 and 1280 px: record the retainer, paid and outstanding on the desk, the retainer paid and the balance due on the event page', { timeout: 300_000 }, async () => {
    const clientName = `Dolly Payments-${RUN}`;
    const email = `payments-${RUN}@example.com`;
    const owner = await openContext(browser(), { viewportName: 'desktop' });
    const client = await openContext(browser(), { viewportName: 'phone' });
    try {
      const desk = await owner.newPage();
      await openDesk(desk, '#today');
      await signIn(desk, OWNER.username, OWNER.password);

      // The sale, set up through the routes: a phone booking, its proposal, the client's signature by the mail's link.
      const booked = await post(
        desk,
        '/api/admin/bookings',
        { date: clock.day(75), timeSlot: 'evening', clientName, clientEmail: email, eventType: 'wedding' },
        { 'Idempotency-Key': crypto.randomUUID() },
      );
      const bookingId = (booked as { booking: { id: string } }).booking.id;
      const estimate = { packageId: 'wedding', serviceLevel: 'byob', guests: 80, hours: 4, zip: '78701', addOns: [] };
      // Three days to sign: the retainer falls due this week, so the agenda lists it until it is paid.
      const { proposal } = (await post(desk, '/api/admin/proposals', { estimate, bookingId, validDays: 3 })) as { proposal: Proposal };
      const [retainer, balance] = proposal.schedule as [Proposal['schedule'][0], Proposal['schedule'][0]];
      const link = cancelLinkIn((await mailTo(email, 1))[0]!);
      const token = decodeURIComponent(new URL(link).hash.replace('#token=', ''));
      const page = await client.newPage();
      await page.goto('/');
      await post(page, '/api/portal/sign', { token, proposalId: proposal.id, consent: true, signatureName: clientName });

      // The agenda lists the retainer due this week; the owner opens the booking's contract and payments and records
      // it, by keyboard.
      await desk.reload();
      const due = desk.getByRole('region', { name: DESK.agenda.paymentsDue.heading }).getByRole('listitem').filter({ hasText: clientName });
      await due.waitFor();
      expect(await due.innerText()).toContain(`${retainer.label}: ${formatCents(retainer.amountCents)} due ${formatLongDate(retainer.dueOn)}`);
      await checkState(desk, 'payments-agenda-due');
      await shoot(desk, due, 'payments-agenda-due');
      await press(deskNav(desk).getByRole('link', { name: DESK.views.bookings }));
      const row = desk.locator(`#booking-${bookingId}`);
      await press(row.getByRole('button', { name: WORDS.open }));
      const panel = row.getByRole('region', { name: WORDS.heading });
      await panel.getByText(`Outstanding ${formatCents(proposal.totalCents)}`).waitFor();
      await press(panel.getByRole('button', { name: WORDS.record }));
      const form = panel.locator('form');
      const amount = form.getByLabel(WORDS.form.labels.amount, { exact: true });
      await eventually(() => amount.evaluate((element) => element === document.activeElement)).toBe(true);
      await amount.fill(centsAsDecimal(retainer.amountCents));
      await form.getByLabel(WORDS.form.labels.method, { exact: true }).selectOption('zelle');
      await form.getByLabel(WORDS.form.labels.reference, { exact: true }).fill('Zelle 8841');
      await checkState(desk, 'payments-desk-form');
      await shoot(desk, panel, 'payments-desk-form');
      await press(form.getByRole('button', { name: WORDS.form.submit }));
      await panel.getByText(`Paid ${formatCents(retainer.amountCents)}`).waitFor();
      await panel.getByText(`Outstanding ${formatCents(balance.amountCents)}`).waitFor();
      await panel.getByText(`${formatCents(retainer.amountCents)} by Zelle`, { exact: false }).waitFor();
      // The row's own mark follows at once: the panel's figure and the mark beside the stage.
      await eventually(() => row.getByText(`Outstanding ${formatCents(balance.amountCents)}`, { exact: true }).count()).toBe(2);
      await checkState(desk, 'payments-desk-recorded');
      await shoot(desk, panel, 'payments-desk-recorded');
      await press(deskNav(desk).getByRole('link', { name: DESK.views.today }));
      await desk.getByText(DESK.agenda.lead).waitFor();
      await desk.getByText(DESK.loading).waitFor({ state: 'detached' });
      expect(await desk.getByRole('region', { name: DESK.agenda.paymentsDue.heading }).getByText(clientName).count()).toBe(0);
      const receipt = (await mailTo(email, 4)).find((mail) => mail.subject.startsWith('Receipt:'));
      expect(receipt?.text).toContain(`Still due: ${formatCents(balance.amountCents)}`);

      // The client's event page: the retainer paid, the balance due with its date.
      await page.goto(link);
      const part = page.getByRole('region', { name: PAGE.payments.heading });
      await part.waitFor();
      const lines = part.getByRole('table', { name: PAGE.payments.schedule }).locator('tbody tr');
      await eventually(() => lines.nth(0).innerText()).toContain(PAGE.payments.statuses.paid);
      expect(await lines.nth(1).innerText()).toContain(formatLongDate(balance.dueOn));
      expect(await lines.nth(1).innerText()).toContain(PAGE.payments.statuses.due);
      expect(await part.getByRole('table', { name: PAGE.payments.received }).innerText()).toContain('Zelle');
      expect(await part.innerText()).toContain(formatCents(balance.amountCents));
      await checkState(page, 'payments-event-page');
      await shoot(page, part, 'payments-event-page');
    } finally {
      await owner.close();
      await client.close();
    }
  });
});
