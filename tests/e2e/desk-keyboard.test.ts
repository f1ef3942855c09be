import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { eventually, openContext, skipBrowser, useBrowser } from './support/browser';
import { reserveThroughPage } from './support/slots';
import { formatLongDate } from '@shared/texas-time';
import { clock } from '../fixtures';
import { DESK, addOwner, openDesk, sendInquiry, viewHeadingOf } from './support/desk';

const OWNER = { username: `desk-keys-${Date.now()}`, password: 'keyboard-only-cattle-drive' };
const RUN = Date.now().toString(36);
/** The start of each "Lift" button's accessible name, before the slot and date. */
const LIFT = DESK.blocks.liftLabel.split('{when}')[0]!;

/** A short description of what has focus: tag, name or type, and text. */
function focused(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return 'body';
    const label = element.getAttribute('aria-label') ?? element.textContent ?? '';
    const name = element.getAttribute('name') ?? (element.tagName === 'INPUT' ? element.getAttribute('type') : null) ?? '';
    return `${element.tagName.toLowerCase()}${name ? `[${name}]` : ''} ${label.trim().replace(/\s+/g, ' ')}`.slice(0, 120);
  });
}

/** Presses Tab (or Shift+Tab) until what has focus matches `target`; fails after `limit` presses. */
async function tabTo(page: Page, target: RegExp, { back = false, limit = 60 } = {}): Promise<void> {
  for (let step = 0; step < limit; step += 1) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (target.test(await focused(page))) return;
  }
  throw new Error(`no focus stop matched ${target} within ${limit} presses (last: ${await focused(page)})`);
}

describe.skipIf(skipBrowser)("the owner's desk by keyboard alone", () => {
  const browser = useBrowser();

  beforeAll(async () => {
    await addOwner(OWNER.username, OWNER.password);
  });

  test('signs in, opens an inquiry, blocks and lifts, cancels after a second thought, signs out', { timeout: 240_000 }, async () => {
    // A reservation for the bookings view, made by a visitor.
    const date = clock.day(45);
    await reserveThroughPage(browser(), {
      date,
      slot: 'morning',
      clientName: `Keys Client ${RUN}`,
      clientEmail: `keys-${RUN}@example.com`,
      eventType: 'graduation',
    });

    await sendInquiry(browser(), { lastName: RUN, message: `By keyboard ${RUN}`, email: `keys-${RUN}@example.com` });

    const context = await openContext(browser(), { viewportName: 'phone' });
    try {
      const page = await context.newPage();
      await openDesk(page);

      await tabTo(page, /^input\[username\]/);
      await page.keyboard.type(OWNER.username);
      await page.keyboard.press('Tab');
      await page.keyboard.type(OWNER.password);
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: 'Sign out' }).waitFor();
      // Focus lands on the view's heading, ready to read on.
      await eventually(() => focused(page)).toBe(`h2 ${viewHeadingOf('today')}`);

      // The inquiries are one step along the view bar; an inquiry opens and closes with Enter.
      await tabTo(page, new RegExp(`^a ${DESK.views.today}$`), { back: true });
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 2, name: viewHeadingOf('inquiries') }).waitFor();
      await page.getByText(DESK.loading).waitFor({ state: 'detached' });
      await tabTo(page, new RegExp(`^button Dolly ${RUN}`));
      await page.keyboard.press('Enter');
      await eventually(() => page.evaluate(() => document.activeElement?.getAttribute('aria-expanded'))).toBe('true');
      await page.getByText(`By keyboard ${RUN}`).waitFor();
      await page.keyboard.press('Enter');
      await eventually(() => page.evaluate(() => document.activeElement?.getAttribute('aria-expanded'))).toBe('false');

      // Blocked dates: date typed, slot chosen by typing, Block pressed, then Lift.
      await tabTo(page, new RegExp(`^a ${DESK.views.blocks}$`), { back: true });
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 2, name: viewHeadingOf('blocks') }).waitFor();
      await tabTo(page, /^input\[from\]/);
      const [year, month, day] = clock.day(48).split('-');
      await page.keyboard.type(`${month}${day}${year}`);
      expect(await page.getByLabel(DESK.blocks.labels.from, { exact: true }).inputValue()).toBe(clock.day(48));
      await tabTo(page, /^select\[timeSlot\]/, { limit: 9 });
      // Arrow keys move a closed select's choice; "Whole day" is the last one.
      const slot = page.getByLabel(DESK.blocks.labels.timeSlot);
      for (let press = 0; press < 6 && (await slot.inputValue()) !== 'all'; press += 1) await page.keyboard.press('ArrowDown');
      expect(await slot.inputValue()).toBe('all');
      await tabTo(page, new RegExp(`^button ${DESK.blocks.submit}$`));
      await page.keyboard.press('Enter');
      const lifts = page.getByRole('button', { name: `${LIFT}${formatLongDate(clock.day(48))}, ${DESK.blocks.wholeDay}`, exact: true });
      await expect.poll(() => lifts.count(), { timeout: 15_000 }).toBe(1);
      await eventually(() => focused(page)).toBe(`h3 ${DESK.blocks.listHeading}`);
      await tabTo(page, new RegExp(`^button ${LIFT}${formatLongDate(clock.day(48))}`));
      await page.keyboard.press('Enter');
      await expect.poll(() => lifts.count(), { timeout: 15_000 }).toBe(0);
      await eventually(() => focused(page)).toBe(`h3 ${DESK.blocks.listHeading}`);

      // Bookings: Cancel opens the dialog on "Keep it"; Escape closes it and returns focus; then cancel for real.
      await tabTo(page, new RegExp(`^a ${DESK.views.bookings}$`), { back: true });
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 2, name: viewHeadingOf('bookings') }).waitFor();
      const row = page.locator('main li').filter({ hasText: `Keys Client ${RUN}` });
      await row.waitFor();
      const rowId = await row.getAttribute('id');
      await tabTo(page, new RegExp(`^button ${DESK.bookings.cancel}$`), { limit: 200 });
      while ((await page.evaluate(() => document.activeElement?.closest('li')?.id)) !== rowId) {
        await tabTo(page, new RegExp(`^button ${DESK.bookings.cancel}$`), { limit: 200 });
      }
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: DESK.bookings.confirm.title });
      await dialog.waitFor();
      await eventually(() => focused(page)).toBe(`button ${DESK.bookings.confirm.keep}`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await eventually(() => focused(page)).toBe(`button ${DESK.bookings.cancel}`);
      await page.keyboard.press('Enter');
      await dialog.waitFor();
      await page.keyboard.press('Tab');
      await eventually(() => focused(page)).toBe(`button ${DESK.bookings.confirm.confirm}`);
      await page.keyboard.press('Enter');
      await row.getByText(DESK.bookings.states.cancelled, { exact: true }).waitFor();
      await eventually(() => page.evaluate(() => document.activeElement?.id)).toBe(rowId);

      // Sign out by keyboard: the sign-in form comes back with focus on its heading.
      await tabTo(page, /^button Sign out$/, { back: true, limit: 200 });
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      await eventually(() => focused(page)).toBe('h2 Sign in');
    } finally {
      await context.close();
    }
  });
});
