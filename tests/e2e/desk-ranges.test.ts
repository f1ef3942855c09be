import { beforeAll, describe, expect, test } from 'vitest';
import { formatLongDate } from '@shared/texas-time';
import { fillTemplate } from '@shared/template';
import { SLOT_LABELS, clock } from '../fixtures';
import { eventually, openContext, skipBrowser, useBrowser } from './support/browser';
import { DESK, addOwner, deskNav, openDesk, signIn } from './support/desk';
import { checkState } from './support/axe';
import { mailTo } from './support/mail';
import { offeredSlots, reserveEvening } from './support/slots';

const OWNER = { username: `ranges-owner-${Date.now()}`, password: 'a-week-off-at-the-lake-2026' };
const RUN = Date.now().toString(36);
const ALL_SLOTS = [...SLOT_LABELS].sort();
const EVENING = SLOT_LABELS[2]!;

describe.skipIf(skipBrowser)("the owner's desk: ranges and reasons", () => {
  const browser = useBrowser();

  beforeAll(async () => {
    expect(await addOwner(OWNER.username, OWNER.password)).toContain(`Created the owner "${OWNER.username}"`);
  });

  test('blocks a week in one step and lifts it in one; a cancel reason reaches the client; axe 0', { timeout: 240_000 }, async () => {
    const from = clock.day(150);
    const to = clock.day(156);
    const reserved = clock.day(158);
    const clientName = `Hank Porter ${RUN}`;
    const clientEmail = `hank-ranges-${RUN}@example.com`;
    const reason = `Our trailer is in the shop that week (${RUN}).`;
    await reserveEvening(browser(), reserved, clientName, clientEmail);

    const context = await openContext(browser());
    try {
      const page = await context.newPage();
      await openDesk(page, '#blocks');
      await signIn(page, OWNER.username, OWNER.password);
      await page.getByRole('heading', { level: 2, name: DESK.viewHeadings.blocks }).waitFor();
      await page.getByText(DESK.loading).waitFor({ state: 'detached' });

      // A week, whole days, with a note: one submit, one row.
      await page.getByLabel(DESK.blocks.labels.from, { exact: true }).fill(from);
      await page.getByLabel(DESK.blocks.labels.to, { exact: true }).fill(to);
      await page.getByLabel(DESK.blocks.labels.timeSlot).selectOption({ label: DESK.blocks.wholeDay });
      await page.getByLabel(DESK.blocks.labels.note).fill(`Lake week ${RUN}`);
      await page.getByRole('button', { name: DESK.blocks.submit, exact: true }).click();
      const days = fillTemplate(DESK.blocks.range, { from: formatLongDate(from), to: formatLongDate(to) });
      const lift = page.getByRole('button', {
        name: fillTemplate(DESK.blocks.liftLabel, { when: `${days}, ${DESK.blocks.wholeDay}` }),
        exact: true,
      });
      await eventually(() => lift.count()).toBe(1);
      const row = page.locator('main li').filter({ has: lift });
      await row.getByText(`Lake week ${RUN}`).waitFor();
      await checkState(page, 'ranges-week-blocked');
      expect(await offeredSlots(browser(), from)).toEqual([]);
      expect(await offeredSlots(browser(), clock.day(153))).toEqual([]);
      expect(await offeredSlots(browser(), to)).toEqual([]);

      // One "Lift" frees the whole week.
      await lift.click();
      await eventually(() => lift.count()).toBe(0);
      expect(await offeredSlots(browser(), from)).toEqual(ALL_SLOTS);
      expect(await offeredSlots(browser(), to)).toEqual(ALL_SLOTS);

      // Cancel with a reason: the dialog says the client is e-mailed, and where.
      await deskNav(page).getByRole('link', { name: DESK.views.bookings }).click();
      await page.getByRole('heading', { level: 2, name: DESK.views.bookings }).waitFor();
      const booking = page.locator('main li').filter({ hasText: clientName });
      await booking.getByText(DESK.bookings.states.held, { exact: true }).waitFor();
      await booking.getByRole('button', { name: DESK.bookings.cancel }).click();
      const dialog = page.getByRole('dialog', { name: DESK.bookings.confirm.title });
      await dialog.waitFor();
      expect(await dialog.innerText()).toContain(fillTemplate(DESK.bookings.confirm.mailed, { name: clientName, email: clientEmail }));
      await dialog.getByLabel(DESK.bookings.confirm.reasonLabel).fill(reason);
      await checkState(page, 'ranges-cancel-dialog');
      await dialog.getByRole('button', { name: DESK.bookings.confirm.confirm }).click();
      await booking.getByText(DESK.bookings.states.cancelled, { exact: true }).waitFor();
      await booking.getByText(fillTemplate(DESK.bookings.cancelledBy.owner, { username: OWNER.username })).waitFor();
      await booking.getByText(fillTemplate(DESK.bookings.reason, { reason })).waitFor();
      await eventually(() => dialog.count()).toBe(0);
      await checkState(page, 'ranges-cancelled');

      // The filter hides the cancelled row, and shows it again.
      const hide = page.getByRole('checkbox', { name: DESK.bookings.hideCancelled });
      await hide.check();
      await eventually(() => booking.count()).toBe(0);
      await checkState(page, 'ranges-hidden');
      await hide.uncheck();
      await eventually(() => booking.count()).toBe(1);

      // The client's inbox: the confirmation, then the cancellation with the owner's reason.
      const mails = await mailTo(clientEmail, 2);
      const notice = mails.find((mail) => mail.subject.startsWith('Cancelled:'));
      expect(notice?.text).toContain(`Reason: ${reason}`);
    } finally {
      await context.close();
    }
  });
});
